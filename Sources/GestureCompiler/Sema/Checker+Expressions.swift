import GestureDSL
import GestureRuntime

extension Checker {
    /// Resolves every name, member and call in `expr` and returns its type, or nil when
    /// it has none because of an error already reported (so errors do not cascade).
    /// The model records the type of every expression checked, and what each name and
    /// member means.
    @discardableResult
    mutating func checkExpression(_ expr: Expr, in scope: Scope) -> ValueType? {
        let (type, meaning) = typeAndMeaning(of: expr, in: scope)
        model.record(expr, type: type, meaning: meaning)
        return type
    }

    private mutating func typeAndMeaning(of expr: Expr, in scope: Scope) -> (ValueType?, SemanticModel.Meaning?) {
        // The node is read once here and handed on.
        let kind = expr.kind
        switch kind {
        case .name(let name):
            return checkName(Identifier(name, range: expr.range), in: scope)
        case .member(let base, let member):
            return checkMember(base: base, member: member, in: scope)
        default:
            return (type(of: expr, kind: kind, in: scope), nil)
        }
    }

    /// The type of `expr`, whose node reads `kind`.
    private mutating func type(of expr: Expr, kind: Expr.Kind, in scope: Scope) -> ValueType? {
        switch kind {
        case .number(let literal):
            if let unit = literal.unit { return .scalar(Dimension(unit: unit)) }
            return literal.isInteger ? .int : .number
        case .bool:
            return .bool
        case .string:
            return .text
        case .bad:
            return nil
        case .name, .member:
            return checkExpression(expr, in: scope)
        case .list(let elements):
            // A set: of directions, or of touch types (R87), as its first element says.
            var setType: ValueType?
            for element in elements {
                guard let type = checkExpression(element, in: scope) else { continue }
                let expected = setType ?? (type == .touchTypes ? .touchTypes : .direction)
                if type != expected {
                    let what = expected == .touchTypes ? "a touch type" : "a direction"
                    report(.wrongType(context: "a list element", expected: what, found: type.name), at: element.range)
                    return nil
                }
                setType = expected
            }
            return setType ?? .direction
        case .call(let function, let arguments):
            return checkCall(function, arguments: arguments, in: scope)
        case .unary(let op, let operand):
            guard let type = checkExpression(operand, in: scope) else { return nil }
            switch (op, type) {
            case (.not, .bool), (.negate, .int), (.negate, .scalar), (.negate, .vector):
                return type
            default:
                report(
                    .wrongType(context: "the operand of '\(op.rawValue)'", expected: op == .not ? "bool" : "a number", found: type.name),
                    at: operand.range)
                return nil
            }
        case .binary(let op, let left, let right):
            if let type = checkViewOrKindTest(op, left, right, at: expr.range, in: scope) { return type }
            let leftType = checkExpression(left, in: scope)
            let rightType = checkExpression(right, in: scope)
            guard let leftType, let rightType else { return nil }
            return binaryType(op, leftType, rightType, left: left, right: right, at: expr.range)
        }
    }

    /// Checks `expr` and reports it unless it has type `expected`. A bare number where
    /// a dimension is needed gets the fix in a note: `350` → `350ms`.
    /// `context` names the value in messages; it is built only when one is reported.
    mutating func expect(_ expr: Expr, _ expected: ValueType, context: @autoclosure () -> String, in scope: Scope) {
        guard let found = checkExpression(expr, in: scope), !found.converts(to: expected) else { return }
        // `unlimited` is the largest value of any quantity where one is given: a count,
        // and also a duration, a distance or an angle without a bound (`tap(maximumDuration: unlimited)`).
        if case .name("unlimited") = expr.kind, scope.names["unlimited"] == nil, case .scalar = expected { return }
        if case .number(let literal) = expr.kind, literal.unit == nil, case .scalar(let dimension) = expected,
            !dimension.literals("").isEmpty
        {
            report(
                .missingUnit(context: context(), expected: expected.name), at: expr.range,
                notes: Self.unitNotes(expr, dimension))
            return
        }
        report(.wrongType(context: context(), expected: expected.name, found: found.name), at: expr.range)
    }

    // MARK: - Names, members, calls

    private mutating func checkName(_ name: Identifier, in scope: Scope) -> (ValueType?, SemanticModel.Meaning?) {
        if let symbol = scope.names[name.name] {
            refer(name.range, to: symbol.declaration)
            return (symbol.type, SemanticModel.Meaning(declared: symbol.kind))
        }
        let builtin: Builtins.Name?
        if name.name == lastBuiltin.name {
            builtin = lastBuiltin.builtin
        } else {
            builtin = Builtins.builtin(named: name.name)
            lastBuiltin = (name.name, builtin)
        }
        switch builtin {
        case .constant:
            return (Builtins.type(ofConstant: name.name), .constant)
        case .other:
            switch scope.other {
            case .unavailable:
                report(.otherOutsideRelation, at: name.range)
                return (nil, nil)
            case .recognizer, .kind:
                return (.recognizer, .other)
            }
        case .feature(let feature):
            if !scope.allowsFeatures {
                report(
                    .unknownName(what: "constant", name: name.name), at: name.range,
                    notes: [Note("'\(feature.name)' is measured from touches, and this value is fixed before any touch", at: name.range)])
                return (nil, nil)
            }
            return (Builtins.type(of: feature), .feature)
        case .function:
            report(
                .unknownName(what: "name", name: name.name), at: name.range,
                notes: [Note("'\(name.name)' is a function; call it with '(…)'", at: name.range)])
            return (nil, nil)
        case nil:
            if let symbol = scope.runTimeNames[name.name] {
                report(
                    .unknownName(what: "constant", name: name.name), at: name.range,
                    notes: [Note("'\(name.name)' is a \(symbol.what), not a constant; this value is fixed before any touch", at: symbol.range)])
                return (nil, nil)
            }
            // Edges are named by the direction they face; `top` and `bottom` stay free
            // for roles (docs/devices.md).
            if let edge = ["top": "up", "bottom": "down"][name.name] {
                report(
                    .unknownName(what: "name", name: name.name), at: name.range,
                    notes: [
                        Note(
                            "an edge is named by the direction it faces: '\(edge)' is the \(name.name) edge", at: name.range,
                            fix: FixIt(replacing: name.range, with: edge))
                    ])
                return (nil, nil)
            }
            var candidates = scope.names.mapValues(\.range)
            for constant in Builtins.constants { candidates[constant] = name.range }
            if scope.allowsFeatures {
                for feature in Feature.allCases { candidates[feature.name] = name.range }
            }
            reportUnknown("name", name, candidates: candidates)
            return (nil, nil)
        }
    }

    private mutating func checkMember(base: Expr, member: Identifier, in scope: Scope) -> (ValueType?, SemanticModel.Meaning?) {
        if case .name("other") = base.kind, scope.names["other"] == nil {
            switch scope.other {
            case .unavailable:
                report(.otherOutsideRelation, at: base.range)
            case .recognizer:
                model.record(base, type: .recognizer, meaning: .other)
                if member.name == "view" { return (.view, .otherView) }
                if member.name == "kind" { return (.kind, .otherKind) }
                report(
                    .unknownMember(base: "'other'", member: member.name), at: member.range,
                    notes: [
                        Note(
                            "here 'other' is a recognizer: compare it with recognizer names, or read its 'view' (a view role) "
                                + "or its 'kind'", at: member.range)
                    ])
            case .kind(let kind, let parameters):
                model.record(base, type: .recognizer, meaning: .other)
                if let type = parameters[member.name] { return (type, .otherParameter) }
                var notes: [Note] = []
                if let guess = Suggestions.closest(to: member.name, among: parameters.keys.sorted()) {
                    notes.append(Note("did you mean '\(guess)'?", at: member.range, fix: FixIt(replacing: member.range, with: guess)))
                }
                report(.unknownMember(base: "kind '\(kind)'", member: member.name), at: member.range, notes: notes)
            }
            return (nil, nil)
        }
        guard let baseType = checkExpression(base, in: scope) else { return (nil, nil) }
        // Name the value when it has a name: "'velocity' has no member 'z'".
        let described = if case .name(let name) = base.kind { "'\(name)'" } else { "a \(baseType.name)" }
        if case .vector(let dimension) = baseType {
            if Builtins.pointMembers.contains(member.name) { return (.scalar(dimension), .component) }
            report(
                .unknownMember(base: described, member: member.name), at: member.range,
                notes: [Note("points and vectors have members 'x' and 'y'", at: member.range)])
            return (nil, nil)
        }
        report(.unknownMember(base: described, member: member.name), at: member.range)
        return (nil, nil)
    }

    private mutating func checkCall(_ function: Identifier, arguments: [Expr], in scope: Scope) -> ValueType? {
        let types = arguments.map { checkExpression($0, in: scope) }
        guard scope.names[function.name] == nil, case .function(let arity) = Builtins.builtin(named: function.name) else {
            if scope.names[function.name] != nil || Builtins.builtin(named: function.name) != nil {
                report(.notCallable(name: function.name), at: function.range)
            } else {
                var candidates: [String: SourceRange] = [:]
                for name in Builtins.functions.keys { candidates[name] = function.range }
                reportUnknown("function", function, candidates: candidates)
            }
            return nil
        }
        guard arity == arguments.count else {
            report(
                .wrongArgumentCount(function: function.name, expected: arity, found: arguments.count),
                at: function.range)
            return nil
        }
        let known = types.compactMap { $0 }
        guard known.count == types.count else { return nil }
        switch function.name {
        case "length":
            if case .vector(let dimension) = known[0] { return .scalar(dimension) }
            report(.wrongType(context: "the argument of 'length'", expected: "a point or vector", found: known[0].name), at: arguments[0].range)
            return nil
        case "abs":
            if known[0].asScalar != nil { return known[0] }
            report(.wrongType(context: "the argument of 'abs'", expected: "a number", found: known[0].name), at: arguments[0].range)
            return nil
        default:  // min, max: two numbers of one dimension
            for (argument, type) in zip(arguments, known) where type.asScalar == nil {
                report(.wrongType(context: "an argument of '\(function.name)'", expected: "a number", found: type.name), at: argument.range)
                return nil
            }
            return binaryType(
                .add, known[0], known[1], left: arguments[0], right: arguments[1], at: function.range,
                spelling: function.name)
        }
    }

    // MARK: - Views and kinds

    /// `other.kind == pan` (a kind's name, read among the kinds), and `touchedView in
    /// scroller` or `other.view in scroller`: the view is of that role or inside one
    /// (R18: what a touch reaches). Nil when `op` is neither test, which the general rules then check.
    private mutating func checkViewOrKindTest(
        _ op: BinaryOperator, _ left: Expr, _ right: Expr, at range: SourceRange, in scope: Scope
    ) -> ValueType? {
        switch op {
        case .equal, .notEqual:
            guard Self.isOtherMember(left, "kind", in: scope) || Self.isOtherMember(right, "kind", in: scope) else {
                return nil
            }
            let kindOnLeft = Self.isOtherMember(left, "kind", in: scope)
            let (otherKind, name) = kindOnLeft ? (left, right) : (right, left)
            // `other` itself must be known here.
            guard checkExpression(otherKind, in: scope) != nil else { return .bool }
            guard case .name(let kind) = name.kind else {
                report(
                    .wrongType(context: "what 'other.kind' is compared with", expected: "a kind's name", found: "an expression"),
                    at: name.range)
                return .bool
            }
            if let info = kinds[kind] {
                refer(name.range, to: info.declaration)
                model.record(name, type: .kind, meaning: .kindName)
            } else {
                var candidates: [String: SourceRange] = [:]
                for (declared, info) in kinds { candidates[declared] = info.decl.name.range }
                reportUnknown("kind", Identifier(kind, range: name.range), candidates: candidates)
            }
            return .bool
        case .contains:
            // Told apart by how the left is written, so that nothing is checked twice.
            let viewOnLeft =
                switch left.kind {
                case .name(let name): (name == "touchedView" && scope.names[name] == nil) || scope.names[name]?.type == .view
                case .member: Self.isOtherMember(left, "view", in: scope)
                default: false
                }
            guard viewOnLeft else { return nil }
            guard checkExpression(left, in: scope) != nil else { return .bool }
            let rightType = if case .name = right.kind { checkExpression(right, in: scope) } else { ValueType?.none }
            if case .name = right.kind, rightType == nil { return .bool }  // already reported
            guard rightType == .view else {
                report(
                    .wrongType(context: "the right of 'in' after a view", expected: "a view role's name", found: "another value"),
                    at: right.range)
                return .bool
            }
            let isTouched = if case .name("touchedView") = left.kind { scope.names["touchedView"] == nil } else { false }
            if !isTouched && !Self.isOtherMember(left, "view", in: scope) {
                report(
                    .wrongType(
                        context: "the left of 'in' before a view role", expected: "'touchedView' or 'other.view'",
                        found: "another view"), at: left.range)
            }
            return .bool
        default:
            return nil
        }
    }

    /// Whether `expr` is `other.MEMBER` with the built-in `other`.
    static func isOtherMember(_ expr: Expr, _ member: String, in scope: Scope) -> Bool {
        guard case .member(let base, let name) = expr.kind, name.name == member, case .name("other") = base.kind else {
            return false
        }
        return scope.names["other"] == nil
    }

    // MARK: - Operators

    /// The type of `left op right`, reporting operands that do not fit.
    private mutating func binaryType(
        _ op: BinaryOperator, _ left: ValueType, _ right: ValueType, left leftExpr: Expr, right rightExpr: Expr,
        at range: SourceRange, spelling: String? = nil
    ) -> ValueType? {
        // A bare `0` fits any dimension, so `translation.y < 0` needs no unit.
        // (The types first: reading a node costs more than comparing them.)
        let left = right.asScalar != nil && isZero(leftExpr) ? right : left
        let right = left.asScalar != nil && isZero(rightExpr) ? left : right
        let result: ValueType?
        switch op {
        case .and, .or:
            result = left == .bool && right == .bool ? .bool : nil
        case .equal, .notEqual:
            result = left == right || sameKind(left, right) != nil ? .bool : nil
        case .less, .lessEqual, .greater, .greaterEqual:
            result = sameKind(left, right).flatMap { $0.asScalar != nil ? .bool : nil }
        case .contains:
            result = left == right && (left == .direction || left == .touchTypes) ? .bool : nil
        case .add, .subtract:
            result = sameKind(left, right) ?? (sameVector(left, right))
        case .multiply, .divide:
            // A vector scaled by a number, or a number by a number; a dimension whose
            // power would pass the limit is reported as such, not as a mismatch.
            let vector: Bool
            let factors: (Dimension, Dimension)?
            switch (left, right) {
            case (.int, .int) where op == .multiply:
                return .int
            case (.vector(let d), _) where right.asScalar != nil:
                (vector, factors) = (true, right.asScalar.map { (d, $0) })
            case (_, .vector(let d)) where left.asScalar != nil && op == .multiply:
                (vector, factors) = (true, left.asScalar.map { ($0, d) })
            default:
                vector = false
                if let a = left.asScalar, let b = right.asScalar { factors = (a, b) } else { factors = nil }
            }
            if let (a, b) = factors {
                guard let product = op == .multiply ? a.times(b) : a.over(b) else {
                    report(.dimensionOutOfRange(op: spelling ?? op.rawValue, limit: Dimension.limit), at: range)
                    return nil
                }
                result = vector ? .vector(product) : .scalar(product)
            } else {
                result = nil
            }
        }
        if result == nil {
            // A bare number beside a dimensioned one most likely lacks its unit; a
            // quantity beside its rate lacks the duration it is over.
            if let (literal, dimension) = unitlessLiteral(leftExpr, beside: right) ?? unitlessLiteral(rightExpr, beside: left),
                !dimension.literals("").isEmpty
            {
                report(
                    .missingUnit(context: "this number", expected: dimension.name), at: literal.range,
                    notes: Self.unitNotes(literal, dimension))
            } else {
                let notes = [rateNote(leftExpr, left, beside: right), rateNote(rightExpr, right, beside: left)]
                report(
                    .incompatibleOperands(op: spelling ?? op.rawValue, left: left.name, right: right.name), at: range,
                    notes: notes.compactMap { $0 })
            }
        }
        return result
    }

    /// `expr` and the dimension it should have, when it is a number written without a
    /// unit beside a value with a dimension.
    /// The ways to write a bare number as a quantity, each a note with its fix: one
    /// where the dimension has one unit (`45` → `45pt`), which `check --fix` applies;
    /// a choice where it has several (`0.8` → `0.8ms` or `0.8s`), which it leaves to
    /// the user, since a guess could change the value a thousandfold.
    static func unitNotes(_ literal: Expr, _ dimension: Dimension) -> [Note] {
        let spellings = dimension.literals(literal.fullyParenthesized)
        guard spellings.count > 1 else {
            return spellings.map { Note("write '\($0.text)'", at: literal.range, fix: FixIt(replacing: literal.range, with: $0.text)) }
        }
        return spellings.map { spelling in
            Note(
                "write '\(spelling.text)' for \(spelling.meaning)", at: literal.range,
                fix: FixIt(replacing: literal.range, with: spelling.text))
        }
    }

    private func unitlessLiteral(_ expr: Expr, beside other: ValueType) -> (Expr, Dimension)? {
        guard case .number(let literal) = expr.kind, literal.unit == nil, case .scalar(let dimension) = other,
            dimension != .dimensionless
        else { return nil }
        return (expr, dimension)
    }

    /// For a number with a unit beside a rate of its dimension (`100pt` beside a speed):
    /// how to write the rate.
    private func rateNote(_ expr: Expr, _ type: ValueType, beside other: ValueType) -> Note? {
        guard case .number(let literal) = expr.kind, literal.unit != nil, case .scalar(let dimension) = type,
            case .scalar(let rate) = other, rate == dimension / .time
        else { return nil }
        return Note("a \(rate.name) is a \(dimension.name) over a duration: write '\(expr.fullyParenthesized) / 1s'", at: expr.range)
    }

    /// The common numeric type of two scalars of one dimension (int if both are).
    private func sameKind(_ left: ValueType, _ right: ValueType) -> ValueType? {
        if left == .int, right == .int { return .int }
        guard let a = left.asScalar, let b = right.asScalar, a == b else { return nil }
        return .scalar(a)
    }

    private func sameVector(_ left: ValueType, _ right: ValueType) -> ValueType? {
        if case .vector(let a) = left, case .vector(let b) = right, a == b { return left }
        return nil
    }

    private func isZero(_ expr: Expr) -> Bool {
        if case .number(let literal) = expr.kind { return literal.unit == nil && literal.value == 0 }
        return false
    }
}
