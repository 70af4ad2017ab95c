/// The expressions of one parsed file, stored as rows of small fixed-size nodes.
///
/// A machine-written spec can be almost all expression (`h && (translation.y > 10pt
/// || h) && …`), and a heap box per operator cost about 500 bytes for every 31 bytes of
/// such source. Here a node is 20 bytes: its kind, an operator or flags, its byte
/// range, and two operands that are node numbers or rows of the side tables (names,
/// identifiers, argument lists). Storage grows in fixed chunks, so a large file is
/// never copied to grow and never holds twice its room. An `Expr` is a handle: the
/// tree and a node number.
///
/// The parser that creates a tree is the only writer, and only before the syntax it
/// builds is returned; from then on the tree is read-only, which is why it can be
/// shared across threads.
final class ExprTree: @unchecked Sendable {
    /// The file every node's range is in.
    let file: FileID
    // No access to these overlaps another (each method reads or appends and returns),
    // so the run-time exclusivity checks Swift makes for a class's stored properties,
    // which cost more than the reads themselves, are left out.
    @exclusivity(unchecked) private var nodes = ChunkedRows<Node>()
    @exclusivity(unchecked) private var names = ChunkedRows<String>()
    @exclusivity(unchecked) private var identifiers = ChunkedRows<IdentifierRow>()
    /// Argument and element lists: a count, then that many node numbers.
    @exclusivity(unchecked) private var lists = ChunkedRows<UInt32>()

    /// The largest file a tree is made for: every offset and every row number (there
    /// are fewer rows of each kind than bytes) fits a node's 32 bits.
    static let maximumFileSize = Int(Int32.max)

    init(file: FileID) {
        self.file = file
    }

    private enum Tag: UInt8 {
        case number, bool, name, string, list, member, call, unary, binary, bad
    }

    private struct Node {
        var tag: Tag
        /// The operator's number (`NodeCode`); a bool's value; a number's unit and whether it is an
        /// integer (`NodeCode`).
        var code: UInt8
        var start: UInt32
        var end: UInt32
        var first: UInt32
        var second: UInt32
    }

    private struct IdentifierRow {
        var name: UInt32
        var start: UInt32
        var end: UInt32
    }

    // MARK: - Reading

    func kind(of index: UInt32) -> Expr.Kind {
        let node = nodes[index]
        switch node.tag {
        case .number:
            let bits = UInt64(node.first) | UInt64(node.second) << 32
            return .number(
                NumberLiteral(
                    value: Double(bitPattern: bits), isInteger: node.code & NodeCode.integer != 0,
                    unit: NodeCode.unit(node.code)))
        case .bool:
            return .bool(node.code != 0)
        case .name:
            return .name(names[node.first])
        case .string:
            return .string(names[node.first])
        case .list:
            return .list(list(at: node.first))
        case .member:
            return .member(Expr(tree: self, index: node.first), identifier(node.second))
        case .call:
            return .call(identifier(node.first), list(at: node.second))
        case .unary:
            return .unary(NodeCode.unaryOperator(node.code), Expr(tree: self, index: node.first))
        case .binary:
            return .binary(
                NodeCode.binaryOperator(node.code), Expr(tree: self, index: node.first),
                Expr(tree: self, index: node.second))
        case .bad:
            return .bad
        }
    }

    func range(of index: UInt32) -> SourceRange {
        let node = nodes[index]
        return SourceRange(file: file, start: Int(node.start), end: Int(node.end))
    }

    private func identifier(_ row: UInt32) -> Identifier {
        let identifier = identifiers[row]
        return Identifier(
            names[identifier.name],
            range: SourceRange(file: file, start: Int(identifier.start), end: Int(identifier.end)))
    }

    private func list(at offset: UInt32) -> [Expr] {
        let count = lists[offset]
        var elements: [Expr] = []
        elements.reserveCapacity(Int(count))
        var row = offset
        for _ in 0..<count {
            row += 1
            elements.append(Expr(tree: self, index: lists[row]))
        }
        return elements
    }

    // MARK: - Building (the parser)

    /// How many expressions the tree holds.
    var nodeCount: Int { nodes.count }

    /// A new node of `kind` over `range`. Every expression `kind` holds must be this
    /// tree's, and `range` within a file no larger than `maximumFileSize`.
    func make(_ kind: Expr.Kind, range: SourceRange) -> Expr {
        var node = Node(
            tag: .bad, code: 0, start: UInt32(truncatingIfNeeded: range.start),
            end: UInt32(truncatingIfNeeded: range.end), first: 0, second: 0)
        switch kind {
        case .number(let literal):
            let bits = literal.value.bitPattern
            node.tag = .number
            node.code = NodeCode.code(of: literal)
            node.first = UInt32(truncatingIfNeeded: bits)
            node.second = UInt32(truncatingIfNeeded: bits >> 32)
        case .bool(let value):
            node.tag = .bool
            node.code = value ? 1 : 0
        case .name(let name):
            node.tag = .name
            node.first = names.append(name)
        case .string(let text):
            node.tag = .string
            node.first = names.append(text)
        case .list(let elements):
            node.tag = .list
            node.first = appendList(elements)
        case .member(let base, let member):
            node.tag = .member
            node.first = own(base)
            node.second = appendIdentifier(member)
        case .call(let function, let arguments):
            node.tag = .call
            node.first = appendIdentifier(function)
            node.second = appendList(arguments)
        case .unary(let op, let operand):
            node.tag = .unary
            node.code = NodeCode.code(of: op)
            node.first = own(operand)
        case .binary(let op, let left, let right):
            node.tag = .binary
            node.code = NodeCode.code(of: op)
            node.first = own(left)
            node.second = own(right)
        case .bad:
            break
        }
        return Expr(tree: self, index: nodes.append(node))
    }

    /// Gives `expr`, a node nothing else refers to yet, the range `range`: the range of
    /// a parenthesized expression includes its parentheses.
    func setRange(of expr: Expr, to range: SourceRange) {
        let index = own(expr)
        nodes[index].start = UInt32(truncatingIfNeeded: range.start)
        nodes[index].end = UInt32(truncatingIfNeeded: range.end)
    }

    private func own(_ expr: Expr) -> UInt32 {
        assert(expr.tree === self, "an expression of another file's tree")
        return expr.index
    }

    private func appendIdentifier(_ identifier: Identifier) -> UInt32 {
        identifiers.append(
            IdentifierRow(
                name: names.append(identifier.name),
                start: UInt32(truncatingIfNeeded: identifier.range.start),
                end: UInt32(truncatingIfNeeded: identifier.range.end)))
    }

    private func appendList(_ elements: [Expr]) -> UInt32 {
        let offset = lists.append(UInt32(truncatingIfNeeded: elements.count))
        for element in elements { lists.append(own(element)) }
        return offset
    }
}

/// How a node's one-byte code spells an operator or a number's unit and integer flag.
private enum NodeCode {
    static let integer: UInt8 = 0x80

    /// Bit 7: written as an integer; the rest: 0 for no unit, else the unit's number.
    static func code(of literal: NumberLiteral) -> UInt8 {
        let unit: UInt8 =
            switch literal.unit {
            case nil: 0
            case .milliseconds: 1
            case .seconds: 2
            case .points: 3
            case .degrees: 4
            case .radians: 5
            }
        return (literal.isInteger ? integer : 0) | unit
    }

    static func unit(_ code: UInt8) -> Unit? {
        switch code & ~integer {
        case 1: .milliseconds
        case 2: .seconds
        case 3: .points
        case 4: .degrees
        case 5: .radians
        default: nil
        }
    }

    static func code(of op: UnaryOperator) -> UInt8 {
        op == .not ? 0 : 1
    }

    static func unaryOperator(_ code: UInt8) -> UnaryOperator {
        code == 0 ? .not : .negate
    }

    static func code(of op: BinaryOperator) -> UInt8 {
        switch op {
        case .or: 0
        case .and: 1
        case .equal: 2
        case .notEqual: 3
        case .less: 4
        case .lessEqual: 5
        case .greater: 6
        case .greaterEqual: 7
        case .contains: 8
        case .add: 9
        case .subtract: 10
        case .multiply: 11
        case .divide: 12
        }
    }

    static func binaryOperator(_ code: UInt8) -> BinaryOperator {
        switch code {
        case 0: .or
        case 1: .and
        case 2: .equal
        case 3: .notEqual
        case 4: .less
        case 5: .lessEqual
        case 6: .greater
        case 7: .greaterEqual
        case 8: .contains
        case 9: .add
        case 10: .subtract
        case 11: .multiply
        default: .divide
        }
    }
}

/// An append-only list in chunks of a fixed size: growing never copies what is there,
/// and the room not yet used is at most one chunk. Chunks are raw memory the list owns,
/// so reading a row touches no reference count.
struct ChunkedRows<Element>: ~Copyable {
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }
    private var chunks: [UnsafeMutablePointer<Element>] = []
    private(set) var count = 0

    init() {}

    deinit {
        var remaining = count
        for chunk in chunks {
            chunk.deinitialize(count: min(remaining, Self.chunkSize))
            chunk.deallocate()
            remaining -= Self.chunkSize
        }
    }

    /// Appends `element` and returns its row number.
    @discardableResult
    mutating func append(_ element: Element) -> UInt32 {
        let offset = count & (Self.chunkSize - 1)
        if offset == 0 { chunks.append(.allocate(capacity: Self.chunkSize)) }
        (chunks[chunks.count - 1] + offset).initialize(to: element)
        defer { count += 1 }
        return UInt32(truncatingIfNeeded: count)
    }

    /// The row `row`, which must be below `count`.
    subscript(row: UInt32) -> Element {
        get {
            precondition(Int(row) < count, "row out of range")
            return chunks[Int(row) >> Self.chunkShift][Int(row) & (Self.chunkSize - 1)]
        }
        set {
            precondition(Int(row) < count, "row out of range")
            chunks[Int(row) >> Self.chunkShift][Int(row) & (Self.chunkSize - 1)] = newValue
        }
    }
}
