// Kinds: parameters, variables, reports, prevention rules, states and transitions.

extension Parser {
    /// KindDecl = "kind" Ident [ Parameters ] ( "discrete" | "continuous" ) "{" { KindMember } "}" .
    mutating func parseKind() throws(ParseAbort) -> KindDecl {
        let start = mark
        let doc = docComment(of: current)
        advance()  // kind
        let name = try expectIdentifier("a kind name")
        let parameters = at(.leftParen) ? try parseParameters() : []
        let modeToken = current
        let mode: KindDecl.Mode
        // `discrete` and `continuous` are contextual: elsewhere they name scroll types (R88).
        switch current.kind == .identifier ? text(of: current) : "" {
        case "discrete": mode = .discrete
        case "continuous": mode = .continuous
        default:
            throw unexpectedWord(
                among: ["discrete", "continuous"],
                otherwise: .expected("'discrete' or 'continuous'", found: describe(current)))
        }
        advance()
        var members = KindMembers()
        try parseBlock(isBoundary: Parser.startsKindMember, closing: BlockName(kind: "kind", name: name.name)) { (parser) throws(ParseAbort) in
            try parser.parseKindMember(into: &members)
        }
        return KindDecl(
            doc: doc, name: name, parameters: parameters, mode: mode, modeRange: range(of: modeToken),
            properties: members.properties, variables: members.variables, reports: members.reports,
            preventionRules: members.preventionRules, requirements: members.requirements, states: members.states,
            range: rangeFrom(start))
    }

    /// The members of a kind, gathered while its body is parsed.
    struct KindMembers {
        var properties: [PropertyDecl] = []
        var variables: [VariableDecl] = []
        var reports: [ReportDecl] = []
        var preventionRules: [PreventionRuleDecl] = []
        var requirements: [KindRequirementDecl] = []
        var states: [StateBlockDecl] = []
    }

    static func startsKindMember(_ token: Token) -> Bool {
        switch token.kind {
        case .keyword(.var), .keyword(.report), .identifier: true
        default: false
        }
    }

    /// Parameters = "(" [ Parameter { "," Parameter } [ "," ] ] ")" .
    /// Parameter  = Ident ":" Ident [ "=" Expr ] .
    mutating func parseParameters() throws(ParseAbort) -> [ParameterDecl] {
        _ = try expect(.leftParen)
        var parameters: [ParameterDecl] = []
        while !at(.rightParen) {
            let start = mark
            let name = try expectIdentifier("a parameter name")
            _ = try expect(.colon, "':' and the parameter's type")
            let type = try expectIdentifier("a type")
            let value = consume(.assign) ? try parseExpression() : nil
            parameters.append(
                ParameterDecl(name: name, type: type, defaultValue: value, range: rangeFrom(start)))
            if !consume(.comma) { break }
        }
        _ = try expect(.rightParen, "',' or ')'")
        return parameters
    }

    /// KindMember = VarDecl | ReportDecl | PreventionRule | KindRequirement | Property | StateBlock .
    mutating func parseKindMember(into kind: inout KindMembers) throws(ParseAbort) {
        let start = mark
        switch current.kind {
        case .keyword(.var):
            // VarDecl = "var" Ident ":" Ident "=" Expr .
            advance()
            let name = try expectIdentifier("a variable name")
            _ = try expect(.colon, "':' and the variable's type")
            let type = try expectIdentifier("a type")
            _ = try expect(.assign, "'=' and the initial value")
            let value = try parseExpression()
            kind.variables.append(
                VariableDecl(name: name, type: type, initialValue: value, range: rangeFrom(start)))
        case .keyword(.report):
            // ReportDecl = "report" Ident [ "=" Expr ] .
            advance()
            let name = try expectIdentifier("the name of a reported value")
            let value = consume(.assign) ? try parseExpression() : nil
            // `report translation` reports the value its name reads: an expression of
            // the file's tree like any other, so that the checker's facts about it
            // reach lowering.
            let computed = value ?? expressions.make(.name(name.name), range: name.range)
            kind.reports.append(ReportDecl(name: name, value: value, computed: computed, range: rangeFrom(start)))
        case .identifier where atWord("cannot"):
            kind.preventionRules.append(try parsePreventionRule())
        case .identifier
        where atWord("require") && lookahead.kind != .colon && lookahead.kind != .leftBrace
            && lookahead.kind != .comma && lookahead.kind != .keyword(.as):
            // KindRequirement = "require" Expr .
            advance()
            let condition = try parseExpression()
            kind.requirements.append(KindRequirementDecl(condition: condition, range: rangeFrom(start)))
        case .identifier where lookahead.kind == .colon:
            kind.properties.append(try parseProperty())
        case .identifier:
            kind.states.append(try parseStateBlock())
        default:
            throw error(.expectedKindMember(found: describe(current)), at: range(of: current))
        }
    }

    /// PreventionRule = "cannot" ( "prevent" | "be" "prevented" "by" ) Ident [ "where" Expr ] .
    mutating func parsePreventionRule() throws(ParseAbort) -> PreventionRuleDecl {
        let start = mark
        advance()  // cannot
        let direction: PreventionRuleDecl.Direction
        if atWord("be") {
            advance()
            try expectWord("prevented")
            try expectWord("by")
            direction = .bePreventedBy
        } else {
            try expectWord("prevent")
            direction = .prevent
        }
        let other = try expectIdentifier("a kind name")
        let condition = consume(.keyword(.where)) ? try parseExpression() : nil
        return PreventionRuleDecl(
            direction: direction, otherKind: other, condition: condition, range: rangeFrom(start))
    }

    /// StateBlock = StateHead { "," StateHead } "{" { Transition } "}" .
    /// StateHead  = Ident [ "as" Ident ] .
    mutating func parseStateBlock() throws(ParseAbort) -> StateBlockDecl {
        let start = mark
        let first = current
        var heads: [StateHead] = []
        repeat {
            let name = try expectIdentifier("a state name")
            let outward = consume(.keyword(.as)) ? try expectIdentifier("a UIKit state") : nil
            heads.append(StateHead(name: name, outward: outward))
        } while consume(.comma)
        guard at(.leftBrace) else {
            // `foo bar` in a kind body is most likely a misspelled member keyword.
            throw error(
                .expectedKindMember(found: describe(first)), at: range(of: first),
                notes: memberSuggestion(for: first))
        }
        var transitions: [TransitionDecl] = []
        try parseBlock(isBoundary: Parser.startsTransition) { (parser) throws(ParseAbort) in
            transitions.append(try parser.parseTransition())
        }
        return StateBlockDecl(heads: heads, transitions: transitions, range: rangeFrom(start))
    }

    private func memberSuggestion(for token: Token) -> [Note] {
        let word = text(of: token)
        guard let guess = Suggestions.closest(to: word, among: ["var", "report", "cannot", "require"]) else {
            return []
        }
        return [Note("did you mean '\(guess)'?", at: range(of: token), fix: FixIt(replacing: range(of: token), with: guess))]
    }

    /// Transition = "on" Event { "," Event } [ "where" Expr ] [ "->" Ident ] [ "{" { Action } "}" ] .
    mutating func parseTransition() throws(ParseAbort) -> TransitionDecl {
        let start = mark
        _ = try expect(.keyword(.on), "'on' and an event")
        var events = [try parseEvent()]
        while consume(.comma) {
            events.append(try parseEvent())
        }
        let guardExpr = consume(.keyword(.where)) ? try parseExpression() : nil
        let target = consume(.arrow) ? try expectIdentifier("a target state") : nil
        var actions: [ActionDecl] = []
        let hasBlock = at(.leftBrace)
        if hasBlock {
            try parseBlock(isBoundary: Parser.startsAction) { (parser) throws(ParseAbort) in
                actions.append(try parser.parseAction())
            }
        }
        if target == nil, !hasBlock {
            throw error(.transitionNeedsTargetOrActions, at: rangeFrom(start))
        }
        return TransitionDecl(
            events: events, guardExpr: guardExpr, target: target, actions: actions, range: rangeFrom(start))
    }

    /// Event = "down" | "move" | "up" | "cancel" | "timer" Ident .
    mutating func parseEvent() throws(ParseAbort) -> EventRef {
        let token = current
        guard token.kind == .identifier else {
            throw error(.expectedEvent(found: describe(token)), at: range(of: token))
        }
        let word = text(of: token)
        if word == "timer" {
            advance()
            return .timer(try expectIdentifier("a timer name"))
        }
        if let phase = EventRef.Phase(rawValue: word) {
            advance()
            return .touch(phase, range(of: token))
        }
        let words = EventRef.Phase.allCases.map(\.rawValue) + ["timer"]
        let notes = Suggestions.closest(to: word, among: words).map {
            [Note("did you mean '\($0)'?", at: range(of: token), fix: FixIt(replacing: range(of: token), with: $0))]
        }
        throw error(.expectedEvent(found: describe(token)), at: range(of: token), notes: notes ?? [])
    }

    /// Action = "start" "timer" Ident "after" Expr | "stop" "timer" Ident
    ///        | "ignore" [ "beyond" Expr ] | "restart" | Ident ( "=" | "+=" | "-=" ) Expr .
    mutating func parseAction() throws(ParseAbort) -> ActionDecl {
        let start = mark
        let token = current
        guard token.kind == .identifier else {
            throw error(.expectedAction(found: describe(token)), at: range(of: token))
        }
        let next = lookahead.kind
        if next != .assign, next != .plusAssign, next != .minusAssign {
            switch text(of: token) {
            case "start":
                advance()
                try expectWord("timer")
                let name = try expectIdentifier("a timer name")
                try expectWord("after")
                let delay = try parseExpression()
                return .startTimer(name: name, after: delay, range: rangeFrom(start))
            case "stop":
                advance()
                try expectWord("timer")
                let name = try expectIdentifier("a timer name")
                return .stopTimer(name: name, range: rangeFrom(start))
            case "ignore":
                advance()
                var keeping: Expr?
                if current.kind == .identifier && text(of: current) == "beyond" {
                    advance()
                    keeping = try parseExpression()
                }
                return .ignore(beyond: keeping, range: rangeFrom(start))
            case "restart":
                advance()
                return .restart(range: rangeFrom(start))
            default:
                let word = text(of: token)
                let notes = Suggestions.closest(to: word, among: ["start", "stop", "ignore", "restart"]).map {
                    [Note("did you mean '\($0)'?", at: range(of: token), fix: FixIt(replacing: range(of: token), with: $0))]
                }
                throw error(.expectedAction(found: describe(token)), at: range(of: token), notes: notes ?? [])
            }
        }
        let variable = Identifier(text(of: token), range: range(of: token))
        advance()
        let op: ActionDecl.AssignmentOperator =
            switch next {
            case .plusAssign: .add
            case .minusAssign: .subtract
            default: .set
            }
        advance()
        let value = try parseExpression()
        return .assign(variable: variable, op: op, value: value, range: rangeFrom(start))
    }
}
