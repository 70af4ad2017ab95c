#if canImport(UIKit)
    import GestureRuntime
    import UIKit

    /// What UIKit gives gesture recognizers only (R88–R90): a pointer's scrolls, a
    /// trackpad's pinch and rotation, and hovers, which never reach `touchesBegan`.
    /// `GestureHostView` attaches these recognizers to itself and forwards what they see
    /// to its host as pointer inputs (docs/embedding.md). Each refuses every touch
    /// (`gestureRecognizer(_:shouldReceive:)` for events), so the view's touches stay the
    /// host's alone, and each recognizes with every other recognizer.
    ///
    /// What they cannot give exactly: UIKit's pinch and rotation begin past thresholds of
    /// their own, so a transform reaches the engine from then on, its scale and angle
    /// still measured from the start, the angle 0 until UIKit's rotation has begun; a
    /// scroll's pan begins at its first movement, as the engine's does.
    @MainActor
    final class PointerInputForwarder: NSObject, UIGestureRecognizerDelegate {
        typealias Input = PlatformTouchInput<ObjectIdentifier, AnyHashable>

        private let wheel = UIPanGestureRecognizer(target: nil, action: nil)
        private let trackpad = UIPanGestureRecognizer(target: nil, action: nil)
        private let pinch = UIPinchGestureRecognizer(target: nil, action: nil)
        private let rotation = UIRotationGestureRecognizer(target: nil, action: nil)
        private let pointerHover = UIHoverGestureRecognizer(target: nil, action: nil)
        private let pencilHover = UIHoverGestureRecognizer(target: nil, action: nil)
        private weak var view: UIView?
        private let send: @MainActor ([Input]) -> Void
        /// Where each scroll began: its inputs are the pointer moved by the scroll so far.
        private var scrollStarts: [ObjectIdentifier: Point] = [:]
        private var transforming = false
        /// The transform's scale and angle as last measured: each holds while its
        /// recognizer is not going.
        private var scale = 1.0
        private var angle = 0.0

        init(attachingTo view: UIView, send: @escaping @MainActor ([Input]) -> Void) {
            self.view = view
            self.send = send
            super.init()
            wheel.allowedScrollTypesMask = .discrete
            trackpad.allowedScrollTypesMask = .continuous
            pointerHover.allowedTouchTypes = [NSNumber(value: UITouch.TouchType.indirectPointer.rawValue)]
            pencilHover.allowedTouchTypes = [NSNumber(value: UITouch.TouchType.pencil.rawValue)]
            for recognizer in [wheel, trackpad, pinch, rotation, pointerHover, pencilHover] as [UIGestureRecognizer] {
                recognizer.cancelsTouchesInView = false
                recognizer.delaysTouchesEnded = false
                recognizer.delegate = self
                recognizer.addTarget(self, action: Self.action)
                view.addGestureRecognizer(recognizer)
            }
        }

        #if canImport(ObjectiveC)
            @objc func changed(_ recognizer: UIGestureRecognizer) { forward(recognizer) }
            static let action = #selector(changed(_:))
        #else
            // The stand-ins' check has no Objective-C run time: the selector is named as
            // the method above, which only an Apple platform compiles.
            static let action = Selector("changed:")
        #endif

        // MARK: - The delegate

        /// Each takes the events of its input and no touch.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
            switch event.type {
            case .scroll: gestureRecognizer === wheel || gestureRecognizer === trackpad
            case .transform: gestureRecognizer === pinch || gestureRecognizer === rotation
            case .hover: gestureRecognizer === pointerHover || gestureRecognizer === pencilHover
            default: false
            }
        }

        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { true }

        // MARK: - Forwarding

        private func forward(_ recognizer: UIGestureRecognizer) {
            guard let view, let phase = Self.phase(of: recognizer.state) else { return }
            let location = Self.point(recognizer.location(in: view))
            let key = ObjectIdentifier(recognizer)
            switch recognizer {
            case let pan as UIPanGestureRecognizer:
                let pointer: PointerInput = pan === wheel ? .discreteScroll : .continuousScroll
                let translation = Self.point(pan.translation(in: view))
                if phase == .began {
                    scrollStarts[key] = location
                    // UIKit's pan begins at the scroll's first movement: the scroll's
                    // start, then that movement.
                    send([
                        Input(key, .began, at: location, pointer: pointer), Input(key, .moved, at: location + translation),
                    ])
                    return
                }
                let start = scrollStarts[key] ?? location
                if phase == .ended || phase == .cancelled { scrollStarts[key] = nil }
                send([Input(key, phase, at: start + translation)])
            case is UIHoverGestureRecognizer:
                let type: TouchType = recognizer === pencilHover ? .pencil : .indirectPointer
                send([Input(key, phase, at: location, touchType: type, pointer: phase == .began ? .hover : nil)])
            default:
                forwardTransform(at: location)
            }
        }

        /// The pinch and the rotation are one transform, keyed by the pinch: it begins
        /// when either does, carries both values, and ends when neither goes on.
        private func forwardTransform(at location: Point) {
            let key = ObjectIdentifier(pinch)
            let pinching = pinch.state == .began || pinch.state == .changed
            let turning = rotation.state == .began || rotation.state == .changed
            if pinching { scale = Double(pinch.scale) }
            if turning { angle = Double(rotation.rotation) }
            let going = pinching || turning
            switch (transforming, going) {
            case (false, true):
                transforming = true
                send([
                    Input(key, .began, at: location, pointer: .transform),
                    Input(key, .moved, at: location, scale: scale, rotation: angle),
                ])
            case (true, true):
                send([Input(key, .moved, at: location, scale: scale, rotation: angle)])
            case (true, false):
                transforming = false
                send([Input(key, .ended, at: location, scale: scale, rotation: angle)])
                scale = 1
                angle = 0
            case (false, false):
                break
            }
        }

        private static func phase(of state: UIGestureRecognizer.State) -> Input.Phase? {
            switch state {
            case .began: .began
            case .changed: .moved
            case .ended: .ended
            case .cancelled, .failed: .cancelled
            default: nil
            }
        }

        private static func point(_ point: CGPoint) -> Point { Point(x: Double(point.x), y: Double(point.y)) }
    }
#endif
