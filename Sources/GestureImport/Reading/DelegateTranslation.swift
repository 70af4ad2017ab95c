/// Turns a delegate method's body into the language, for one recognizer it answers for.
/// The body's statements are evaluated symbolically: a test of which recognizer asks
/// (`gestureRecognizer == tap`, `gestureRecognizer is UIPanGestureRecognizer`) is decided
/// for that recognizer, the other recognizer becomes `other`, the touch's view
/// `touchedView`, `velocity(in:)` and `translation(in:)` the features, and a test of the
/// app's own state a hook named after what it reads. Anything else leaves the method
/// untranslated (nil), and the caller writes a hook with a TODO that quotes it.
struct DelegateTranslation {
    /// What the translation knows of the screen.
    struct Context {
        /// The recognizer being answered for.
        var subject: Subject
        /// Set while a requirement question is asked of one candidate: the other
        /// recognizer is known, so tests of it are decided.
        var knownOther: Subject?
        var method: DelegateMethod
        /// Draft names of the screen's recognizers, by the names the code uses.
        var recognizerNames: [String: Subject]
        var roleNames: Set<String>
        var rootName: String
    }

    struct Subject: Equatable {
        var name: String
        var kind: String
        var role: String?
    }

    /// A translated piece of an expression.
    enum Piece {
        case logic(Logic)
        /// A number or measurement in the language, with its dimension.
        case value(String, Dimension)
        case subject, other, touch
        case subjectView, otherView, touchView
        case recognizer(Subject)
        case role(String)
        case selfReference
        /// A feature of the asking recognizer (`velocity`), before `.x` or `.y`.
        case feature(String, Dimension)
        /// The touch's type (`touch.type`), and a touch type by the language's name
        /// (`.pencil`, `UITouch.TouchType.pencil`, `UITouchTypePencil`), R87.
        case touchType
        case touchTypeName(String)
        /// Swift's implicit member's missing type (`.pencil`).
        case implicitType
        case typeName(String)
        /// The app's own state, as the path of names it reads.
        case app([String])
        case unknown
    }

    enum Dimension: Equatable { case scalar, distance, speed }

    var context: Context
    let index: TokenIndex
    /// Hooks made for app state: name, and the code they stand for.
    var hooks: [(name: String, quote: String)] = []
    var bindings: [String: CodeExpression] = [:]
    var depth = 0

    init(context: Context, index: TokenIndex) {
        self.context = context
        self.index = index
    }

    mutating func translate() -> Logic? {
        var parser = BodyParser(index: index, range: context.method.body)
        var statements = parser.statements()
        // A body of one expression returns it (Swift's implicit return).
        let body = context.method.body
        if statements.count == 1, case .unreadable = statements[0], !body.isEmpty,
            !["return", "if", "guard", "let", "var", "switch", "for", "while"].contains(index.text(body.lowerBound))
        {
            statements = [.returns(parser.expression(in: body))]
        }
        return evaluate(statements[...])
    }

    // MARK: Statements

    mutating func evaluate(_ statements: ArraySlice<CodeStatement>) -> Logic? {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64, let first = statements.first else { return nil }
        let rest = statements.dropFirst()
        switch first {
        case .returns(let expression):
            return logic(of: expression)
        case .binds(let name, let value):
            let saved = bindings[name]
            bindings[name] = value
            defer { bindings[name] = saved }
            return evaluate(rest)
        case .branch(let condition, let binding, let then, let otherwise):
            guard let test = test(condition, binding: binding) else { return nil }
            let saved = binding.map { bindings[$0.name] }
            if let binding { bindings[binding.name] = binding.value }
            let thenLogic = evaluate(then[...] + rest)
            if let binding { bindings[binding.name] = saved ?? nil }
            let otherwiseLogic = evaluate(otherwise[...] + rest)
            return combine(test, thenLogic, otherwiseLogic)
        case .guarded(let condition, let binding, let otherwise):
            guard let test = test(condition, binding: binding) else { return nil }
            let otherwiseLogic = evaluate(otherwise[...])
            let saved = binding.map { bindings[$0.name] }
            if let binding { bindings[binding.name] = binding.value }
            let thenLogic = evaluate(rest)
            if let binding { bindings[binding.name] = saved ?? nil }
            return combine(test, thenLogic, otherwiseLogic)
        case .unreadable:
            return nil
        }
    }

    /// A branch needs only the side its test can take: a decided test ignores the
    /// other side, even an untranslatable one.
    func combine(_ test: Logic, _ then: Logic?, _ otherwise: Logic?) -> Logic? {
        switch test {
        case .constant(true): return then
        case .constant(false): return otherwise
        default:
            guard let then, let otherwise else { return nil }
            return Logic.choose(test, then, otherwise)
        }
    }

    /// An `if` or `guard` test, with `let x = y as? T` read as "y is a T".
    mutating func test(_ condition: CodeExpression, binding: (name: String, value: CodeExpression)?) -> Logic? {
        var result = logic(of: condition)
        if let binding {
            guard let castTest = castTest(in: binding.value) else { return nil }
            result = result.map { castTest && $0 }
        }
        return result
    }

    /// For `y as? T` anywhere in a bound value, the test that `y` is a `T`; `.constant
    /// (true)` when the value holds no cast.
    mutating func castTest(in value: CodeExpression) -> Logic? {
        switch value {
        case .cast(let base, let type, false): return logic(of: .cast(base, type: type, test: true))
        case .member(let base, _): return castTest(in: base)
        case .call(let base, _): return castTest(in: base)
        case .message(let base, _): return castTest(in: base)
        default: return .constant(true)
        }
    }

    // MARK: Expressions

    mutating func logic(of expression: CodeExpression) -> Logic? {
        switch piece(expression) {
        case .logic(let logic): return logic
        case .app(let path): return .atom(hook(named: path, quoting: expression))
        default: return nil
        }
    }

    mutating func piece(_ expression: CodeExpression) -> Piece {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { return .unknown }
        switch expression {
        case .bool(let value): return .logic(.constant(value))
        case .number(let text):
            guard let number = ValueText.number(text) else { return .unknown }
            return .value(numberText(number), .scalar)
        case .name(let name): return named(name)
        case .member(let base, let member): return self.member(piece(base), member)
        case .call(let callee, let arguments): return call(callee, arguments)
        case .message(let receiver, let parts): return message(receiver, parts)
        case .cast(let base, let type, let test):
            let value = piece(base)
            return test ? isA(value, type) : value
        case .unary("!", let operand):
            switch piece(operand) {
            case .logic(let logic): return .logic(!logic)
            case .app(let path): return .logic(!.atom(hook(named: path, quoting: operand)))
            default: return .unknown
            }
        case .unary("-", let operand):
            if case .value(let text, let dimension) = piece(operand) { return .value("-" + text, dimension) }
            return .unknown
        case .binary(let op, let a, let b): return binary(op, a, b, whole: expression)
        default: return .unknown
        }
    }

    mutating func named(_ name: String) -> Piece {
        let method = context.method
        if name == method.recognizerName { return .subject }
        if name == method.otherName { return context.knownOther.map { .recognizer($0) } ?? .other }
        if name == method.touchName { return .touch }
        if name == "self" { return .selfReference }
        if name.isEmpty { return .implicitType }
        if name.hasPrefix("UITouchType"), let type = UIKitVocabulary.touchType(name) { return .touchTypeName(type) }
        if name == "nil" { return .unknown }
        if let bound = bindings[name] {
            let saved = bindings[name]
            bindings[name] = nil
            defer { bindings[name] = saved }
            return piece(bound)
        }
        return reference(name)
    }

    /// A name of the type: one of its recognizers, one of its roles, or app state.
    func reference(_ name: String) -> Piece {
        let plain = Names.stripIvar(name)
        if let recognizer = context.recognizerNames[plain] { return .recognizer(recognizer) }
        if context.roleNames.contains(plain) { return .role(plain) }
        if plain == "view" { return .role(context.rootName) }
        return .app([plain])
    }

    mutating func member(_ base: Piece, _ member: String) -> Piece {
        switch (base, member) {
        case (.selfReference, _): return reference(member)
        case (.subject, "view"): return .subjectView
        case (.other, "view"): return .otherView
        case (.recognizer(let r), "view"): return r.role.map { .role($0) } ?? .unknown
        case (.touch, "view"): return .touchView
        case (.touch, "type"): return .touchType
        case (.implicitType, let name), (.app(["UITouch", "TouchType"]), let name):
            return UIKitVocabulary.touchType(name).map { .touchTypeName($0) } ?? .unknown
        case (.role(let role), "panGestureRecognizer"):
            return context.recognizerNames[role + "Pan"].map { .recognizer($0) } ?? .unknown
        case (.role(let role), "pinchGestureRecognizer"):
            return context.recognizerNames[role + "Zoom"].map { .recognizer($0) } ?? .unknown
        case (.feature(let name, let dimension), "x"), (.feature(let name, let dimension), "y"):
            return .value(name + "." + member, dimension)
        case (.app(let path), _): return .app(path + [member])
        case (.role(let role), _): return .app([role, member])
        default: return .unknown
        }
    }

    mutating func call(_ callee: CodeExpression, _ arguments: [(label: String?, value: CodeExpression)]) -> Piece {
        if case .name(let function) = callee, ["abs", "fabs", "fabsf"].contains(function), arguments.count == 1 {
            if case .value(let text, let dimension) = piece(arguments[0].value) { return .value("abs(\(text))", dimension) }
            return .unknown
        }
        guard case .member(let base, let method) = callee else { return .unknown }
        let receiver = piece(base)
        switch (receiver, method) {
        case (.subject, "velocity"): return .feature("velocity", .speed)
        case (.subject, "translation"): return .feature("translation", .distance)
        case (.subject, "location"), (.touch, "location"): return .feature("location", .distance)
        case (.touchView, "isDescendant"):
            if let argument = arguments.first, case .role(let role) = piece(argument.value) {
                return .logic(.atom("touchedView in \(role)"))
            }
            return .unknown
        case (.app(let path), _):
            return arguments.isEmpty ? .app(path + [method]) : .unknown
        default: return .unknown
        }
    }

    mutating func message(_ receiver: CodeExpression, _ parts: [(part: String, value: CodeExpression?)]) -> Piece {
        guard let first = parts.first else { return .unknown }
        if parts.count == 1 && first.part == "class" && first.value == nil, case .name(let type) = receiver {
            return .typeName(type)
        }
        let base = piece(receiver)
        switch (base, first.part, first.value) {
        case (_, "isKindOfClass", let value?), (_, "isMemberOfClass", let value?):
            if case .typeName(let type) = piece(value) { return isA(base, type) }
            return .unknown
        case (.subject, "velocityInView", _): return .feature("velocity", .speed)
        case (.subject, "translationInView", _): return .feature("translation", .distance)
        case (.subject, "locationInView", _), (.touch, "locationInView", _): return .feature("location", .distance)
        case (.touch, "type", nil) where parts.count == 1: return .touchType
        case (.touchView, "isDescendantOfView", let value?):
            if case .role(let role) = piece(value) { return .logic(.atom("touchedView in \(role)")) }
            return .unknown
        case (.app(let path), let part, nil) where parts.count == 1: return .app(path + [part])
        default: return .unknown
        }
    }

    /// `x is T`, `[x isKindOfClass:[T class]]`.
    func isA(_ value: Piece, _ type: String) -> Piece {
        let kind = UIKitVocabulary.recognizerKinds[type]
        switch value {
        case .subject:
            if type == "UIGestureRecognizer" { return .logic(.constant(true)) }
            guard let kind else { return .unknown }
            return .logic(.constant(context.subject.kind == kind))
        case .recognizer(let known):
            if type == "UIGestureRecognizer" { return .logic(.constant(true)) }
            guard let kind else { return .unknown }
            return .logic(.constant(known.kind == kind))
        case .other:
            guard let kind else { return .unknown }
            return .logic(.compare("other.kind", "==", kind))
        case .touchView:
            // What lies under the finger is the app's to say: a hook, which is told
            // where the touch is (docs/engine.md).
            let name = type.hasPrefix("UI") ? String(type.dropFirst(2)) : type
            return .app(["touchIsOn" + name])
        default:
            return .unknown
        }
    }

    mutating func binary(_ op: String, _ a: CodeExpression, _ b: CodeExpression, whole: CodeExpression) -> Piece {
        if op == "&&" || op == "||" {
            guard let left = logic(of: a), let right = logic(of: b) else { return .unknown }
            return .logic(op == "&&" ? left && right : left || right)
        }
        let (left, right) = (piece(a), piece(b))
        if op == "==" || op == "!=" {
            if let decided = identity(left, right) ?? identity(right, left) {
                return .logic(op == "==" ? decided : !decided)
            }
        }
        switch (left, right) {
        case (.value(let x, let dx), .value(let y, let dy)):
            // A factor keeps its measurement's unit (`abs(velocity.y) * 2`); a sum or a
            // comparison gives a bare number the other side's.
            if op == "*" || (op == "/" && dy == .scalar) {
                guard dx == .scalar || dy == .scalar else { return .unknown }
                return .value("\(x) \(op) \(y)", dx == .scalar ? dy : dx)
            }
            guard op != "/", let (x, y) = unify(x, dx, y, dy) else { return .unknown }
            if op == "+" || op == "-" { return .value("\(x) \(op) \(y)", dx == .scalar ? dy : dx) }
            return .logic(.compare(x, op, y))
        case (.app, .app), (.app, .value(_, .scalar)), (.value(_, .scalar), .app), (.app, .logic(.constant)):
            if ["+", "-", "*", "/"].contains(op) { return .unknown }
            return .app(hookWords(whole))
        default:
            return .unknown
        }
    }

    /// `==` between recognizers, views and roles: decided, or a comparison with
    /// `other`, `other.view` or `touchedView`.
    func identity(_ a: Piece, _ b: Piece) -> Logic? {
        switch (a, b) {
        case (.subject, .recognizer(let r)): return .constant(r.name == context.subject.name)
        case (.recognizer(let x), .recognizer(let y)): return .constant(x.name == y.name)
        case (.other, .recognizer(let r)): return .compare("other", "==", r.name)
        case (.subjectView, .role(let role)): return .constant(context.subject.role == role)
        case (.otherView, .role(let role)): return .compare("other.view", "==", role)
        case (.touchView, .role(let role)): return .compare("touchedView", "==", role)
        case (.touchType, .touchTypeName(let name)): return .compare("touchType", "==", name)
        default: return nil
        }
    }

    /// Two measurements made comparable: a bare number takes the other side's unit.
    func unify(_ x: String, _ dx: Dimension, _ y: String, _ dy: Dimension) -> (String, String)? {
        func unit(_ text: String, _ dimension: Dimension) -> String {
            guard text != "0", Double(text) != nil || text.hasPrefix("-") && Double(text.dropFirst()) != nil else { return text }
            switch dimension {
            case .scalar: return text
            case .distance: return text + "pt"
            case .speed: return text + "pt / 1s"
            }
        }
        switch (dx, dy) {
        case (.scalar, .scalar): return (x, y)
        case (.scalar, _): return (unit(x, dy), y)
        case (_, .scalar): return (x, unit(y, dx))
        default: return dx == dy ? (x, y) : nil
        }
    }

    func numberText(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(value)
    }

    // MARK: Hooks

    /// The hook standing for app state: named after what it reads.
    mutating func hook(named path: [String], quoting expression: CodeExpression) -> String {
        let words = path.filter { !$0.isEmpty }
        var name = lowerCamel(words.enumerated().map { $0.offset == 0 ? $0.element : Names.capitalized($0.element) }.joined())
        name = Names.identifier(name, avoiding: "Flag")
        if name.count > 48 { name = String(name.prefix(48)) }
        if !hooks.contains(where: { $0.name == name }) { hooks.append((name, words.joined(separator: "."))) }
        return name
    }

    /// The words of an app-state comparison, for its hook's name
    /// (`scrollView.contentOffset.y <= 0` is `scrollViewContentOffsetYAtMost0`).
    func hookWords(_ expression: CodeExpression) -> [String] {
        switch expression {
        case .name(let name): return name == "self" ? [] : [Names.stripIvar(name)]
        case .member(let base, let member): return hookWords(base) + [member]
        case .number(let text): return [text.filter { $0.isNumber }]
        case .bool(let value): return [value ? "true" : "false"]
        case .call(let callee, _): return hookWords(callee)
        case .message(let receiver, let parts): return hookWords(receiver) + parts.map(\.part)
        case .unary(_, let operand): return ["not"] + hookWords(operand)
        case .binary(let op, let a, let b):
            let word = ["==": "Is", "!=": "IsNot", "<": "Below", "<=": "AtMost", ">": "Above", ">=": "AtLeast"][op] ?? "And"
            return hookWords(a) + [word] + hookWords(b)
        default: return []
        }
    }
}
