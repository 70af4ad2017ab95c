#if canImport(UIKit)
    import GestureRuntime
    import UIKit

    /// The UIKit adapter: a view that takes every touch in its bounds and forwards it to
    /// a `GestureHost`, whose engine decides what each gesture and each view gets
    /// (docs/embedding.md, "UIKit").
    ///
    ///     let hostView = try GestureHostView<PhotoBrowser>(frame: screen.bounds)
    ///     try hostView.register(photoView, role: .photo, parent: scrollerView)
    ///     hostView.host.onAction(of: .doubleTap) { action in zoom(at: action.values[0]) }
    ///
    /// A view rather than a recognizer on the window: a recognizer sees touches beside
    /// UIKit, which still delivers them to the views and runs its own recognizers, so two
    /// engines would decide. Here UIKit only hit-tests to this view; the app's views draw,
    /// and their touches come from `host.onTouches(of:)`.
    ///
    /// Every decision is the host's; this file only translates: UIKit's touches and
    /// phases, its clock (`UITouch.timestamp` and `systemUptime` share one), a run-loop
    /// timer at the engine's next deadline, frames from layout, and the app resigning
    /// active as an interruption.
    @MainActor
    open class GestureHostView<Gestures: GestureSet>: UIView {
        /// Touches are UIKit's objects; views are the `UIView`s registered here, by
        /// their `ObjectIdentifier`, or any key the app registers with the host itself
        /// (SwiftUI content, drawn shapes).
        public typealias Host = GestureHost<Gestures, ObjectIdentifier, AnyHashable>

        public let host: Host
        /// Receives what the host or the engine threw while forwarding (a touch past the
        /// engine's limit, a view layout refused); the event is dropped.
        public var onError: ((any Error) -> Void)?

        /// The registered views, held so that their identifiers stay theirs, with the view
        /// each one's frame is measured in.
        private var registered: [AnyHashable: (view: UIView, parent: UIView?)] = [:]
        private var timer: Timer?
        private var resignObserver: (any NSObjectProtocol)?
        /// The accessibility element of each view listed, kept so that VoiceOver's focus
        /// stays on it while the list is asked again (`accessibilityElements`).
        var accessibilityElementCache: [AnyHashable: GestureAccessibilityElement] = [:]
        /// The recognizers that hand this view what reaches recognizers only: a pointer's
        /// scrolls, a trackpad's pinch and rotation, hovers (R88–R90).
        private var pointerInputs: PointerInputForwarder?

        public init(frame: CGRect, program: GestureProgram = Gestures.program) throws {
            host = try Host(program: program, windowSize: Point(x: Double(frame.width), y: Double(frame.height)))
            super.init(frame: frame)
            isMultipleTouchEnabled = true
            pointerInputs = PointerInputForwarder(attachingTo: self) { [weak self] inputs in self?.forwardPointer(inputs) }
        }

        /// Not from a storyboard: the host needs its program.
        public required init?(coder: NSCoder) {
            return nil
        }

        // MARK: - Views

        /// `view` (a subview, at any depth) is a view of `role` in the engine, inside
        /// `parent`; its frame is measured in `parent`, or in this view without one.
        public func register(_ view: UIView, role: Gestures.View, parent: UIView? = nil, properties: ViewProperties? = nil) throws {
            try host.register(
                Self.key(view), role: role, parent: parent.map(Self.key), frame: frame(of: view, in: parent),
                properties: properties)
            registered[Self.key(view)] = (view, parent)
            accessibilityLayoutChanged()
        }

        /// `view` left the screen, with the registered views inside it.
        public func unregister(_ view: UIView) throws {
            try host.unregister(Self.key(view), timestamp: ProcessInfo.processInfo.systemUptime)
            registered = registered.filter { host.contains($0.key) }
            scheduleTick()
            accessibilityLayoutChanged()
        }

        /// A scroll view's content moved (`scrollViewDidScroll`, or the app scrolling its
        /// content as a pan reports).
        public func scroll(_ view: UIView, to contentOffset: CGPoint) throws {
            try host.scroll(Self.key(view), to: Point(x: Double(contentOffset.x), y: Double(contentOffset.y)))
        }

        /// The host's key for a registered `UIView` (`host.onTouches(of: GestureHostView.key(button))`).
        public static func key(_ view: UIView) -> AnyHashable { AnyHashable(ObjectIdentifier(view)) }

        open override func layoutSubviews() {
            super.layoutSubviews()
            perform {
                try host.resizeWindow(to: Point(x: Double(bounds.width), y: Double(bounds.height)))
                for (id, entry) in registered { try host.layout(id, frame: frame(of: entry.view, in: entry.parent)) }
            }
        }

        private func frame(of view: UIView, in parent: UIView?) -> Rect {
            let rect = view.convert(view.bounds, to: parent ?? self)
            return Rect(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.width), height: Double(rect.height))
        }

        // MARK: - Accessibility

        /// The host view is a container: VoiceOver and Switch Control reach the registered
        /// views through the elements the host lists, asked afresh each time
        /// (`GestureHostView+Accessibility.swift`, docs/accessibility.md).
        open override var isAccessibilityElement: Bool {
            get { false }
            set {}
        }

        open override var accessibilityElements: [Any]? {
            get { currentAccessibilityElements() }
            set {}
        }

        // MARK: - The system's gestures

        /// The edges the spec defers for the views registered and shown, as UIKit names
        /// them: return it from the view controller's
        /// `preferredScreenEdgesDeferringSystemGestures`, and call
        /// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures()` when it changes
        /// (docs/embedding.md, "The system's gestures").
        public var deferredScreenEdges: UIRectEdge {
            let edges = host.deferredSystemEdges
            var result: UIRectEdge = []
            if edges.contains(.left) { result.insert(.left) }
            if edges.contains(.right) { result.insert(.right) }
            if edges.contains(.up) { result.insert(.top) }
            if edges.contains(.down) { result.insert(.bottom) }
            return result
        }

        // MARK: - Touches

        /// Every touch in the bounds is this view's: the engine finds the view under it.
        open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            super.hitTest(point, with: event) == nil ? nil : self
        }

        open override func touchesBegan(_ touches: Swift.Set<UITouch>, with event: UIEvent?) { forward(touches, event) }
        open override func touchesMoved(_ touches: Swift.Set<UITouch>, with event: UIEvent?) { forward(touches, event) }
        open override func touchesEnded(_ touches: Swift.Set<UITouch>, with event: UIEvent?) { forward(touches, event) }
        open override func touchesCancelled(_ touches: Swift.Set<UITouch>, with event: UIEvent?) { forward(touches, event) }

        /// The event's touches in this view, whichever of the four calls reports them: the
        /// host handles each event once (`handle(wholeEvent:timestamp:)`).
        private func forward(_ touches: Swift.Set<UITouch>, _ event: UIEvent?) {
            let all = event?.allTouches?.filter { $0.view === self } ?? touches
            guard let timestamp = event?.timestamp ?? touches.first?.timestamp else { return }
            let inputs = all.compactMap { touch -> Host.TouchInput? in
                guard let phase = Self.phase(of: touch) else { return nil }
                let location = touch.location(in: self)
                return Host.TouchInput(
                    ObjectIdentifier(touch), phase, at: Point(x: Double(location.x), y: Double(location.y)),
                    touchType: TouchType(rawValue: UInt8(clamping: touch.type.rawValue)) ?? .direct)
            }
            perform { try host.handle(wholeEvent: inputs, timestamp: timestamp) }
        }

        /// A pointer's scroll, transform or hover (`PointerInputForwarder`, R88–R90), each
        /// change an event of its own, at the clock's time: a recognizer's callback has no
        /// timestamp, and the platform's clock is `UITouch.timestamp`'s.
        private func forwardPointer(_ inputs: [Host.TouchInput]) {
            let timestamp = ProcessInfo.processInfo.systemUptime
            perform { for input in inputs { try host.handle([input], timestamp: timestamp) } }
        }

        private static func phase(of touch: UITouch) -> Host.TouchInput.Phase? {
            switch touch.phase {
            case .began: .began
            case .moved: .moved
            case .stationary: .stationary
            case .ended: .ended
            case .cancelled: .cancelled
            default: nil  // A pointer's hover (the region phases): not a touch.
            }
        }

        // MARK: - Time and interruptions

        /// Runs a host call, reports what it threw, and sets the timer for what the call
        /// left due.
        private func perform(_ call: () throws -> Void) {
            do {
                try call()
            } catch {
                onError?(error)
            }
            scheduleTick()
        }

        /// A run-loop timer at the engine's next deadline: it fires the timers due by that
        /// deadline, not by the time it runs, so that a touch stamped in between and
        /// delivered after comes as little late as can be; it is set again after every
        /// call. Late by at most the run loop's latency; an event that comes first fires
        /// the due timers itself, in order.
        private func scheduleTick() {
            timer?.invalidate()
            timer = nil
            guard let deadline = host.nextDeadline, window != nil else { return }
            let delay = max(0, deadline - ProcessInfo.processInfo.systemUptime)
            timer = Timer.scheduledTimer(withTimeInterval: delay, repeats: false) { [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.perform { try self.host.tick(at: deadline) }
                }
            }
        }

        /// In a window, the app resigning active (a call, an alert, the app switcher)
        /// cancels what is in progress; out of one, so does leaving it, and no timer runs.
        open override func didMoveToWindow() {
            super.didMoveToWindow()
            if let resignObserver { NotificationCenter.default.removeObserver(resignObserver) }
            resignObserver = nil
            guard window != nil else {
                interrupt()
                return
            }
            resignObserver = NotificationCenter.default.addObserver(
                forName: UIApplication.willResignActiveNotification, object: nil, queue: .main
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.interrupt() }
            }
            scheduleTick()
        }

        private func interrupt() {
            perform { try host.interrupt(timestamp: ProcessInfo.processInfo.systemUptime) }
        }
    }
#endif
