// The floor: `engine.move.10`'s workload written by hand, as an app would write ten pans
// for this one stream without an engine, so that every run prints how far the
// table-driven engine is from code that knows its recognizers (docs/benchmarks.md).

import GestureRuntime
import MallocCounter

/// Ten pans on the touch's path, each following the one finger as UIKit's pan does
/// (R69: it begins once the finger has moved `hysteresis`; then every move changes it),
/// measuring what the engine's pan measures and reports: `location`, `translation` and a
/// `velocity` over the last move. Each move leaves one action a pan, with its six values,
/// in storage reused from event to event, as the engine's outputs are. Written for
/// speed, as the floor should be: the touch's movement is worked out once, and the
/// storage is addressed without Swift's per-access checks.
struct HandWrittenPans {
    struct Pan {
        var began = false
        var translation = Point.zero
        var velocity = Point.zero
        var sampleTranslation = Point.zero
        var sampleTime = 0.0
        var currentTime = 0.0
        var movement = 0.0
    }

    struct Action {
        var pan: Int
        var began: Bool
        var time: Double
        var values: Range<Int>
    }

    static let hysteresis = 10.0

    private(set) var pans: [Pan]
    /// This event's actions, the first `actionCount`, and their values: storage sized
    /// once for every pan, as one writes it for speed.
    private(set) var actions: [Action]
    private(set) var actionCount = 0
    private(set) var values: [Double]
    private var downLocation = Point.zero
    private var previous = Point.zero

    init(count: Int) {
        pans = Array(repeating: Pan(), count: count)
        actions = Array(repeating: Action(pan: 0, began: false, time: 0, values: 0..<0), count: count)
        values = Array(repeating: 0, count: 6 * count)
    }

    mutating func down(at location: Point, time: Double) {
        downLocation = location
        previous = location
        for index in pans.indices {
            pans[index] = Pan()
            pans[index].sampleTime = time
            pans[index].currentTime = time
        }
    }

    mutating func move(to location: Point, time: Double) {
        let delta = location - previous
        let distance = (location - downLocation).length
        var count = 0
        pans.withUnsafeMutableBufferPointer { pans in
            actions.withUnsafeMutableBufferPointer { actions in
                values.withUnsafeMutableBufferPointer { values in
                    for index in pans.indices {
                        var pan = pans[index]
                        if time > pan.currentTime {
                            pan.sampleTime = pan.currentTime
                            pan.sampleTranslation = pan.translation
                            pan.currentTime = time
                        }
                        pan.translation = pan.translation + delta
                        if distance > pan.movement { pan.movement = distance }
                        let interval = pan.currentTime - pan.sampleTime
                        if interval > 0 { pan.velocity = (pan.translation - pan.sampleTranslation) / interval }
                        let begins = !pan.began && pan.translation.length >= Self.hysteresis
                        if pan.began || begins {
                            pan.began = true
                            let start = 6 * count
                            values[start] = location.x
                            values[start + 1] = location.y
                            values[start + 2] = pan.translation.x
                            values[start + 3] = pan.translation.y
                            values[start + 4] = pan.velocity.x
                            values[start + 5] = pan.velocity.y
                            actions[count] = Action(pan: index, began: begins, time: time, values: start..<(start + 6))
                            count += 1
                        }
                        pans[index] = pan
                    }
                }
            }
        }
        actionCount = count
        previous = location
    }
}

/// `measureMoves`'s stream through the hand-written pans: nanoseconds and heap
/// allocations per move event.
func measureHandWrittenMoves(pans count: Int, events: Int) -> (nanoseconds: Double, allocations: Double) {
    var pans = HandWrittenPans(count: count)
    var sweep = Sweep()
    pans.down(at: Point(x: 10, y: 400), time: 0)
    for _ in 0..<200 {
        let (location, time) = sweep.next()
        pans.move(to: location, time: time)
    }
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = clock.measure {
        for _ in 0..<events {
            let (location, time) = sweep.next()
            pans.move(to: location, time: time)
        }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(events)
    lastEventActions = pans.actionCount
    return (seconds(elapsed) * 1e9 / Double(events), allocations)
}
