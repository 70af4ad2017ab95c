import GestureDSL
import GestureRuntime

/// The system's edge gestures of a device, run around the app's engine: every touch
/// passes here first, and the system takes those that start in one of its zones and
/// swipe inwards, unless the app deferred that edge or claimed the place
/// (docs/semantics.md §K, docs/devices.md).
///
/// What it decides, in the order a touch meets it:
///
/// - A touch that goes down alone in a zone is the system's to watch. An excluded
///   place (Android, an area a view claims within the honoured budget, outside the
///   mandatory insets) is the app's. A deferred edge (iOS) gives the app the first swipe
///   and starts the second-swipe clock once the app's swipe has travelled.
/// - Where the platform holds the app's touches while it decides (iOS), the touch-down
///   reaches the app only when the system lets go: the finger lifts, moves other than
///   inwards, a second finger comes, or the delay runs out. On Android the app has the
///   touch from the start.
/// - A finger that travels the gesture's distance inwards, more inwards than along the
///   edge, is the system's: the app's touches are cancelled (R16), and the touches down
///   then reach the app no more until they lift.
struct SystemGestures {
    let device: DeviceProfile

    /// What the simulation does for the app, in order.
    enum Step {
        case touches([TouchChange], time: Double)
        case interrupt(time: Double)
        case entry(TimelineEntry)
    }

    /// The touch the system watches.
    private struct Watched {
        var touch: Int
        var gesture: Int
        var start: Point
        var time: Double
        /// Its touch-down has not reached the app yet.
        var withheld: Bool
        /// The edge is deferred: the swipe is the app's, and only its travel is followed.
        var deferred: Bool
    }

    private var watched: Watched?
    /// Every touch down, the app's or not.
    private var down: Set<Int> = []
    /// Touches the system took, which the app no longer hears of, and the gesture that
    /// took them, which is over when the last lifts.
    private var taken: Set<Int> = []
    private var takenBy: Int?
    /// When the app last had a deferred swipe from each edge.
    private var lastDeferredSwipe: [SystemGesture.Edge: Double] = [:]

    init(device: DeviceProfile) {
        self.device = device
    }

    /// The next time the system lets go of a touch it watches without an event.
    var nextDeadline: Double? {
        guard let watched, !watched.deferred else { return nil }
        let gesture = device.systemGestures[watched.gesture]
        guard let wait = watched.withheld ? gesture.delay : gesture.hold else { return nil }
        return watched.time + wait
    }

    /// The deadline came: the touch is the app's.
    mutating func expire(at time: Double) -> [Step] {
        guard let current = watched else { return [] }
        let waited = seconds(time - current.time)
        return letGo(current, at: time, because: "it stayed \(waited) without travelling \(points(gesture(current).distance)) inwards")
    }

    /// The system interrupted everything (a trace's `interrupt`): nothing is watched.
    mutating func interrupted() {
        watched = nil
        down = []
        taken = []
        takenBy = nil
    }

    /// Routes one event's changes: what the app receives, and what the system did.
    /// `claims` gives the edges the app defers and the areas it excludes at this moment
    /// (its views on screen); it is asked only for a touch that starts in a zone.
    mutating func route(
        _ changes: [TouchChange], at time: Double, claims: () -> (deferred: GestureDirections, exclusions: [Rect])
    ) -> [Step] {
        var steps: [Step] = []
        var passing: [TouchChange] = []
        func flush() {
            if !passing.isEmpty { steps.append(.touches(passing, time: time)) }
            passing = []
        }
        for change in changes {
            switch change.phase {
            case .down:
                let alone = down.isEmpty
                down.insert(change.id)
                if let current = watched, !current.deferred {
                    // A second finger: the system's gestures are one-finger swipes.
                    flush()
                    steps += letGo(current, at: time, because: "a second finger came down")
                }
                guard alone, let index = gestureIndex(at: change.location) else {
                    passing.append(change)
                    continue
                }
                let gesture = device.systemGestures[index]
                let (deferred, exclusions) = claims()
                if gesture.excludable,
                    device.honoured(exclusions, for: gesture)
                        .contains(where: { $0.contains(change.location) })
                {
                    steps.append(
                        entry(
                            time, gesture,
                            .decision(
                                decision: .excluded,
                                reason: "touch \(change.id) began in an area the app claims (excludesSystemGestures)",
                                source: source)))
                    passing.append(change)
                    continue
                }
                let isSecond = lastDeferredSwipe[gesture.edge].map { time - $0 <= (gesture.secondSwipe ?? 0) } ?? false
                if gesture.deferrable, deferred.contains(gesture.edge.direction), !isSecond {
                    watched = Watched(touch: change.id, gesture: index, start: change.location, time: time, withheld: false, deferred: true)
                    steps.append(
                        entry(
                            time, gesture,
                            .decision(
                                decision: .deferred,
                                reason: "the app defers \(gesture.edge.words): touch \(change.id)'s swipe is the app's; "
                                    + "a second swipe within \(seconds(gesture.secondSwipe ?? 0)) is the system's", source: source)))
                    passing.append(change)
                    continue
                }
                let withheld = gesture.delay != nil
                watched = Watched(touch: change.id, gesture: index, start: change.location, time: time, withheld: withheld, deferred: false)
                let zone = "\(gesture.edge.words), \(points(gesture.depth))"
                steps.append(
                    entry(
                        time, gesture,
                        .decision(
                            decision: .held,
                            reason: withheld
                                ? "touch \(change.id) began in its zone (\(zone)\(isSecond ? ", a second swipe" : "")): the system holds it from the app while it may be its swipe"
                                : "touch \(change.id) began in its zone (\(zone)): the system watches it", source: source)))
                if !withheld { passing.append(change) }
            case .move:
                if taken.contains(change.id) { continue }
                guard let current = watched, current.touch == change.id else {
                    passing.append(change)
                    continue
                }
                let gesture = device.systemGestures[current.gesture]
                let travel = gesture.travel(from: current.start, to: change.location)
                let swipes = travel.inward >= gesture.distance && travel.inward >= travel.along
                if current.deferred {
                    if swipes {
                        lastDeferredSwipe[gesture.edge] = time
                        watched = nil
                    }
                    passing.append(change)
                    continue
                }
                if swipes {
                    flush()
                    watched = nil
                    var taking = TimelineEntry(time: time, recognizer: gesture.name, view: "system", kind: .action(state: .recognized, values: []))
                    taking.because =
                        "touch \(change.id) travelled \(points(travel.inward)) inwards from \(gesture.edge.words): the system takes every touch down"
                    taking.row = source
                    steps.append(.entry(taking))
                    // The app loses what it has: every touch it knows is cancelled.
                    if !current.withheld || down.count > 1 { steps.append(.interrupt(time: time)) }
                    taken = down
                    takenBy = current.gesture
                    continue
                }
                if max(travel.inward, travel.along) >= gesture.distance || travel.inward < -gesture.distance {
                    flush()
                    steps += letGo(current, at: time, because: "it moved \(travel.inward > 0 ? "along the edge" : "away") before travelling inwards")
                    passing.append(change)
                } else if !current.withheld {
                    passing.append(change)
                }
            case .up, .cancel:
                down.remove(change.id)
                if taken.remove(change.id) != nil {
                    if taken.isEmpty, let index = takenBy {
                        steps.append(over(time, device.systemGestures[index]))
                        takenBy = nil
                    }
                    continue
                }
                if let current = watched, current.touch == change.id {
                    if current.deferred {
                        watched = nil
                    } else {
                        flush()
                        steps += letGo(current, at: time, because: "it lifted before travelling \(points(gesture(current).distance)) inwards")
                    }
                }
                passing.append(change)
            }
        }
        flush()
        return steps
    }

    /// The system stops watching: the touch is the app's, its held touch-down first.
    private mutating func letGo(_ current: Watched, at time: Double, because reason: String) -> [Step] {
        watched = nil
        var steps = [
            entry(time, gesture(current), .decision(decision: .failed, reason: "touch \(current.touch): \(reason): it is the app's", source: source)),
            over(time, gesture(current)),
        ]
        if current.withheld { steps.append(.touches([TouchChange(id: current.touch, phase: .down, location: current.start)], time: time)) }
        return steps
    }

    private func gesture(_ watched: Watched) -> SystemGesture { device.systemGestures[watched.gesture] }

    /// The gesture is done with its touch, as a recognizer resets (R32).
    private func over(_ time: Double, _ gesture: SystemGesture) -> Step {
        entry(time, gesture, .decision(decision: .reset, reason: "its sequence is over", source: source))
    }

    /// The first gesture whose zone holds the point.
    private func gestureIndex(at point: Point) -> Int? {
        device.systemGestures.indices.first { device.systemGestures[$0].zone(in: device.window).contains(point) }
    }

    private var source: String { "device \(device.name)" }

    private func entry(_ time: Double, _ gesture: SystemGesture, _ kind: TimelineEntry.Kind) -> Step {
        .entry(TimelineEntry(time: time, recognizer: gesture.name, view: "system", kind: kind))
    }

    private func points(_ value: Double) -> String { QuantityText.format(value, .distance) }
    private func seconds(_ value: Double) -> String { QuantityText.format(value, .duration) }
}
