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
}

/// `name: value`, used for view, recognizer and kind properties.
public struct PropertyDecl: Sendable {
    public var name: Identifier
    public var value: Expr
    public var range: SourceRange
}
