import GestureDSL

/// Parses `text` as a file named `test.gdl`, returning the syntax and diagnostics.
func parse(_ text: String) -> (syntax: FileSyntax, diagnostics: [Diagnostic], sources: SourceManager) {
    parse(bytes: Array(text.utf8))
}

func parse(bytes: [UInt8]) -> (syntax: FileSyntax, diagnostics: [Diagnostic], sources: SourceManager) {
    var sources = SourceManager()
    let file = SourceFile(path: "test.gdl", bytes: bytes)
    let id = sources.add(file)
    var bag = DiagnosticBag(errorLimit: nil)
    let syntax = Parser.parse(file, id: id, diagnostics: &bag)
    return (syntax, bag.diagnostics, sources)
}

/// The token kinds of `text`, without the final end of file.
func tokenKinds(_ text: String) -> (kinds: [TokenKind], diagnostics: [Diagnostic]) {
    let file = SourceFile(path: "test.gdl", text: text)
    var lexer = Lexer(file: file, id: FileID(0))
    var bag = DiagnosticBag(errorLimit: nil)
    let tokens = lexer.tokenize(diagnostics: &bag)
    return (tokens.dropLast().map(\.kind), bag.diagnostics)
}

/// "line:column: message" for each diagnostic, for compact expectations.
func located(_ diagnostics: [Diagnostic], in sources: SourceManager) -> [String] {
    diagnostics.map {
        let (line, column) = sources[$0.range.file].lineAndColumn(of: $0.range.start)
        return "\(line):\(column): \($0.message)"
    }
}

/// Wraps set members in a gesture set with a window role.
func inSet(_ members: String) -> String {
    "gestures Test {\n  view window\n\(members)\n}\n"
}

/// "line:col" of a range's start.
func located(_ range: SourceRange, in sources: SourceManager) -> String {
    let (line, column) = sources[range.file].lineAndColumn(of: range.start)
    return "\(line):\(column)"
}
