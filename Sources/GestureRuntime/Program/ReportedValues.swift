/// What one kind reports with each action, as a struct that the generated code
/// declares for each kind a gesture set uses (`PhotoBrowser.PanValues`): one stored
/// property per `report` line, typed by its shape. Read them with
/// `GestureEngine.reportedValues(of:as:)`.
public protocol GestureReportedValues: Sendable {
    /// The gesture set whose generated code declares the struct.
    associatedtype Owner: GestureSet
    /// The kind, as compiled.
    static var kind: String { get }
    /// The kind's reports, in order, as compiled: values are read only from a program
    /// whose kind reports the same (a shipped update may change a kind).
    static var reports: [ReportLayout] { get }
    /// Reads the values of one action: `values` holds exactly the slots of `reports`,
    /// in their order (a vector takes two, x then y).
    init(reading values: OutputList<Double>)
}

/// One `report` of a kind: its name and the shape of its value.
public struct ReportLayout: Hashable, Sendable {
    public var name: String
    public var shape: ValueShape

    public init(_ name: String, _ shape: ValueShape) {
        self.name = name
        self.shape = shape
    }
}

extension ValueShape {
    /// The values a reported value of this shape takes: two for a vector, else one.
    public var slots: Int { self == .vector ? 2 : 1 }
}

/// The directions a `directions` value holds (`left`, `right`, `up`, `down`), as the
/// language writes them: a swipe's `direction`, an edge pan's `edges`.
public struct GestureDirections: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let left = GestureDirections(rawValue: 1)
    public static let right = GestureDirections(rawValue: 2)
    public static let up = GestureDirections(rawValue: 4)
    public static let down = GestureDirections(rawValue: 8)
    public static let all: GestureDirections = [.left, .right, .up, .down]

    /// The names of the directions held, in the order left, right, up, down.
    public static func names(_ directions: GestureDirections) -> [String] {
        [(GestureDirections.left, "left"), (.right, "right"), (.up, "up"), (.down, "down")]
            .filter { directions.contains($0.0) }.map(\.1)
    }

    /// The directions of a reported value: its bits, left 1, right 2, up 4, down 8;
    /// anything that is not such a whole number holds none.
    public init(reported value: Double) {
        let bits = value >= 0 && value <= 15 ? Int(exactly: value) : nil
        self.init(rawValue: bits ?? 0)
    }
}

extension GestureName {
    /// The name of a reported `view` or `recognizer` value (an id of the program);
    /// nil when it is not one.
    public init?(reported value: Double) {
        guard value >= 0, value <= Double(Int32.max), let id = Int(exactly: value) else { return nil }
        self.init(rawValue: id)
    }
}

extension GestureEngine {
    /// The values `action` reported, as the struct the generated code declares for its
    /// kind: `engine.reportedValues(of: action, as: PhotoBrowser.PanValues.self)?.translation`.
    ///
    /// Nil when the struct is another set's, the action's recognizer is of another
    /// kind, the program's kind reports other values than the struct was compiled for
    /// (an update changed them), or the action is from an earlier call, whose values
    /// are gone. Reads in place, without allocating.
    public func reportedValues<Values: GestureReportedValues>(
        of action: GestureAction, as _: Values.Type = Values.self
    ) -> Values? {
        guard let declaration = declaration(of: action.recognizer) else { return nil }
        return Values(reading: values(of: action), recognizer: declaration, program: program)
    }
}

extension GestureReportedValues {
    /// The values an action of the declaration `recognizer` of `program` reported,
    /// taken out of the engine already (`GestureHost`'s actions keep them), read as
    /// this struct: nil on the terms of `GestureEngine.reportedValues(of:as:)`.
    public init?(reading values: OutputList<Double>, recognizer: Int, program: GestureProgram) {
        guard Owner.program.name == program.name, program.recognizers.indices.contains(recognizer) else { return nil }
        let kindID = program.recognizers[recognizer].kind
        guard program.kinds.indices.contains(kindID) else { return nil }
        let kind = program.kinds[kindID]
        guard kind.name == Self.kind, kind.reports.count == Self.reports.count else { return nil }
        var slots = 0
        for (report, layout) in zip(kind.reports, Self.reports) {
            guard report.name == layout.name, report.type == layout.shape else { return nil }
            slots += layout.shape.slots
        }
        guard values.count == slots else { return nil }
        self.init(reading: values)
    }
}
