import GestureRuntime

/// One gesture set lowered to tables, with the documentation the Swift emitter puts
/// beside them (doc comments stay out of the program, which apps ship) and the way
/// back from each element to its source (`Provenance`), which no emitter writes.
///
/// Two sets are equal when their programs and documentation are: provenance is left
/// out of `==` and `hash`, since it holds ranges and declaration indices that mean
/// something only in the compilation that lowered the set, so the same spec compiled
/// from another path or beside other files still gives an equal set.
public struct CompiledSet: Hashable, Sendable {
    public var program: GestureProgram
    public var documentation: Documentation
    /// Nil for a set made without lowering (the public initializer's default).
    public var provenance: Provenance?

    public init(program: GestureProgram, documentation: Documentation, provenance: Provenance? = nil) {
        self.program = program
        self.documentation = documentation
        self.provenance = provenance
    }

    public static func == (left: CompiledSet, right: CompiledSet) -> Bool {
        left.program == right.program && left.documentation == right.documentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(program)
        hasher.combine(documentation)
    }
}

/// `///` comments of a set and its declarations, by id; nil where there is none.
public struct Documentation: Hashable, Sendable {
    public var set: String?
    public var views: [String?]
    public var recognizers: [String?]
    public var hooks: [String?]
    /// By kind id, as `program.kinds` orders them.
    public var kinds: [String?]
    /// Each kind's `report` lines as written (`report velocity = scaleVelocity`), by
    /// kind id, in the order of its reports.
    public var reports: [[String]]

    public init(
        set: String? = nil, views: [String?] = [], recognizers: [String?] = [], hooks: [String?] = [],
        kinds: [String?] = [], reports: [[String]] = []
    ) {
        self.set = set
        self.views = views
        self.recognizers = recognizers
        self.hooks = hooks
        self.kinds = kinds
        self.reports = reports
    }
}
