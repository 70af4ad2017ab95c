/// The parsed form of one `.gdl` file.
public struct FileSyntax: Sendable {
    public var file: FileID
    public var imports: [ImportDecl]
    public var gestureSets: [GestureSetDecl]
    public var kinds: [KindDecl]
    public var components: [ComponentDecl]

    public init(
        file: FileID, imports: [ImportDecl] = [], gestureSets: [GestureSetDecl] = [], kinds: [KindDecl] = [],
        components: [ComponentDecl] = []
    ) {
        self.file = file
        self.imports = imports
        self.gestureSets = gestureSets
        self.kinds = kinds
        self.components = components
    }
}

/// `import "Common.gdl"`: brings another file's kinds and gesture sets into scope.
public struct ImportDecl: Sendable {
    /// The path between the quotes, unescaped.
    public var path: String
    /// The range of the string literal.
    public var pathRange: SourceRange
    public var range: SourceRange
}

/// Documentation from `///` comments, one entry per line, markers stripped.
public struct DocComment: Hashable, Sendable {
    public var lines: [String]
    public var text: String { lines.joined(separator: "\n") }

    public init(lines: [String]) {
        self.lines = lines
    }

    /// The first sentence, without its full stop: what a short label (an
    /// accessibility action's) reads. It ends at the first `.` followed by a space or
    /// the end, or at the first blank line; lines of one paragraph join with a space.
    public var summary: String {
        var words: [String] = []
        for line in lines {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { if words.isEmpty { continue } else { break } }
            words.append(trimmed)
        }
        let paragraph = words.joined(separator: " ")
        var end = paragraph.endIndex
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let next = paragraph.index(after: index)
            if paragraph[index] == ".", next == paragraph.endIndex || paragraph[next] == " " {
                end = index
                break
            }
            index = next
        }
        return String(paragraph[..<end]).trimmingSpaces
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

/// `name: value`, used for view, recognizer and kind properties.
public struct PropertyDecl: Sendable {
    public var name: Identifier
    public var value: Expr
    public var range: SourceRange
}
