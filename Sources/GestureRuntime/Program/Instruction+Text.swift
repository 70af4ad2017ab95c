extension Instruction: CustomStringConvertible {
    /// The text form, used by the JSON format and listings: the mnemonic and its
    /// operand, `constant 0.35`, `feature touchCount`, `jumpIfFalse 3`.
    public var description: String {
        switch self {
        case .constant(let value): "constant " + NumberText.format(value)
        case .feature(let feature): "feature " + feature.name
        default: index.map { "\(opcode.name) \($0)" } ?? opcode.name
        }
    }

    /// Reads the text form; nil when `text` is not an instruction.
    public init?(text: Substring) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = parts.first, parts.count <= 2, let opcode = Opcode(name: String(first)) else { return nil }
        let operand = parts.count == 2 ? String(parts[1]) : nil
        switch opcode.operand {
        case .none:
            guard operand == nil, let instruction = Instruction(opcode, index: 0) else { return nil }
            self = instruction
        case .number:
            guard let operand, let value = Double(operand), value.isFinite else { return nil }
            self = .constant(value)
        case .feature:
            guard let operand, let feature = Feature(name: operand) else { return nil }
            self = .feature(feature)
        case .index, .offset:
            guard let operand, let value = Int(operand), value >= 0, let instruction = Instruction(opcode, index: value)
            else { return nil }
            self = instruction
        }
    }
}
