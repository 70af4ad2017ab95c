import GestureRuntime

extension GestureHost {
    /// A view on screen as VoiceOver and Switch Control see it: where it is, what it is
    /// called, and what can be done to it without its gestures (docs/accessibility.md).
    public struct AccessibilityElement {
        public var view: PlatformView
        public var role: Set.View
        /// In window coordinates.
        public var frame: Rect
        /// The app's label for the view (`setAccessibilityLabel`), else its role's.
        public var label: String?
        /// The recognizer whose action activation performs (VoiceOver's double tap).
        public var activation: Set.Recognizer?
        /// The control event activation sends instead, when the view is a control.
        public var activationEvent: ControlEvent.Kind?
        /// The rotor's actions, in declaration order.
        public var customActions: [(label: String, recognizer: Set.Recognizer)]
    }

    /// The views registered and shown that VoiceOver should offer: each that is a
    /// control, has a label, or has an enabled recognizer with an accessibility action
    /// (`GestureEngine.accessibilityOffer(of:)`), in reading order (top to bottom, then
    /// left to right, then registration). Ask again after views come, go or move.
    public func accessibilityElements() -> [AccessibilityElement] {
        var elements: [(slot: Int, element: AccessibilityElement)] = []
        for (view, instance) in views {
            guard let offer = engine.accessibilityOffer(of: instance), let role = engine.role(of: instance),
                let name = Set.View(rawValue: role)
            else { continue }
            let label = accessibilityLabels[view] ?? engine.program.views[role].accessibilityLabel
            guard offer.isActionable || label != nil else { continue }
            let element = AccessibilityElement(
                view: view, role: name, frame: offer.frame, label: label,
                activation: offer.activation.flatMap(recognizerName), activationEvent: offer.activationEvent,
                customActions: offer.customActions.compactMap { action in recognizerName(action.recognizer).map { (action.label, $0) } })
            elements.append((instance.index, element))
        }
        elements.sort { first, second in
            let (a, b) = (first.element.frame, second.element.frame)
            if a.y != b.y { return a.y < b.y }
            if a.x != b.x { return a.x < b.x }
            return first.slot < second.slot
        }
        return elements.map(\.element)
    }

    /// The app's label for `view`, over its role's `accessibilityLabel` (a row's
    /// sender and subject, a photo's caption); nil gives the role's back.
    public func setAccessibilityLabel(_ label: String?, of view: PlatformView) throws {
        guard views[view] != nil else { throw HostError.unknownView }
        accessibilityLabels[view] = label
    }

    /// Performs what VoiceOver asked of `view`, the focused element
    /// (`GestureEngine.accessibilityTarget(of:on:)` says what it reaches). The
    /// recognizer's handlers get one action: phase `ended` (a discrete gesture's
    /// `recognized`), at `timestamp`, with no reported values (`values` is empty and
    /// `reportedValues(as:)` nil: no finger moved) and `accessibility` set to the
    /// request, so a pan's handler reads a scroll's direction there. A control's
    /// activation sends its handlers its event, located at its centre. The engine and
    /// its recognizers are not involved. Returns false when nothing was reached
    /// (UIKit then asks the next responder).
    @discardableResult
    public func performAccessibility(_ request: AccessibilityRequest, on view: PlatformView, timestamp: Double) -> Bool {
        guard timestamp.isFinite, let instance = views[view], let target = engine.accessibilityTarget(of: request, on: instance)
        else { return false }
        switch target {
        case .recognizer(let recognizer):
            guard let name = recognizerName(recognizer), let owner = engine.view(of: recognizer) else { return false }
            let action = Action(
                recognizer: name, view: platformView(of: owner), phase: .ended, time: timestamp, values: .none, engine: engine,
                accessibility: request)
            for handler in actionHandlers[name.rawValue] { handler(action) }
        case .control(let control, let event):
            guard let frame = engine.shownWindowFrame(of: control), let platform = platformView(of: control) else { return false }
            let centre = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            let sent = ControlAction(view: platform, instance: control, event: event, time: timestamp, location: centre)
            for handler in controlHandlers[platform] ?? [] { handler(sent) }
        }
        return true
    }

    private func recognizerName(_ recognizer: RecognizerInstance) -> Set.Recognizer? {
        engine.declaration(of: recognizer).flatMap(Set.Recognizer.init(rawValue:))
    }
}
