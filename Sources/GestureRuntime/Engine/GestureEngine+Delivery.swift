/// What the views receive (docs/semantics.md §B, §E): each touch's phases go to the view it is
/// bound to, unless a recognizer takes the touch away (`cancelsTouchesInView`, R38) or
/// holds a phase back while it is still `possible` (`delaysTouchesBegan`,
/// `delaysTouchesEnded`, R40–R42).
///
/// A touch's delivery is `withheld` until its view has been sent `began`, then `open`,
/// then `closed` once the view has been sent `ended` or `cancelled` — or, for a touch
/// its view never learns of, at once. Within one step, cancellations go out before
/// the actions and the other phases after them (Decision 2, §0.3 steps 4–6); the
/// touches of one view that change in one step go out together (R12).
extension GestureEngine.Core {
    /// How far a touch's delivery to its view has gone.
    enum Delivery {
        /// The view has not been sent `began` yet: it is due, or held back (R41).
        case withheld
        /// The view has been sent `began`; later phases follow.
        case open
        /// The view has been sent `ended` or `cancelled`, or will never hear of the
        /// touch (R10, R14, R15, R41).
        case closed
    }

    /// Decides at touch-down whether the view gets the touch at all: a view without
    /// multiple touch gets only the first of the touches it tracks at once (R14), and
    /// while one view with exclusive touch tracks a touch, no other view gets a new one,
    /// nor does it while another view tracks one (R15). Recognizers are unaffected.
    mutating func admitsDelivery(to view: Int, excluding touch: Int, in scene: borrowing Scene) -> Bool {
        guard view >= 0 else { return false }
        let properties = scene.views[view].properties
        for other in delivering where other != touch {
            let otherView = touches[other].view
            if otherView == view {
                if !properties.multipleTouch { return false }
            } else if properties.exclusiveTouch || scene.views[otherView].properties.exclusiveTouch {
                return false
            }
        }
        return true
    }

    /// R38: a recognizer that begins or recognizes with `cancelsTouchesInView` takes its
    /// touches from their views: `cancelled` where the view has seen the touch begin
    /// (its withheld `ended` becomes `cancelled`, R40), nothing where it has not (R41).
    mutating func takeTouchesFromViews(of instance: Int) {
        guard tables.recognizers[instances[instance].declaration].cancelsTouchesInView else { return }
        for touch in instances[instance].received.intersection(delivering) {
            if touches[touch].delivery == .open { queueDelivery(touch, .cancelled) }
            close(touch)
        }
    }

    /// §0.3 step 6: sends each touch's due phases to its view, except what a delaying
    /// recognizer still `possible` holds back (R40–R42). A touch released from
    /// `delaysTouchesBegan` gets `began` and, if it moved meanwhile, one `moved` to where
    /// it is now, in the same pass (R41).
    mutating func deliverTouches() {
        for touch in delivering {
            if touches[touch].delivery == .withheld {
                if touches[touch].systemCancelled || isTakenByActiveRecognizer(touch) {
                    // The view never learned of it: nothing to cancel (R41).
                    close(touch)
                    continue
                }
                if isDelayed(touch, began: true) { continue }
                queueDelivery(touch, .began)
                touches[touch].delivery = .open
                if touches[touch].movedWhileWithheld { queueDelivery(touch, .moved) }
                touches[touch].movedWhileWithheld = false
                touches[touch].moved = false
            } else if touches[touch].moved {
                queueDelivery(touch, .moved)
                touches[touch].moved = false
            }
            if touches[touch].systemCancelled {
                // Cancelled by the system (R16), or as its view left the window: now, if
                // the finger is still down; a touch already lifted whose end was held
                // back keeps its lift's time (R17).
                queueDelivery(touch, .cancelled, at: touches[touch].live ? now : nil)
                close(touch)
            } else if touches[touch].lifted && !isDelayed(touch, began: false) {
                queueDelivery(touch, .ended)
                close(touch)
            }
        }
    }

    /// The touch's view gets nothing more of it.
    private mutating func close(_ touch: Int) {
        touches[touch].delivery = .closed
        delivering.remove(touch)
    }

    /// Whether a recognizer tracking the touch and still `possible` (held ones
    /// included) delays its `began` and `moved` (`began`) or its `ended` (R40–R42).
    private mutating func isDelayed(_ touch: Int, began: Bool) -> Bool {
        for instance in touchRecognizers[touch]
        where instances[instance].received.contains(touch) && instances[instance].told == .possible {
            let declaration = tables.recognizers[instances[instance].declaration]
            if began ? declaration.delaysTouchesBegan : declaration.delaysTouchesEnded { return true }
        }
        return false
    }

    /// A touch that joined a recognizer already active with `cancelsTouchesInView`
    /// never reaches its view: it was taken before the view could see it (README,
    /// Decision 7).
    private mutating func isTakenByActiveRecognizer(_ touch: Int) -> Bool {
        for instance in touchRecognizers[touch] where instances[instance].received.contains(touch) {
            let told = instances[instance].told
            if (told == .began || told == .changed)
                && tables.recognizers[instances[instance].declaration].cancelsTouchesInView
            {
                return true
            }
        }
        return false
    }

    /// Queues a phase for the touch's view with the touch as it is now, or, for a
    /// `began` released late, as it was when it went down (R17, R41); a cancel that
    /// comes of no change of the touch is stamped with its own `time`.
    mutating func queueDelivery(_ touch: Int, _ phase: TouchDelivery.Phase, at time: Double? = nil) {
        let record = touches[touch]
        let late = phase == .began && record.timestamp != record.downTime
        let delivered = DeliveredTouch(
            id: record.id, location: late ? record.downLocation : record.location,
            timestamp: time ?? (late ? record.downTime : record.timestamp), tapCount: record.tapCount,
            touchType: record.type)
        pendingDeliveries.append(PendingDelivery(view: record.view, phase: phase, touch: delivered))
    }

    /// Sends the queued deliveries, one output per view and phase with every touch of
    /// it, in the order of each group's first touch (R12).
    mutating func flushDeliveries() {
        for first in pendingDeliveries.indices where !pendingDeliveries[first].sent {
            let view = pendingDeliveries[first].view
            let phase = pendingDeliveries[first].phase
            let start = deliveredTouches.buffer.count
            for position in first..<pendingDeliveries.count
            where !pendingDeliveries[position].sent && pendingDeliveries[position].view == view
                && pendingDeliveries[position].phase == phase
            {
                deliveredTouches.buffer.append(pendingDeliveries[position].touch)
                pendingDeliveries[position].sent = true
            }
            outputs.buffer.append(
                .touches(
                    TouchDelivery(
                        view: viewInstance(view), phase: phase, touches: start..<deliveredTouches.buffer.count, time: now,
                        generation: generation)))
        }
        pendingDeliveries.removeAll()
    }

    struct PendingDelivery {
        var view: Int
        var phase: TouchDelivery.Phase
        var touch: DeliveredTouch
        var sent = false
    }
}
