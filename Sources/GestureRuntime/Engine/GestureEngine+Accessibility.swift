/// What VoiceOver, Switch Control or Full Keyboard Access asked a view for, in place of
/// a gesture (docs/accessibility.md).
public enum AccessibilityRequest: Hashable, Sendable {
    /// The element's default action: VoiceOver's double tap, Switch Control's select.
    case activate
    /// A custom action of the element, by the label the rotor shows.
    case custom(label: String)
    /// VoiceOver's two-finger scrub: go back, dismiss.
    case escape
    /// VoiceOver's three-finger swipe: a page towards the content the directions name,
    /// as UIKit's `UIAccessibilityScrollDirection` does (`down` shows what is below;
    /// next and previous are down-and-right and up-and-left).
    case scroll(GestureDirections)
    /// VoiceOver's two-finger double tap: the screen's main action.
    case magicTap
}

/// A view on screen as VoiceOver and Switch Control see it: where it is, and what can
/// be done to it without its gestures (docs/accessibility.md).
public struct AccessibilityOffer: Sendable {
    public var view: ViewInstance
    /// In window coordinates.
    public var frame: Rect
    /// The recognizer whose action activation performs, when the view's role is not a
    /// control.
    public var activation: RecognizerInstance?
    /// The view's role is a control: activation sends its event (`activationEvent`).
    public var control: GestureProgram.Control.Kind?
    /// The rotor's actions, in order of addition.
    public var customActions: [(label: String, recognizer: RecognizerInstance)]

    /// What a control's activation sends: a button's and a custom control's
    /// `touchUpInside`; the others change their value (`valueChanged`).
    public var activationEvent: ControlEvent.Kind? {
        control.map { $0 == .button || $0 == .custom ? .touchUpInside : .valueChanged }
    }

    /// Whether VoiceOver can do anything with the view besides reading it.
    public var isActionable: Bool { activation != nil || control != nil || !customActions.isEmpty }
}

/// What an accessibility request reaches: a recognizer, whose action the host performs,
/// or a control's event.
public enum AccessibilityTarget: Hashable, Sendable {
    case recognizer(RecognizerInstance)
    case control(ViewInstance, ControlEvent.Kind)
}

/// What a host needs to expose the views on screen to VoiceOver and Switch Control
/// (docs/accessibility.md). One rule serves every host and the test library.
extension GestureEngine {
    /// The view's frame in window coordinates while it is on screen: in the scene, and
    /// neither it nor a view around it hidden or transparent. Nil otherwise, or for a
    /// view that is not the slot's current one.
    public func shownWindowFrame(of view: ViewInstance) -> Rect? {
        guard self.view(at: view.index) == view, isShown(view.index) else { return nil }
        return scene.windowFrame(of: view.index)
    }

    /// Whether the recognizer instance is enabled (R60); nil for one that is not in
    /// the engine.
    public func isEnabled(_ instance: RecognizerInstance) -> Bool? {
        query(nil) { $0.isEnabled(instance) }
    }

    /// What `view` offers VoiceOver while shown: its role's control, and its enabled
    /// recognizers' accessibility actions (`GestureProgram.accessibility(ofRecognizer:)`):
    /// the first `activate` unless the role is a control, and every custom action.
    /// Nil while the view is not on screen.
    public func accessibilityOffer(of view: ViewInstance) -> AccessibilityOffer? {
        guard let frame = shownWindowFrame(of: view), let role = role(of: view), program.views.indices.contains(role) else { return nil }
        var offer = AccessibilityOffer(
            view: view, frame: frame, activation: nil, control: program.views[role].control?.kind, customActions: [])
        for (recognizer, accessibility) in accessibleRecognizers(on: view) {
            switch accessibility {
            case .activate where offer.activation == nil && offer.control == nil: offer.activation = recognizer
            case .custom(let label): offer.customActions.append((label, recognizer))
            default: break
            }
        }
        return offer
    }

    /// What `request` reaches when VoiceOver sends it to `view`: `activate` and
    /// `custom` the view's own; `escape`, `scroll` and `magicTap` the first recognizer
    /// declaring it on the view, then on each view around it, as UIKit asks up the
    /// responder chain. Nil when nothing is reached (UIKit then tries the next
    /// responder, and the app's own code may answer).
    public func accessibilityTarget(of request: AccessibilityRequest, on view: ViewInstance) -> AccessibilityTarget? {
        let wanted: GestureProgram.Accessibility
        switch request {
        case .activate, .custom:
            guard let offer = accessibilityOffer(of: view) else { return nil }
            if case .custom(let label) = request {
                return offer.customActions.first { $0.label == label }.map { .recognizer($0.recognizer) }
            }
            if let recognizer = offer.activation { return .recognizer(recognizer) }
            return offer.activationEvent.map { .control(view, $0) }
        case .escape: wanted = .escape
        case .scroll: wanted = .scroll
        case .magicTap: wanted = .magicTap
        }
        guard shownWindowFrame(of: view) != nil else { return nil }
        // Up the parents: bounded by the scene's size, as the chain is.
        var current: ViewInstance? = view
        var steps = 0
        while let candidate = current, steps <= scene.count {
            if let found = accessibleRecognizers(on: candidate).first(where: { $0.accessibility == wanted }) {
                return .recognizer(found.recognizer)
            }
            current = scene.parent(of: candidate.index).flatMap { self.view(at: $0) }
            steps += 1
        }
        return nil
    }

    /// The enabled recognizers on `view` with an accessibility action, in order of
    /// addition (declaration order, R23).
    private func accessibleRecognizers(
        on view: ViewInstance
    ) -> [(recognizer: RecognizerInstance, accessibility: GestureProgram.Accessibility)] {
        var found: [(recognizer: RecognizerInstance, accessibility: GestureProgram.Accessibility)] = []
        for recognizer in recognizers(on: view) where isEnabled(recognizer) == true {
            guard let declaration = declaration(of: recognizer), let accessibility = program.accessibility(ofRecognizer: declaration)
            else { continue }
            found.append((recognizer, accessibility))
        }
        return found
    }
}

extension GestureEngine.Core {
    mutating func isEnabled(_ instance: RecognizerInstance) -> Bool? {
        current(instance).map { instances[$0].enabled }
    }
}
