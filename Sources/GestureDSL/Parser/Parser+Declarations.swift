// Gesture sets and their members: views, recognizers, hooks, relations.

extension Parser {
    /// GestureSet = "gestures" Ident "{" { SetMember } "}" .
    mutating func parseGestureSet() throws(ParseAbort) -> GestureSetDecl {
        let start = mark
        let doc = docComment(of: current)
        advance()  // gestures
        let name = try expectIdentifier("a gesture set name")
        var members: [SetMember] = []
        try parseBlock(isBoundary: Parser.startsSetMember, closing: BlockName(kind: "gesture set", name: name.name)) { (parser) throws(ParseAbort) in
            members.append(try parser.parseSetMember())
        }
        return GestureSetDecl(doc: doc, name: name, members: members, range: rangeFrom(start))
    }

    /// ComponentDecl = "component" Ident "(" Ident ")" "{" { SetMember } "}" .
    mutating func parseComponent() throws(ParseAbort) -> ComponentDecl {
        let start = mark
        let doc = docComment(of: current)
        advance()  // component
        let name = try expectIdentifier("a component name")
        _ = try expect(.leftParen, "'(' and the component's view role")
        let view = try expectIdentifier("the component's view role")
        _ = try expect(.rightParen)
        var members: [SetMember] = []
        try parseBlock(isBoundary: Parser.startsSetMember, closing: BlockName(kind: "component", name: name.name)) { (parser) throws(ParseAbort) in
            members.append(try parser.parseSetMember())
        }
        return ComponentDecl(doc: doc, name: name, view: view, members: members, range: rangeFrom(start))
    }

    /// UseDecl = "use" Ident "on" Ident [ "as" Ident ] .
    mutating func parseUse() throws(ParseAbort) -> UseDecl {
        let start = mark
        let doc = docComment(of: current)
        advance()  // use
        let component = try expectIdentifier("a component name")
        _ = try expect(.keyword(.on), "'on' and the view role")
        let role = try expectIdentifier("a view role name")
        var prefix: Identifier?
        if consume(.keyword(.as)) { prefix = try expectIdentifier("a prefix for the component's recognizers") }
        return UseDecl(doc: doc, component: component, role: role, prefix: prefix, range: rangeFrom(start))
    }

    static func startsSetMember(_ token: Token) -> Bool {
        switch token.kind {
        case .keyword(.view), .keyword(.recognizer), .keyword(.hook), .keyword(.simultaneous),
            .identifier:
            true
        default: false
        }
    }

    mutating func parseSetMember() throws(ParseAbort) -> SetMember {
        switch current.kind {
        case .keyword(.view):
            return .view(try parseView())
        case .keyword(.recognizer):
            return .recognizer(try parseRecognizer())
        case .keyword(.hook):
            return .hook(try parseHook())
        case .keyword(.simultaneous):
            return .simultaneity(try parseSimultaneity())
        case .identifier:
            let next = lookahead
            if next.kind == .dot { return .propertyAssignment(try parsePropertyAssignment()) }
            if isWord(next, "requires") { return .requirement(try parseRequirement()) }
            if isWord(next, "cannot") { return .prevention(try parsePrevention()) }
            if isWord(current, "use"), next.kind == .identifier { return .use(try parseUse()) }
            throw unexpectedWord(
                among: ["view", "recognizer", "hook", "simultaneous", "use"],
                otherwise: .expectedSetMember(found: describe(current)))
        default:
            throw error(.expectedSetMember(found: describe(current)), at: range(of: current))
        }
    }

    /// ViewDecl = "view" Ident [ "in" IdentList ] [ "{" { Property | ViewDecl } "}" ] .
    mutating func parseView() throws(ParseAbort) -> ViewDecl {
        let start = mark
        let keyword = current
        let doc = docComment(of: current)
        advance()  // view
        let name = try expectIdentifier("a view role name")
        var parents: [Identifier] = []
        if consume(.keyword(.in)) {
            parents = try parseIdentifierList("a parent view role")
        }
        var properties: [PropertyDecl] = []
        var subviews: [ViewDecl] = []
        if at(.leftBrace) {
            try enterNesting(at: keyword)
            defer { depth -= 1 }
            // A nested view is a member of this block; any other set member ends it.
            let endsView = { (token: Token) in token.kind != .keyword(.view) && Parser.startsSetLevelDeclaration(token) }
            try parseBlock(isBoundary: Parser.startsViewMember, closing: BlockName(kind: "view", name: name.name), endsBlock: endsView) {
                (parser) throws(ParseAbort) in
                if parser.at(.keyword(.view)) {
                    subviews.append(try parser.parseView())
                } else if parser.at(.identifier) {
                    properties.append(try parser.parseProperty())
                } else {
                    throw parser.error(
                        .expectedViewMember(found: parser.describe(parser.current)),
                        at: parser.range(of: parser.current))
                }
            }
        }
        return ViewDecl(
            doc: doc, name: name, extraParents: parents, properties: properties, subviews: subviews,
            range: rangeFrom(start))
    }

    static func startsViewMember(_ token: Token) -> Bool {
        token.kind == .keyword(.view) || token.kind == .identifier
    }

    /// RecognizerDecl = "recognizer" Ident "=" Ident [ Arguments ] "on" Ident [ "{" { Property } "}" ] .
    mutating func parseRecognizer() throws(ParseAbort) -> RecognizerDecl {
        let start = mark
        let doc = docComment(of: current)
        advance()  // recognizer
        let name = try expectIdentifier("a recognizer name")
        _ = try expect(.assign)
        let kind = try expectIdentifier("a kind name")
        var arguments: [ArgumentDecl] = []
        if at(.leftParen) {
            arguments = try parseArguments()
        }
        _ = try expect(.keyword(.on), "'on' and the view role")
        let role = try expectIdentifier("a view role name")
        var properties: [PropertyDecl] = []
        if at(.leftBrace) {
            try parseBlock(
                isBoundary: Parser.startsProperty, closing: BlockName(kind: "recognizer", name: name.name),
                endsBlock: Parser.startsSetLevelDeclaration
            ) { (parser) throws(ParseAbort) in
                properties.append(try parser.parseProperty())
            }
        }
        return RecognizerDecl(
            doc: doc, name: name, kind: kind, arguments: arguments, role: role, properties: properties,
            range: rangeFrom(start))
    }

    /// Arguments = "(" [ Ident ":" Expr { "," Ident ":" Expr } [ "," ] ] ")" .
    mutating func parseArguments() throws(ParseAbort) -> [ArgumentDecl] {
        _ = try expect(.leftParen)
        var arguments: [ArgumentDecl] = []
        while !at(.rightParen) {
            let start = mark
            let label = try expectIdentifier("an argument label")
            _ = try expect(.colon)
            let value = try parseExpression()
            arguments.append(ArgumentDecl(label: label, value: value, range: rangeFrom(start)))
            if !consume(.comma) { break }
        }
        _ = try expect(.rightParen, "',' or ')'")
        return arguments
    }

    /// HookDecl = "hook" Ident [ "=" Expr ] .
    mutating func parseHook() throws(ParseAbort) -> HookDecl {
        let start = mark
        let doc = docComment(of: current)
        advance()  // hook
        let name = try expectIdentifier("a hook name")
        let value = consume(.assign) ? try parseExpression() : nil
        return HookDecl(doc: doc, name: name, defaultValue: value, range: rangeFrom(start))
    }

    /// Requirement = Ident "requires" Ident "to" "fail" [ "where" Expr ] .
    mutating func parseRequirement() throws(ParseAbort) -> RequirementDecl {
        let start = mark
        let dependent = try expectIdentifier("a recognizer name")
        advance()  // requires
        let required = try expectIdentifier("the recognizer that must fail")
        // `a requires b` with the rest left out is read as meant: reported where the
        // words are missing, with them as the fix, and parsing goes on.
        if atWord("to") {
            let to = range(of: current)
            advance()
            if atWord("fail") {
                advance()
            } else {
                missing("fail", after: to)
            }
        } else {
            missing("to fail", after: required.range)
        }
        let condition = consume(.keyword(.where)) ? try parseExpression() : nil
        return RequirementDecl(
            dependent: dependent, required: required, condition: condition, range: rangeFrom(start))
    }

    /// Reports `words` missing after `range` (at its end), with a fix that inserts them.
    private mutating func missing(_ words: String, after range: SourceRange) {
        let end = SourceRange(file: range.file, start: range.end, end: range.end)
        report(
            .expected("'\(words)'", found: describe(current)), at: end,
            notes: [Note("a requirement reads 'A requires B to fail': add '\(words)'", at: end, fix: FixIt(replacing: end, with: " " + words))])
    }

    /// Simultaneity = "simultaneous" IdentList [ "where" Expr ] .
    mutating func parseSimultaneity() throws(ParseAbort) -> SimultaneityDecl {
        let start = mark
        advance()  // simultaneous
        let members = try parseIdentifierList("a recognizer name")
        let condition = consume(.keyword(.where)) ? try parseExpression() : nil
        return SimultaneityDecl(members: members, condition: condition, range: rangeFrom(start))
    }

    /// Prevention = Ident "cannot" "prevent" Ident .
    mutating func parsePrevention() throws(ParseAbort) -> PreventionDecl {
        let start = mark
        let preventer = try expectIdentifier("a recognizer name")
        advance()  // cannot
        try expectWord("prevent")
        let prevented = try expectIdentifier("a recognizer name")
        return PreventionDecl(preventer: preventer, prevented: prevented, range: rangeFrom(start))
    }

    /// PropertyAssignment = Ident "." Ident ":" Expr .
    mutating func parsePropertyAssignment() throws(ParseAbort) -> PropertyAssignmentDecl {
        let start = mark
        let recognizer = try expectIdentifier("a recognizer name")
        advance()  // .
        let property = try parseProperty()
        return PropertyAssignmentDecl(recognizer: recognizer, property: property, range: rangeFrom(start))
    }

    /// Property = Ident ":" Expr .
    mutating func parseProperty() throws(ParseAbort) -> PropertyDecl {
        let start = mark
        let name = try expectIdentifier("a property name")
        guard at(.colon) else {
            // UIKit's `require(toFail: other)` written where properties go.
            let notes =
                name.name.hasPrefix("require") && at(.leftParen)
                ? [Note("UIKit's 'require(toFail:)' is a line of the set here: 'NAME requires OTHER to fail' (R53)", at: name.range)]
                : []
            throw error(.expected("':' after the property name", found: describe(current)), at: range(of: current), notes: notes)
        }
        advance()
        let value = try parseExpression()
        return PropertyDecl(name: name, value: value, range: rangeFrom(start))
    }

    /// IdentList = Ident { "," Ident } .
    mutating func parseIdentifierList(_ what: String) throws(ParseAbort) -> [Identifier] {
        var names = [try expectIdentifier(what)]
        while consume(.comma) {
            names.append(try expectIdentifier(what))
        }
        return names
    }
}
