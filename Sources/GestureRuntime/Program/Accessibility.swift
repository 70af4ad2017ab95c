extension GestureProgram {
    /// What a recognizer's action is reached by when VoiceOver, Switch Control or Full
    /// Keyboard Access runs, and the touches a gesture needs go to them instead
    /// (docs/accessibility.md). The host lists these as accessibility elements and
    /// actions; performing one calls the recognizer's handlers.
    public enum Accessibility: Hashable, Sendable {
        /// The element's default action: VoiceOver's double tap, Switch Control's
        /// select (`accessibilityActivate`).
        case activate
        /// A custom action the rotor lists with this label
        /// (`UIAccessibilityCustomAction`).
        case custom(label: String)
        /// The screen's escape: VoiceOver's two-finger scrub
        /// (`accessibilityPerformEscape`), found from the focused element up.
        case escape
        /// VoiceOver's three-finger swipe (`accessibilityScroll`), found from the
        /// focused element up.
        case scroll
        /// VoiceOver's two-finger double tap (`accessibilityPerformMagicTap`), the
        /// screen's main action, found from the focused element up.
        case magicTap
        /// A control does the same: the control, its own element, is the alternative,
        /// and the recognizer adds no action. The role's index in `views`.
        case control(role: Int)

        /// What the screen-wide requests find by walking up from the focused element.
        public var isScreenWide: Bool {
            switch self {
            case .escape, .scroll, .magicTap: true
            case .activate, .custom, .control: false
            }
        }
    }

    /// What reaches recognizer `index`'s action without its gesture: what its spec
    /// declared, or, for a one-finger single tap (`tap` with one tap of one finger)
    /// that declared nothing, activation, since VoiceOver's double tap sends a tap to
    /// the element's activation point when the element does not handle it. Nil when
    /// nothing does, or `index` is not a recognizer.
    public func accessibility(ofRecognizer index: Int) -> Accessibility? {
        guard recognizers.indices.contains(index) else { return nil }
        let recognizer = recognizers[index]
        if let declared = recognizer.accessibility { return declared }
        guard kinds.indices.contains(recognizer.kind), kinds[recognizer.kind].name == "tap" else { return nil }
        let oneTapOfOneFinger = recognizer.argument("taps", in: kinds) == 1 && recognizer.argument("touches", in: kinds) == 1
        return oneTapOfOneFinger ? .activate : nil
    }
}

extension GestureProgram.Recognizer {
    /// The recognizer's argument for its kind's parameter `name` (its kind in `kinds`),
    /// or nil when the kind has no such parameter.
    public func argument(_ name: String, in kinds: [GestureProgram.Kind]) -> Double? {
        guard kinds.indices.contains(kind), let slot = kinds[kind].parameters.firstIndex(of: name),
            arguments.indices.contains(slot)
        else { return nil }
        return arguments[slot]
    }
}
