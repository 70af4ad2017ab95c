/// Where a table row came from: a file of `GestureProgram.files`, a line and a column
/// (both from 1, columns in UTF-8 bytes as in diagnostics).
public struct SourceLocation: Hashable, Sendable {
    public var file: Int
    public var line: Int
    public var column: Int

    public init(file: Int, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}
