import GestureRuntime

/// One gesture set lowered to tables, with the documentation the Swift emitter puts
/// beside them (doc comments stay out of the program, which apps ship).
public struct CompiledSet: Hashable, Sendable {
    public var program: GestureProgram
    public var documentation: Documentation

    public init(program: GestureProgram, documentation: Documentation) {
        self.program = program
        self.documentation = documentation
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
