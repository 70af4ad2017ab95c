import GestureDSL

/// What the names in one expression may refer to.
struct Scope {
    /// What `other` means where the expression stands.
    enum Other {
        /// `other` is not available.
        case unavailable
        /// A recognizer of the set: the other one of a simultaneity question, or the
        /// one a view's `shouldBegin` is asked about. It can be compared with
        /// recognizer names, but its kind, and so its parameters, are not known.
        case recognizer
        /// The other recognizer of a prevention rule, of the kind named, whose
        /// parameters are in reach: `other.taps`.
        case kind(name: String, parameters: [String: ValueType])
    }

    /// Declared names in reach and what each is ("parameter", "view role", …).
    var names = NameTable<Binding>()
    /// Whether engine features (`touchCount`, …) are in reach; they are not in
    /// defaults and initial values, which are fixed before any touch.
    var allowsFeatures = true
    var other = Other.unavailable
    /// Names declared nearby that cannot be used here because their value is only
    /// known at run time (a hook where a constant is needed), for a helpful message.
    var runTimeNames = NameTable<Binding>()

    /// Defaults, initial values and flags: constants only.
    static let constant = Scope(allowsFeatures: false)
}

/// A declared name in reach: its declaration in the semantic model, what it is, where,
/// and its type (nil when its declared type is unknown, already reported).
struct Binding {
    var declaration: Int
    var kind: SemanticModel.Declaration.Kind
    var range: SourceRange
    var type: ValueType?

    /// What it is, as messages say: "view role", "parameter".
    var what: String { kind.rawValue }
}
