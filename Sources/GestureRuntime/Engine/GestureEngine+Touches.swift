/// Touch records and the recognizers each touch reaches: hit-test binding (R5),
/// gathering (R18–R23), and the slots touches occupy until they are over for
/// recognizers and views alike.
extension GestureEngine.Core {
    /// The view a touch that is down is bound to (`GestureEngine.view(ofTouch:)`).
    mutating func view(ofTouch id: Int) -> ViewInstance? {
        guard let touch = slot(of: id), touches[touch].view >= 0 else { return nil }
        return viewInstance(touches[touch].view)
    }

    /// The slot of the touch down with this id. At most `maximumTouches` slots exist.
    mutating func slot(of id: Int) -> Int? {
        for slot in touches.indices where touches[slot].live && touches[slot].id == id { return slot }
        return nil
    }

    mutating func newTouch(id: Int, at location: Point, view: Int, type: TouchType) -> Int {
        var tapCount = 1
        if let lift = lastLift, now - lift.time <= GestureEngine.tapCountInterval,
            (location - lift.location).length <= GestureEngine.tapCountDistance
        {
            tapCount = lift.tapCount + 1
        }
        let record = TouchRecord(
            id: id, live: true, arrival: arrivals, view: view, role: view >= 0 ? views[view].role : -1, type: type,
            downLocation: location, location: location, previousLocation: location, tapCount: tapCount,
            downTime: now, timestamp: now)
        arrivals += 1
        if let slot = freeTouches.popLast() {
            touches[slot] = record
            touchRecognizers[slot].removeAll(keepingCapacity: true)
            touchFed[slot] = 0
            return slot
        }
        touches.append(record)
        touchRecognizers.append([])
        touchRecognizers[touches.count - 1].reserveCapacity(8)
        touchFed.append(0)
        return touches.count - 1
    }

    /// Frees the slots of touches that are over for recognizers and views alike; the
    /// recognizers that received one forget it, so that the slot can be reused.
    mutating func freeFinishedTouches() {
        for touch in over.subtracting(delivering) {
            over.remove(touch)
            for instance in touchRecognizers[touch] { instances[instance].received.remove(touch) }
            touches[touch].occupied = false
            // A hover is in progress until its slot is free: its last event too takes the
            // feeding that orders a hover's recognizers (R90).
            if touches[touch].pointer == .hover { liveHovers -= 1 }
            freeTouches.append(touch)
        }
    }

    /// Collects a new touch's recognizers (R18–R23): on its view and every ancestor,
    /// deepest first and, on one view, most recently added first; enabled (R21); not
    /// finished with an earlier sequence (R24, R32a); not a held discrete recognizer
    /// (Decision 4); taking the touch's type (`allowedTouchTypes`, and, where it
    /// requires one type, the type of its sequence's first touch: R87); and willing
    /// (`shouldReceiveTouch`, R20).
    mutating func gather(_ touch: Int) {
        var view = touches[touch].view
        while view >= 0 {
            for instance in views[view].recognizers.reversed() {
                let record = instances[instance]
                guard record.enabled, record.final == nil, !(record.held && tables.kinds[record.kind].discrete)
                else { continue }
                let declaration = tables.recognizers[record.declaration]
                // A recognizer following a pointer's input takes no touch until it
                // resets, and a hover's none at all, a click least of all (R88, R90).
                guard record.sequencePointer == nil, !declaration.receivesHover else { continue }
                // A touch of a type it does not take passes it by before it is asked.
                let type = touches[touch].type
                guard declaration.allowedTouchTypes.contains(type),
                    !declaration.requiresExclusiveTouchType || record.sequenceTouchType.map({ $0 == type }) ?? true
                else {
                    decide(instance, .otherTouchType(id: touches[touch].id, type: type), location: declaration.location)
                    continue
                }
                if declaration.shouldReceiveTouch >= 0 {
                    leaveLineage(instance)
                    let slot = instances[instance].measurementSlot
                    slotKinematics[slot].lastRole = touches[touch].role
                    slotKinematics[slot].lastView = touches[touch].view
                    slotKinematics[slot].lastTapCount = touches[touch].tapCount
                    slotKinematics[slot].lastTouchType = TouchTypes(type).rawValue
                    touchAsked = touch
                    let willing = evaluate(condition: declaration.shouldReceiveTouch, instance: instance, other: -1)
                    touchAsked = -1
                    if !willing {
                        decide(instance, .refusedTouch(id: touches[touch].id), location: declaration.location)
                        continue
                    }
                }
                if record.sequenceTouchType == nil { instances[instance].sequenceTouchType = type }
                receive(touch, by: instance)
            }
            view = views[view].parent
        }
        touchFed[touch] = touchRecognizers[touch].count
    }

    /// Collects a pointer scroll's, transform's or hover's recognizers (R88–R90) as
    /// `gather` does a touch's, but those that take that input: a scroll the
    /// recognizers whose `allowedScrollTypes` hold its type, whatever their touch types;
    /// a transform those that `receivesTransform`, likewise; a hover those that
    /// `receivesHover` and take its touch type (the pointer's or the Pencil's). UIKit asks
    /// no `shouldReceiveTouch`, for there is no touch. A recognizer following touches, or
    /// another input, passes it by. A hover is gathered again wherever it moves
    /// (`rehitHover`): a recognizer already following it is passed by, and one that
    /// followed it before and let it go is not listed twice.
    mutating func gatherPointer(_ touch: Int) {
        guard let pointer = touches[touch].pointer else { return }
        var view = touches[touch].view
        while view >= 0 {
            for instance in views[view].recognizers.reversed() {
                let record = instances[instance]
                guard record.enabled, record.final == nil, !(record.held && tables.kinds[record.kind].discrete),
                    record.sequenceTouchType == nil, record.sequencePointer.map({ $0 == pointer }) ?? true,
                    !record.touches.contains(touch)
                else { continue }
                let declaration = tables.recognizers[record.declaration]
                let takes =
                    switch pointer {
                    case .discreteScroll: declaration.allowedScrollTypes.contains(.discrete)
                    case .continuousScroll: declaration.allowedScrollTypes.contains(.continuous)
                    case .transform: declaration.receivesTransform
                    case .hover: declaration.receivesHover && declaration.allowedTouchTypes.contains(touches[touch].type)
                    }
                guard takes else { continue }
                instances[instance].sequencePointer = pointer
                if pointer == .hover && touchRecognizers[touch].contains(instance) {
                    // It followed this hover before, over its view an earlier time.
                    instances[instance].touches.insert(touch)
                    leaveLineage(instance)
                    instances[instance].received.insert(touch)
                    involve(instance)
                } else {
                    receive(touch, by: instance)
                }
            }
            view = views[view].parent
        }
        touchFed[touch] = touchRecognizers[touch].count
    }

    /// A hover moved (R90): it is over the view the scene finds under the pointer now,
    /// and reaches the recognizers there that take hovers and are not following it.
    mutating func rehitHover(_ touch: Int, at location: Point, scene: borrowing Scene) {
        let view = scene.hitTest(location) ?? -1
        touches[touch].view = view
        touches[touch].role = view >= 0 ? views[view].role : -1
        if view >= 0 { gatherPointer(touch) }
    }

    /// The recognizer receives the touch: it tracks it, holds it until it ends, and
    /// is involved in the interaction.
    @inline(__always)
    private mutating func receive(_ touch: Int, by instance: Int) {
        touchRecognizers[touch].append(instance)
        instances[instance].touches.insert(touch)
        // Its measurements now follow this touch too (a recognizer that has not
        // started yet starts a lineage when it is measured).
        leaveLineage(instance)
        instances[instance].received.insert(touch)
        involve(instance)
    }

    mutating func isDescendantOrSelf(_ view: Int, of ancestor: Int) -> Bool {
        views[view].depth >= views[ancestor].depth && self.ancestor(of: view, atDepth: views[ancestor].depth) == ancestor
    }

    /// The view's ancestor (or itself) at a depth no greater than its own, in jumps
    /// logarithmic in the distance (`ViewRecord.jump`): decisions among the
    /// recognizers of a deep path ask this of every pair they compare.
    func ancestor(of view: Int, atDepth depth: Int) -> Int {
        var view = view
        while views[view].depth > depth {
            let jump = views[view].jump
            view = views[jump].depth >= depth ? jump : views[view].parent
        }
        return view
    }

    /// Whether two views are one, or one contains the other: the views whose
    /// recognizers compete (R47).
    mutating func related(_ a: Int, _ b: Int) -> Bool {
        views[a].depth >= views[b].depth ? isDescendantOrSelf(a, of: b) : isDescendantOrSelf(b, of: a)
    }
}
