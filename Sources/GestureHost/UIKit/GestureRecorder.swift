#if canImport(UIKit)
    import GestureRuntime
    import UIKit
    #if canImport(UIKit.UIGestureRecognizerSubclass)
        import UIKit.UIGestureRecognizerSubclass
    #endif

    /// Records an app that keeps UIKit's recognizers, in one line of a debug build
    /// (docs/recording.md, "Recording an app that keeps UIKit's recognizers"):
    ///
    ///     #if DEBUG
    ///     recorder = GestureRecorder.install(in: window)
    ///     #endif
    ///     …
    ///     try recorder.recording().write(to: url, atomically: true, encoding: .utf8)
    ///
    /// It records the window's touches and the views they hit, the frames of the views
    /// that stand for a role of the spec (their accessibility identifier, or the app's
    /// `role` mapping), and every state change of every recognizer in the window, through
    /// target-action (`saw` lines). `shadow` runs the spec's engine beside UIKit on the
    /// same touches and reports where they part (`ShadowSession`).
    ///
    /// The touches come from a recognizer added to the window that takes part in
    /// nothing: it cancels, delays and prevents no touch and no recognizer, and fails at
    /// the end of each sequence. It installs in any window, with no subclass of the
    /// app's to change; a window's `sendEvent(_:)` would see the same touches but needs
    /// the app's window to be this library's subclass.
    ///
    /// Every decision is the core's (`SessionRecorder`, `ShadowSession`), tested on
    /// this machine with fake views; this file only reads UIKit. It has been type-checked
    /// against StandIns/, never run on a device.
    @MainActor
    public final class GestureRecorder {
        public typealias Session = SessionRecorder<ObjectIdentifier, ObjectIdentifier>

        /// What a recording goes to: a session alone, or with the engine beside it.
        private struct Sink {
            var observe: ([Session.ViewSighting], Double) -> Void
            var handle: ([Session.TouchInput], Double) -> Void
            var saw: (String, ObjectIdentifier, ObservedState, Double) -> Void
            var tick: (Double) -> Void
            var interrupt: (Double) -> Void
            var recording: () -> String
        }

        private let sink: Sink
        private weak var window: UIWindow?
        private let role: @MainActor (UIView) -> String?
        private let recognizerName: @MainActor (UIGestureRecognizer) -> String?
        private let observer = TouchObserver()
        private let target = ActionTarget()
        /// The views observed, held so that their identifiers stay theirs.
        private var observedViews: [ObjectIdentifier: UIView] = [:]
        /// The recognizers this recorder is a target of, held likewise.
        private var targeted: [ObjectIdentifier: UIGestureRecognizer] = [:]
        private var timer: Timer?
        private var resignObserver: (any NSObjectProtocol)?
        /// The timestamp of the event UIKit is delivering, until the run loop turns: a
        /// recognizer's action sent during it happened at its time, as the engine's
        /// action for the same event does.
        private var delivering: Double?

        private init(
            window: UIWindow, sink: Sink, role: @escaping @MainActor (UIView) -> String?,
            recognizerName: @escaping @MainActor (UIGestureRecognizer) -> String?
        ) {
            self.window = window
            self.sink = sink
            self.role = role
            self.recognizerName = recognizerName
            observer.recorder = self
            target.recorder = self
            window.addGestureRecognizer(observer)
            observe(time: ProcessInfo.processInfo.systemUptime)
            resignObserver = NotificationCenter.default.addObserver(
                forName: UIApplication.willResignActiveNotification, object: nil, queue: .main
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.sink.interrupt(ProcessInfo.processInfo.systemUptime) }
            }
        }

        /// Starts recording `window`. `role` names the spec's role a view stands for (by
        /// default its accessibility identifier; a view without one is not recorded, and
        /// the window is `window`); `recognizerName` the spec's name of a recognizer (by
        /// default its `name`, else its kind: `tap`, `pan`, …).
        public static func install(
            in window: UIWindow, setName: String? = nil, settings: FlightRecorderSettings = FlightRecorderSettings(),
            role: @escaping @MainActor (UIView) -> String? = { $0.accessibilityIdentifier },
            recognizerName: @escaping @MainActor (UIGestureRecognizer) -> String? = GestureRecorder.defaultName
        ) -> GestureRecorder {
            let size = Point(x: Double(window.bounds.width), y: Double(window.bounds.height))
            let session = Session(windowSize: size, setName: setName, settings: settings)
            let sink = Sink(
                observe: { session.observe($0, time: $1) }, handle: { session.handle(wholeEvent: $0, timestamp: $1) },
                saw: { session.saw($0, on: $1, $2, time: $3) }, tick: { _ in }, interrupt: { session.interrupt(time: $0) },
                recording: { session.recording() })
            return GestureRecorder(window: window, sink: sink, role: role, recognizerName: recognizerName)
        }

        /// Starts recording `window` in shadow mode: the spec's engine (`gestures`) runs
        /// beside UIKit on the same touches, acting on nothing, and each divergence of
        /// its recognizers from UIKit's goes to `onDivergence` with the recording.
        public static func install<Gestures: GestureSet>(
            in window: UIWindow, shadowing gestures: Gestures.Type, tolerance: Double = 0.1,
            settings: FlightRecorderSettings = FlightRecorderSettings(),
            role: @escaping @MainActor (UIView) -> String? = { $0.accessibilityIdentifier },
            recognizerName: @escaping @MainActor (UIGestureRecognizer) -> String? = GestureRecorder.defaultName,
            onDivergence: @escaping (ShadowDivergence, String) -> Void
        ) throws -> GestureRecorder {
            let size = Point(x: Double(window.bounds.width), y: Double(window.bounds.height))
            let shadow = try ShadowSession<Gestures, ObjectIdentifier, ObjectIdentifier>(
                windowSize: size, tolerance: tolerance, settings: settings)
            shadow.onDivergence = onDivergence
            let sink = Sink(
                observe: { shadow.observe($0, time: $1) }, handle: { shadow.handle(wholeEvent: $0, timestamp: $1) },
                saw: { shadow.saw($0, on: $1, $2, time: $3) }, tick: { shadow.tick(at: $0) },
                interrupt: { shadow.interrupt(time: $0) }, recording: { shadow.recorder.recording() })
            let recorder = GestureRecorder(window: window, sink: sink, role: role, recognizerName: recognizerName)
            // The engine's timers, and what one side said and the other did not, need a
            // clock between events: a tick every tolerance.
            recorder.timer = Timer.scheduledTimer(withTimeInterval: max(tolerance, 0.02), repeats: true) { [weak recorder] _ in
                MainActor.assumeIsolated { recorder?.sink.tick(ProcessInfo.processInfo.systemUptime) }
            }
            return recorder
        }

        /// The recording so far (the last `settings.seconds`).
        public func recording() -> String { sink.recording() }

        /// Stops recording: the window's recognizers keep this recorder as a target,
        /// which then records nothing.
        public func uninstall() {
            timer?.invalidate()
            timer = nil
            if let resignObserver { NotificationCenter.default.removeObserver(resignObserver) }
            resignObserver = nil
            observer.recorder = nil
            target.recorder = nil
            window?.removeGestureRecognizer(observer)
        }

        /// A recognizer's name: its `name`, else the kind its UIKit class stands for.
        public static func defaultName(_ recognizer: UIGestureRecognizer) -> String? {
            recognizer.name ?? RecognizerKindWord.word(forClassName: String(describing: type(of: recognizer)))
        }

        // MARK: - What UIKit says

        /// The views that stand for a role, as they are now, parents first; every
        /// recognizer in the window gets this recorder as a target.
        private func observe(time: Double) {
            guard let window else { return }
            var sightings: [Session.ViewSighting] = []
            var seen: [ObjectIdentifier: UIView] = [:]
            func visit(_ view: UIView, parent: UIView?) {
                var container = parent
                if let role = view === window ? (role(view) ?? "window") : role(view) {
                    let frame = view.convert(view.bounds, to: parent ?? window)
                    sightings.append(
                        Session.ViewSighting(
                            ObjectIdentifier(view), role: role, parent: parent.map(ObjectIdentifier.init),
                            frame: Rect(
                                x: Double(frame.origin.x), y: Double(frame.origin.y), width: Double(frame.width),
                                height: Double(frame.height)),
                            boundsOrigin: Point(x: Double(view.bounds.origin.x), y: Double(view.bounds.origin.y))))
                    seen[ObjectIdentifier(view)] = view
                    container = view
                }
                for recognizer in view.gestureRecognizers ?? [] where recognizer !== observer {
                    guard targeted[ObjectIdentifier(recognizer)] == nil else { continue }
                    recognizer.addTarget(target, action: ActionTarget.action)
                    targeted[ObjectIdentifier(recognizer)] = recognizer
                }
                for subview in view.subviews { visit(subview, parent: container) }
            }
            visit(window, parent: nil)
            observedViews = seen
            targeted = targeted.filter { $0.value.view?.window === window }
            sink.observe(sightings, time)
        }

        /// One event's touches in the window, whichever of the four calls reports them.
        fileprivate func touches(_ touches: Set<UITouch>, _ event: UIEvent?) {
            guard let window, let timestamp = event?.timestamp ?? touches.first?.timestamp else { return }
            let all = event?.allTouches?.filter { $0.window === window } ?? touches
            // New views, frames and scrolling first: the event happened in the window as
            // it is now.
            observe(time: timestamp)
            let inputs = all.compactMap { touch -> Session.TouchInput? in
                let phase: Session.TouchInput.Phase
                switch touch.phase {
                case .began: phase = .began
                case .moved: phase = .moved
                case .stationary: phase = .stationary
                case .ended: phase = .ended
                case .cancelled: phase = .cancelled
                default: return nil  // A pointer's hover: not a touch.
                }
                let location = touch.location(in: window)
                return Session.TouchInput(
                    ObjectIdentifier(touch), phase, at: Point(x: Double(location.x), y: Double(location.y)),
                    view: phase == .began ? observedAncestor(of: touch.view) : nil,
                    touchType: TouchType(rawValue: UInt8(clamping: touch.type.rawValue)) ?? .direct)
            }
            sink.handle(inputs, timestamp)
            delivering = timestamp
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.delivering = nil }
            }
        }

        /// The view a touch hit, or the nearest view around it that is observed.
        private func observedAncestor(of view: UIView?) -> ObjectIdentifier? {
            var current = view
            while let view = current {
                if observedViews[ObjectIdentifier(view)] != nil { return ObjectIdentifier(view) }
                current = view.superview
            }
            return nil
        }

        /// A recognizer's target-action: what UIKit decided.
        fileprivate func recognizerChanged(_ recognizer: UIGestureRecognizer) {
            let state: ObservedState
            switch recognizer.state {
            case .began: state = .began
            case .changed: state = .changed
            case .ended: state = .ended
            case .cancelled: state = .cancelled
            default: return
            }
            guard let view = recognizer.view, let name = recognizerName(recognizer) else { return }
            // An action between events (a timer's: a long press, a tap released when the
            // double tap fails) is stamped when it arrives.
            sink.saw(name, ObjectIdentifier(view), state, delivering ?? ProcessInfo.processInfo.systemUptime)
        }
    }

    /// The recognizer that sees every touch of the window and takes part in nothing.
    @MainActor
    private final class TouchObserver: UIGestureRecognizer {
        weak var recorder: GestureRecorder?

        init() {
            super.init(target: nil, action: nil)
            cancelsTouchesInView = false
            delaysTouchesBegan = false
            delaysTouchesEnded = false
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { forward(touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { forward(touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { forward(touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { forward(touches, event) }

        private func forward(_ touches: Set<UITouch>, _ event: UIEvent) {
            recorder?.touches(touches, event)
            // Once every touch is over, it fails: it never holds a recognizer that waits.
            if event.allTouches?.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) ?? true { state = .failed }
        }

        // It neither prevents nor is prevented: a recognizer that recognizes leaves it
        // the touches.
        override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
        override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    /// The target of every recognizer's action.
    @MainActor
    private final class ActionTarget: NSObject {
        weak var recorder: GestureRecorder?

        #if canImport(ObjectiveC)
            @objc func recognizerChanged(_ recognizer: UIGestureRecognizer) { recorder?.recognizerChanged(recognizer) }
            static let action = #selector(recognizerChanged(_:))
        #else
            // The stand-ins' check has no Objective-C run time: the selector is named as
            // the method above, which only an Apple platform compiles.
            static let action = Selector("recognizerChanged:")
        #endif
    }
#endif
