import GestureDSL

/// What the checker found a compilation's names and expressions to be: every
/// declaration, every place a name refers to one, each expression's type and, for a
/// name or a member, what it means, and each recognizer's argument values. Lowering and
/// the language index read it, and lowering passes on what the tools after it need
/// (each guard comparison's types, in `Provenance`); none of them resolves a name again
/// (lowering's one exception, `other.taps`, is a member the checker resolves to no
/// declaration: `KindLowering` says why).
///
/// Expression facts are kept per file in one 32-bit word per expression node (its
/// number in the file's tree), beside the tree: a large spec's model costs four bytes
/// a node, not a dictionary entry.
public struct SemanticModel: Sendable {
    /// A declared name. Kept small (a large spec declares a name every hundred bytes):
    /// ranges in 32-bit numbers, as `PackedRange` says; its doc comment is the syntax's.
    public struct Declaration: Sendable {
        public enum Kind: String, Sendable {
            case gestureSet = "gesture set"
            case view = "view role"
            case recognizer, hook, kind, parameter, variable, state, timer, report, component
        }

        public let kind: Kind
        /// False for a recognizer a component's use brings: its name is written nowhere
        /// (`nameRange` is the use's), though it is referred to.
        public let isWritten: Bool
        public let name: String
        private let packedName: PackedRange
        private let packedRange: PackedRange
        private let containerNumber: UInt32

        init(
            kind: Kind, name: String, nameRange: SourceRange, range: SourceRange, container: Int? = nil, isWritten: Bool = true
        ) {
            self.kind = kind
            self.isWritten = isWritten
            self.name = name
            packedName = PackedRange(nameRange)
            packedRange = PackedRange(range)
            // Declarations are fewer than a file's bytes: a number past 32 bits is none.
            containerNumber = container.map { UInt32(clamping: $0 + 1) } ?? 0
        }

        /// The name where it is declared.
        public var nameRange: SourceRange { packedName.range }
        /// The whole declaration.
        public var range: SourceRange { packedRange.range }
        /// The set, kind or component it belongs to, as an index into `declarations`.
        public var container: Int? { containerNumber == 0 ? nil : Int(containerNumber) - 1 }
    }

    /// A name written in the source and the declaration it refers to, in 16 bytes (a
    /// large spec has a reference every dozen bytes).
    public struct Reference: Sendable {
        private let packed: PackedRange
        private let target: UInt32

        init(range: SourceRange, declaration: Int) {
            packed = PackedRange(range)
            target = UInt32(clamping: declaration)
        }

        public var range: SourceRange { packed.range }
        /// An index into `declarations`.
        public var declaration: Int { Int(target) }
    }

    /// A source range in 12 bytes. A file is below 2 GiB (`ExprTree.maximumFileSize`),
    /// so its offsets fit 32 bits, and there are fewer files than that: the clamping
    /// below never changes a number that can occur.
    struct PackedRange: Sendable {
        private let file: UInt32
        private let start: UInt32
        private let end: UInt32

        init(_ range: SourceRange) {
            file = UInt32(clamping: range.file.rawValue)
            start = UInt32(clamping: range.start)
            end = UInt32(clamping: range.end)
        }

        var range: SourceRange { SourceRange(file: FileID(Int(file)), start: Int(start), end: Int(end)) }
    }

    /// What a name or member expression means, as the checker resolved it.
    package enum Meaning: UInt32, Sendable {
        case parameter = 1
        case variable, hook, view, recognizer
        /// Measured from touches: `translation`, `touchCount`, `touchedView`.
        case feature
        /// A built-in constant: `left`, `unlimited`.
        case constant
        /// The built-in `other`.
        case other
        /// `other.kind`, `other.view`, and a parameter of the other kind (`other.taps`).
        case otherKind, otherView, otherParameter
        /// `.x` or `.y` of a point or vector.
        case component
        /// A kind's name, compared with `other.kind`.
        case kindName

        /// The meaning of a name that refers to a declaration of `kind`.
        init?(declared kind: Declaration.Kind) {
            switch kind {
            case .parameter: self = .parameter
            case .variable: self = .variable
            case .hook: self = .hook
            case .view: self = .view
            case .recognizer: self = .recognizer
            case .gestureSet, .kind, .state, .timer, .report, .component: return nil
            }
        }
    }

    /// A name the checker resolved that the language index does not list, and where:
    /// `use` is the `use` of a component whose lines it was checked for, nil for the
    /// name of a `report moves` that reads a parameter or variable.
    package struct UnlistedReference: Hashable, Sendable {
        package var use: SourceRange?
        package var range: SourceRange

        package init(use: SourceRange?, range: SourceRange) {
            self.use = use
            self.range = range
        }
    }

    public private(set) var declarations = BlockList<Declaration>()
    /// In the order the checker met them; a name is referred to once.
    public private(set) var references = BlockList<Reference>()
    /// What the names the language index does not list refer to, for lowering. A
    /// component's lines are checked again in each set, for each use, where their names
    /// are that set's: the same written name refers to another declaration in each use,
    /// so one written range cannot be one reference (the index lists each name once,
    /// as written in the component). And `report moves` names the report, though it
    /// reads `moves`.
    package private(set) var unlistedReferences: [UnlistedReference: Int] = [:]

    /// Each recognizer's argument values (`arguments(ofRecognizer:)`), kept as its
    /// kind's defaults, stored once per kind, and the arguments given over them: an
    /// array of every value for each recognizer, in a dictionary, cost a large spec
    /// about 150 bytes a recognizer, more than the rest of its record.
    private var argumentRecords = BlockList<ArgumentRecord>()
    /// The arguments given, each recognizer's in a run (`ArgumentRecord`).
    private var givenArguments = BlockList<GivenArgument>()
    /// The defaults of each kind a recognizer has, by row, and each row by the kind's
    /// declaration.
    private var argumentDefaults: [[Constant?]] = []
    private var argumentDefaultsRow = LookupTable<Int, UInt32>()

    /// Where a declaration's argument values are, by declaration (beside `declarations`).
    private struct ArgumentRecord: Sendable {
        /// A row of `argumentDefaults`, or `UInt32.max` for a declaration whose values
        /// were not recorded.
        var defaults: UInt32
        var firstGiven: UInt32
        var givenCount: UInt32

        static let unrecorded = ArgumentRecord(defaults: .max, firstGiven: 0, givenCount: 0)
    }

    /// An argument a recognizer gives: its parameter's position and its value (nil when
    /// it is not a constant, which was reported).
    package struct GivenArgument: Sendable {
        package var parameter: Int
        package var value: Constant?

        package init(parameter: Int, value: Constant?) {
            self.parameter = parameter
            self.value = value
        }
    }

    /// Each file's expression facts (by file id), by node: the type's code in the low
    /// 28 bits (`typeCode`, 0: no type), the meaning above them (0: none).
    private var facts: [[UInt32]] = []

    private static let meaningShift: UInt32 = 28
    private static let typeMask: UInt32 = (1 << meaningShift) - 1

    // MARK: Reading

    /// The type the checker gave `expr`, nil when it has none (an error was reported).
    package func type(of expr: Expr) -> ValueType? {
        Self.type(coded: fact(of: expr) & Self.typeMask)
    }

    /// What the name or member `expr` means; nil for any other expression.
    package func meaning(of expr: Expr) -> Meaning? {
        Meaning(rawValue: fact(of: expr) >> Self.meaningShift)
    }

    /// The argument values of the recognizer `declaration`, one per parameter of its
    /// kind in the kind's order, defaults filled in; nil for a recognizer whose kind is
    /// unknown (an error was reported) or a declaration that is no recognizer's.
    package func arguments(ofRecognizer declaration: Int) -> [Constant?]? {
        guard argumentRecords.indices.contains(declaration) else { return nil }
        let record = argumentRecords[declaration]
        guard argumentDefaults.indices.contains(Int(record.defaults)) else { return nil }
        var values = argumentDefaults[Int(record.defaults)]
        let firstGiven = Int(record.firstGiven)
        for position in firstGiven..<firstGiven + Int(record.givenCount) {
            let given = givenArguments[position]
            values[given.parameter] = given.value
        }
        return values
    }

    private func fact(of expr: Expr) -> UInt32 {
        let file = Int(expr.file.rawValue)
        guard file < facts.count, expr.node < facts[file].count else { return 0 }
        return facts[file][expr.node]
    }

    // MARK: Recording (the checker)

    /// A type in 28 bits, with no table to look it up in: its case (1 to 9) in bits
    /// 24–27, a dimension's three 8-bit powers below.
    private static func typeCode(_ type: ValueType) -> UInt32 {
        func powers(_ dimension: Dimension) -> UInt32 {
            UInt32(UInt8(bitPattern: dimension.time)) | UInt32(UInt8(bitPattern: dimension.length)) << 8
                | UInt32(UInt8(bitPattern: dimension.angle)) << 16
        }
        switch type {
        case .bool: return 1 << 24
        case .int: return 2 << 24
        case .scalar(let dimension): return 3 << 24 | powers(dimension)
        case .vector(let dimension): return 4 << 24 | powers(dimension)
        case .direction: return 5 << 24
        case .view: return 6 << 24
        case .recognizer: return 7 << 24
        case .kind: return 8 << 24
        case .control: return 9 << 24
        case .text: return 10 << 24
        case .accessibility: return 11 << 24
        case .touchTypes: return 12 << 24
        case .scrollTypes: return 13 << 24
        }
    }

    private static func type(coded code: UInt32) -> ValueType? {
        func power(_ shift: UInt32) -> Int8 { Int8(bitPattern: UInt8(truncatingIfNeeded: code >> shift)) }
        let dimension = Dimension(time: power(0), length: power(8), angle: power(16))
        switch code >> 24 {
        case 1: return .bool
        case 2: return .int
        case 3: return .scalar(dimension)
        case 4: return .vector(dimension)
        case 5: return .direction
        case 6: return .view
        case 7: return .recognizer
        case 8: return .kind
        case 9: return .control
        case 10: return .text
        case 11: return .accessibility
        case 12: return .touchTypes
        case 13: return .scrollTypes
        default: return nil
        }
    }

    mutating func declare(_ declaration: Declaration) -> Int {
        declarations.append(declaration)
        argumentRecords.append(.unrecorded)
        return declarations.count - 1
    }

    mutating func refer(_ range: SourceRange, to declaration: Int) {
        references.append(Reference(range: range, declaration: declaration))
    }

    mutating func referUnlisted(_ range: SourceRange, broughtBy use: SourceRange?, to declaration: Int) {
        unlistedReferences[UnlistedReference(use: use, range: range)] = declaration
    }

    /// Records the argument values of the recognizer `declaration`: `defaults`, the
    /// defaults of its kind (declared as `kind`), with `given` written over them in order.
    mutating func recordArguments(
        _ given: [GivenArgument], over defaults: [Constant?], ofKind kind: Int, forRecognizer declaration: Int
    ) {
        guard argumentRecords.indices.contains(declaration) else { return }
        let row: UInt32
        if let known = argumentDefaultsRow[kind] {
            row = known
        } else {
            row = UInt32(argumentDefaults.count)
            argumentDefaults.append(defaults)
            argumentDefaultsRow[kind] = row
        }
        // There are fewer arguments than bytes of source, as `PackedRange` counts them: the
        // clamping never changes a number that can occur.
        argumentRecords[declaration] = ArgumentRecord(
            defaults: row, firstGiven: UInt32(clamping: givenArguments.count), givenCount: UInt32(clamping: given.count))
        for argument in given { givenArguments.append(argument) }
    }

    mutating func record(_ expr: Expr, type: ValueType?, meaning: Meaning? = nil) {
        var word = type.map(Self.typeCode) ?? 0
        if let meaning { word |= meaning.rawValue << Self.meaningShift }
        let (file, node) = (Int(expr.file.rawValue), expr.node)
        if file >= facts.count { facts += Array(repeating: [], count: file + 1 - facts.count) }
        // A file's table is made whole when its first expression is met.
        let count = facts[file].count
        if node >= count { facts[file].append(contentsOf: repeatElement(0, count: max(node + 1, expr.nodesInFile) - count)) }
        // A component's expressions are checked in every set that uses it; the first
        // check's facts stay (they agree wherever the program is valid).
        if facts[file][node] == 0 { facts[file][node] = word }
    }
}

/// A list that grows in blocks of 4,096 elements, so that growing never copies it
/// whole and never holds twice its room: a large spec's declarations and references
/// grow without the doubling of one array, whose copy, at the end, had old and new
/// buffers alive at once.
public struct BlockList<Element: Sendable>: RandomAccessCollection, Sendable {
    private static var blockShift: Int { 12 }
    private static var blockSize: Int { 1 << blockShift }
    private var blocks: [[Element]] = []
    private var total = 0

    public var startIndex: Int { 0 }
    public var endIndex: Int { total }

    public internal(set) subscript(position: Int) -> Element {
        get { blocks[position >> Self.blockShift][position & (Self.blockSize - 1)] }
        set { blocks[position >> Self.blockShift][position & (Self.blockSize - 1)] = newValue }
    }

    mutating func append(_ element: Element) {
        if total & (Self.blockSize - 1) == 0, total > 0 {
            // The first block grows as an array does; later ones are made whole.
            var block: [Element] = []
            block.reserveCapacity(Self.blockSize)
            blocks.append(block)
        } else if blocks.isEmpty {
            blocks.append([])
        }
        blocks[blocks.count - 1].append(element)
        total += 1
    }
}
