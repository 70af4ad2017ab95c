/// Every problem the lexer and parser report, with its id and message.
///
/// Ids GDL001–GDL019 are lexical, GDL020–GDL099 syntactic; `docs/diagnostics.md`
/// lists them.
public enum SyntaxProblem: DiagnosticMessage, Hashable {
    case unexpectedCharacter(String)
    case invalidUTF8
    case nulByte
    case unterminatedString
    case invalidEscape(String)
    case unterminatedBlockComment
    case unknownUnit(String)
    case newlineInString

    case expected(String, found: String)
    case expectedDeclaration(found: String)
    case expectedSetMember(found: String)
    case expectedKindMember(found: String)
    case expectedViewMember(found: String)
    case expectedExpression(found: String)
    case expectedEvent(found: String)
    case expectedAction(found: String)
    case unknownDeclarationKeyword(String)
    case nestingTooDeep(limit: Int)
    case expressionTooLong(limit: Int)
    case fileTooLarge(limit: Int)
    case importAfterDeclaration
    case chainedComparison
    case transitionNeedsTargetOrActions
    case invalidNumber(String)

    public var id: DiagnosticID {
        switch self {
        case .unexpectedCharacter: "GDL001"
        case .invalidUTF8: "GDL002"
        case .nulByte: "GDL003"
        case .unterminatedString: "GDL004"
        case .invalidEscape: "GDL005"
        case .unterminatedBlockComment: "GDL006"
        case .unknownUnit: "GDL007"
        case .newlineInString: "GDL008"
        case .invalidNumber: "GDL009"
        case .expected: "GDL020"
        case .expectedDeclaration: "GDL021"
        case .expectedSetMember: "GDL022"
        case .expectedKindMember: "GDL023"
        case .expectedViewMember: "GDL024"
        case .expectedExpression: "GDL025"
        case .expectedEvent: "GDL026"
        case .expectedAction: "GDL027"
        case .unknownDeclarationKeyword: "GDL028"
        case .nestingTooDeep: "GDL029"
        case .importAfterDeclaration: "GDL030"
        case .chainedComparison: "GDL031"
        case .transitionNeedsTargetOrActions: "GDL032"
        case .expressionTooLong: "GDL033"
        case .fileTooLarge: "GDL034"
        }
    }

    public var severity: Severity { .error }

    public var message: String {
        switch self {
        case .unexpectedCharacter(let text): "unexpected character '\(text)'"
        case .invalidUTF8: "invalid UTF-8"
        case .nulByte: "unexpected NUL byte"
        case .unterminatedString: "unterminated string literal"
        case .invalidEscape(let text): "invalid escape sequence '\\\(text)' in string"
        case .unterminatedBlockComment: "unterminated '/*' comment"
        case .unknownUnit(let unit): "unknown unit '\(unit)'"
        case .newlineInString: "string literal cannot span lines"
        case .invalidNumber(let text): "invalid number '\(text)'"
        case .expected(let what, let found): "expected \(what), found \(found)"
        case .expectedDeclaration(let found):
            "expected 'gestures' or 'kind' declaration, found \(found)"
        case .expectedSetMember(let found):
            "expected a view, recognizer, hook or relation, found \(found)"
        case .expectedKindMember(let found):
            "expected a state, 'var', 'report', 'require', prevention rule or property, found \(found)"
        case .expectedViewMember(let found): "expected a property or nested view, found \(found)"
        case .expectedExpression(let found): "expected an expression, found \(found)"
        case .expectedEvent(let found):
            "expected an event ('down', 'move', 'up', 'cancel' or 'timer NAME'), found \(found)"
        case .expectedAction(let found):
            "expected an action ('start timer', 'stop timer', 'ignore' or an assignment), found \(found)"
        case .unknownDeclarationKeyword(let word): "unknown declaration '\(word)'"
        case .nestingTooDeep(let limit): "nesting is too deep (the limit is \(limit) levels)"
        case .expressionTooLong(let limit):
            "this expression has more than \(limit) operators; split it with a hook or a variable"
        case .fileTooLarge(let limit): "a spec may be at most \(limit) bytes; split it into files that import each other"
        case .importAfterDeclaration: "imports must come before all declarations"
        case .chainedComparison: "comparisons cannot be chained; combine them with '&&'"
        case .transitionNeedsTargetOrActions:
            "a transition needs a target state ('-> STATE') or an action block, or both"
        }
    }
}
