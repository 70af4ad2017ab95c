import GestureDSL
import GestureRuntime

extension Checker {
    /// Resolves every name, member and call in `expr`.
    mutating func checkExpression(_ expr: Expr, in scope: Scope) {
        switch expr.kind {
        case .number, .bool, .bad:
            break
        case .name(let name):
            checkName(Identifier(name, range: expr.range), in: scope)
        case .list(let elements):
            for element in elements { checkExpression(element, in: scope) }
        case .member(let base, let member):
            checkMember(base: base, member: member, in: scope)
        case .call(let function, let arguments):
            checkCall(function, arguments: arguments, in: scope)
        case .unary(_, let operand):
            checkExpression(operand, in: scope)
        case .binary(_, let left, let right):
            checkExpression(left, in: scope)
            checkExpression(right, in: scope)
        }
    }

    private mutating func checkName(_ name: Identifier, in scope: Scope) {
        if scope.names[name.name] != nil { return }
        switch Builtins.names[name.name] {
        case .constant:
            return
        case .other:
            if case .unavailable = scope.other { report(.otherOutsideRelation, at: name.range) }
        case .feature(let feature):
            if !scope.allowsFeatures {
                report(
                    .unknownName(what: "constant", name: name.name), at: name.range,
                    notes: [Note("'\(feature.name)' is measured from touches, and this value is fixed before any touch", at: name.range)])
            }
        case .function:
            report(
                .unknownName(what: "name", name: name.name), at: name.range,
                notes: [Note("'\(name.name)' is a function; call it with '(…)'", at: name.range)])
        case nil:
            var candidates = scope.names.mapValues(\.range)
            for constant in Builtins.constants { candidates[constant] = name.range }
            if scope.allowsFeatures {
                for feature in Feature.allCases { candidates[feature.name] = name.range }
            }
            reportUnknown("name", name, candidates: candidates)
        }
    }

    private mutating func checkMember(base: Expr, member: Identifier, in scope: Scope) {
        checkExpression(base, in: scope)
        guard case .name(let baseName) = base.kind else {
            report(.unknownMember(base: "this value", member: member.name), at: member.range)
            return
        }
        if baseName == "other" {
            switch scope.other {
            case .unavailable:
                return  // already reported by checkExpression(base)
            case .recognizer:
                report(
                    .unknownMember(base: "'other'", member: member.name), at: member.range,
                    notes: [Note("in shouldRecognizeSimultaneously, 'other' can only be compared with recognizer names", at: member.range)])
            case .kind(let kind, let parameters):
                if !parameters.contains(member.name) {
                    var notes: [Note] = []
                    if let guess = Suggestions.closest(to: member.name, among: parameters) {
                        notes.append(Note("did you mean '\(guess)'?", at: member.range))
                    }
                    report(
                        .unknownMember(base: "kind '\(kind)'", member: member.name),
                        at: member.range, notes: notes)
                }
            }
            return
        }
        let builtin = scope.names[baseName] == nil ? Builtins.names[baseName] : nil
        if case .feature(let feature) = builtin, Builtins.pointFeatures.contains(feature) {
            if !Builtins.pointMembers.contains(member.name) {
                report(.unknownMember(base: "'\(baseName)'", member: member.name), at: member.range,
                       notes: [Note("points have members 'x' and 'y'", at: member.range)])
            }
            return
        }
        switch builtin {
        case .feature, .constant, nil where scope.names[baseName] != nil:
            report(.unknownMember(base: "'\(baseName)'", member: member.name), at: member.range)
        default:
            break  // an unknown base was reported by checkExpression(base)
        }
    }

    private mutating func checkCall(_ function: Identifier, arguments: [Expr], in scope: Scope) {
        for argument in arguments { checkExpression(argument, in: scope) }
        if scope.names[function.name] == nil, case .function(let arity) = Builtins.names[function.name] {
            if arity != arguments.count {
                report(
                    .wrongArgumentCount(function: function.name, expected: arity, found: arguments.count),
                    at: function.range)
            }
        } else if scope.names[function.name] != nil || Builtins.names[function.name] != nil {
            report(.notCallable(name: function.name), at: function.range)
        } else {
            var candidates: [String: SourceRange] = [:]
            for name in Builtins.functions.keys { candidates[name] = function.range }
            reportUnknown("function", function, candidates: candidates)
        }
    }
}
