import GestureDSL
import Testing

@Suite("Parser: productions")
struct ParserProductionTests {
    @Test("imports come first and keep their path")
    func imports() {
        let (syntax, diagnostics, _) = parse(#"import "Shared/Common.gdl" import "b.gdl""#)
        #expect(diagnostics.isEmpty)
        #expect(syntax.imports.map(\.path) == ["Shared/Common.gdl", "b.gdl"])
    }

    @Test("an import after a declaration is reported but kept")
    func lateImport() {
        let (syntax, diagnostics, sources) = parse("gestures A { }\nimport \"b.gdl\"")
        #expect(syntax.imports.count == 1)
        #expect(located(diagnostics, in: sources) == ["2:1: imports must come before all declarations"])
    }

    @Test("a string literal is an expression: its escapes undone, printed back quoted; a doc comment's summary is its first sentence")
    func strings() throws {
        let (syntax, diagnostics, _) = parse(
            inSet(
                #"""
                  /// Likes the post. Twice
                  /// undoes it.
                  recognizer like = tap on row { accessibility: "Say \"hi\" \\ there" }
                """#))
        #expect(diagnostics.isEmpty)
        let members = try #require(syntax.gestureSets.first).members
        guard case .recognizer(let like)? = members.first(where: { if case .recognizer = $0 { true } else { false } }) else {
            Issue.record("expected a recognizer")
            return
        }
        let value = try #require(like.properties.first).value
        guard case .string(let text) = value.kind else {
            Issue.record("expected a string, found \(value.kind)")
            return
        }
        #expect(text == #"Say "hi" \ there"#)
        #expect(value.fullyParenthesized == #""Say \"hi\" \\ there""#)
        #expect(like.doc?.summary == "Likes the post")
        #expect(DocComment(lines: ["", "A pan v1.2 moves it", "", "More."]).summary == "A pan v1.2 moves it")
        #expect(DocComment(lines: ["Ends with a stop."]).summary == "Ends with a stop")
    }

    @Test("a file may hold several gesture sets and kinds")
    func severalSets() {
        let (syntax, diagnostics, _) = parse(
            """
            gestures A { }
            kind k discrete { possible { on down -> failed } }
            gestures B { view v }
            """)
        #expect(diagnostics.isEmpty)
        #expect(syntax.gestureSets.map(\.name.name) == ["A", "B"])
        #expect(syntax.kinds.map(\.name.name) == ["k"])
    }

    @Test("views nest, take properties and extra parents")
    func views() throws {
        let (syntax, diagnostics, _) = parse(
            inSet(
                """
                  view scroller {
                    alpha: 0.5
                    view photo { interactive: true; hitSlop: 12pt }
                  }
                  view badge in photo, scroller
                """))
        #expect(diagnostics.isEmpty)
        let members = try #require(syntax.gestureSets.first).members
        guard case .view(let scroller) = members[1], case .view(let badge) = members[2] else {
            Issue.record("expected views")
            return
        }
        #expect(scroller.properties.map(\.name.name) == ["alpha"])
        #expect(scroller.subviews.map(\.name.name) == ["photo"])
        #expect(scroller.subviews.first?.properties.map(\.name.name) == ["interactive", "hitSlop"])
        #expect(badge.extraParents.map(\.name) == ["photo", "scroller"])
    }

    @Test("a recognizer has a kind, arguments, a role and properties")
    func recognizer() throws {
        let (syntax, diagnostics, _) = parse(
            inSet(
                """
                  /// Drags the content.
                  recognizer drag = pan(maximumTouches: 2, hysteresis: 12pt,) on window {
                    cancelsTouchesInView: false
                    shouldBegin: abs(velocity.x) > abs(velocity.y)
                  }
                """))
        #expect(diagnostics.isEmpty)
        guard case .recognizer(let drag) = try #require(syntax.gestureSets.first).members[1] else {
            Issue.record("expected a recognizer")
            return
        }
        #expect(drag.doc?.text == "Drags the content.")
        #expect(drag.kind.name == "pan")
        #expect(drag.arguments.map(\.label.name) == ["maximumTouches", "hysteresis"])
        #expect(drag.role.name == "window")
        #expect(drag.properties.map(\.name.name) == ["cancelsTouchesInView", "shouldBegin"])
    }

    @Test("relations, hooks and property assignments")
    func relations() throws {
        let (syntax, diagnostics, _) = parse(
            inSet(
                """
                  a requires b to fail
                  a requires c to fail where allowWait
                  simultaneous a, b, c
                  simultaneous a, b where touchCount == 2
                  a cannot prevent b
                  hook allowWait
                  hook other2 = false
                  a.shouldBegin: allowWait
                """))
        #expect(diagnostics.isEmpty)
        let members = try #require(syntax.gestureSets.first).members.dropFirst()
        var summary: [String] = []
        for member in members {
            switch member {
            case .requirement(let r): summary.append("\(r.dependent.name)<-\(r.required.name) \(r.condition != nil)")
            case .simultaneity(let s): summary.append("sim \(s.members.map(\.name)) \(s.condition != nil)")
            case .prevention(let p): summary.append("\(p.preventer.name)!>\(p.prevented.name)")
            case .hook(let h): summary.append("hook \(h.name.name) \(h.defaultValue != nil)")
            case .propertyAssignment(let p): summary.append("\(p.recognizer.name).\(p.property.name.name)")
            default: summary.append("?")
            }
        }
        #expect(
            summary == [
                "a<-b false", "a<-c true", #"sim ["a", "b", "c"] false"#, #"sim ["a", "b"] true"#, "a!>b",
                "hook allowWait false", "hook other2 true", "a.shouldBegin",
            ])
    }

    @Test("a kind: parameters, flags, variables, reports, prevention rules, states")
    func kind() throws {
        let (syntax, diagnostics, _) = parse(
            """
            kind tap(taps: int = 1, interval: duration = 350ms, count: int) discrete {
              cannot prevent tap where other.taps > taps
              cannot be prevented by pan
              delaysTouchesEnded: false
              var done: int = 0
              report location = startLocation
              report location2
              possible {
                on down where touchCount > 1 -> failed
                on up -> waiting { done += 1; start timer next after interval }
                on timer next, cancel -> failed
              }
              waiting as possible, other2 {
                on down { stop timer next; ignore; done = 0 }
              }
            }
            """)
        #expect(diagnostics.isEmpty)
        let kind = try #require(syntax.kinds.first)
        #expect(kind.mode == .discrete)
        #expect(kind.parameters.map(\.name.name) == ["taps", "interval", "count"])
        #expect(kind.parameters.map { $0.defaultValue != nil } == [true, true, false])
        #expect(kind.preventionRules.map(\.direction) == [.prevent, .bePreventedBy])
        #expect(kind.properties.map(\.name.name) == ["delaysTouchesEnded"])
        #expect(kind.variables.map(\.name.name) == ["done"])
        #expect(kind.reports.map { $0.value != nil } == [true, false])
        #expect(kind.states.map { $0.heads.map(\.name.name) } == [["possible"], ["waiting", "other2"]])
        #expect(kind.states[1].heads.map { $0.outward?.name } == ["possible", nil])
        let transitions = kind.states[0].transitions
        #expect(transitions.map { $0.target?.name } == ["failed", "waiting", "failed"])
        #expect(transitions[1].actions.count == 2)
        #expect(transitions[2].events.count == 2)
        #expect(kind.states[1].transitions[0].actions.count == 3)
    }

    @Test("operator precedence: * over +, + over comparison, && over ||")
    func precedence() throws {
        let (syntax, diagnostics, _) = parse(inSet("  a.shouldBegin: x || y && 1 + 2 * 3 < 4 && !z"))
        #expect(diagnostics.isEmpty)
        guard case .propertyAssignment(let assignment) = try #require(syntax.gestureSets.first).members[1]
        else {
            Issue.record("expected an assignment")
            return
        }
        #expect(assignment.property.value.fullyParenthesized == "(x || ((y && ((1 + (2 * 3)) < 4)) && !z))")
    }

    /// Short integers are summed digit by digit, others read as a `Double` is: both ways
    /// give the same value, and the same bound on integers (Int32.max).
    @Test(
        "a number literal's value, whole or not, at and past the integer bound",
        arguments: [
            ("0", 0.0, true), ("0012", 12, true), ("350ms", 350, true), ("2147483647", 2_147_483_647, true),
            ("000000000000002147483647", 2_147_483_647, true), ("0.35", 0.35, false), ("12.0", 12, false),
            ("2147483648.5", 2_147_483_648.5, false),
        ])
    func numberLiterals(text: String, value: Double, isInteger: Bool) throws {
        let (syntax, diagnostics, _) = parse(inSet("  a.shouldBegin: touchCount < \(text)"))
        #expect(diagnostics.isEmpty)
        guard case .propertyAssignment(let assignment) = try #require(syntax.gestureSets.first).members[1],
            case .binary(_, _, let right) = assignment.property.value.kind, case .number(let literal) = right.kind
        else {
            Issue.record("expected a comparison with a number")
            return
        }
        #expect(literal.value == value)
        #expect(literal.isInteger == isInteger)
    }

    @Test("an integer past Int32.max is reported whatever its number of digits (GDL009)", arguments: ["2147483648", "9999999999999999999999"])
    func integerPastTheBound(text: String) {
        let (_, diagnostics, _) = parse(inSet("  a.shouldBegin: touchCount < \(text)"))
        #expect(diagnostics.map(\.message) == ["invalid number '\(text)'"])
    }

    @Test("members, calls, lists, unary minus and parentheses")
    func expressionForms() throws {
        let (syntax, diagnostics, _) = parse(
            inSet(
                "  a.shouldBegin: -(velocity.x) > max(1, 2) && dominantDirection in [left, right]"))
        #expect(diagnostics.isEmpty)
        guard case .propertyAssignment(let assignment) = try #require(syntax.gestureSets.first).members[1]
        else {
            Issue.record("expected an assignment")
            return
        }
        #expect(
            assignment.property.value.fullyParenthesized
                == "((-velocity.x > max(1, 2)) && (dominantDirection in [left, right]))")
    }

    @Test("the names an expression reads: once each, in order of first appearance")
    func namesRead() throws {
        let (syntax, diagnostics, _) = parse(
            inSet("  a.shouldBegin: max(b, a) > a.x && c in [b, d, c] || !e && other == d && f(g)"))
        #expect(diagnostics.isEmpty)
        guard case .propertyAssignment(let assignment) = try #require(syntax.gestureSets.first).members[1]
        else {
            Issue.record("expected an assignment")
            return
        }
        // Members' bases are read, member and function names are not.
        #expect(assignment.property.value.names == ["b", "a", "c", "d", "e", "other", "g"])
    }

    @Test("every node's range covers its text")
    func ranges() throws {
        let text = inSet("  recognizer drag = pan(hysteresis: 12pt) on window")
        let (syntax, _, sources) = parse(text)
        guard case .recognizer(let drag) = try #require(syntax.gestureSets.first).members[1] else {
            Issue.record("expected a recognizer")
            return
        }
        let file = sources[drag.range.file]
        #expect(file.text(drag.range.start..<drag.range.end) == "recognizer drag = pan(hysteresis: 12pt) on window")
        #expect(file.text(drag.arguments[0].range.start..<drag.arguments[0].range.end) == "hysteresis: 12pt")
        #expect(file.text(drag.role.range.start..<drag.role.range.end) == "window")
    }
}

@Suite("Parser: the expression tree")
struct ExpressionTreeTests {
    /// One expression of every form, with what it must print as.
    static let forms: [(text: String, printed: String)] = [
        ("-(velocity.x) > max(1, 2.5ms) && !h", "((-velocity.x > max(1, 2.5ms)) && !h)"),
        ("dominantDirection in [left, right] || false", "((dominantDirection in [left, right]) || false)"),
        ("(a + b - c) * d / 2pt != 3s", "(((((a + b) - c) * d) / 2pt) != 3s)"),
        ("x == 1deg || y <= 0.5rad && z >= 7 && w < 1000", "((x == 1deg) || (((y <= 0.5rad) && (z >= 7)) && (w < 1000)))"),
        ("f() && g([]) && true", "((f() && g([])) && true)"),
    ]

    @Test("thousands of expressions of every form read back as written, across storage chunks")
    func manyExpressions() throws {
        // Each line holds about 20 nodes: 3,000 lines are several chunks of 4,096.
        var text = "gestures Test {\n  view window\n"
        for index in 0..<3_000 {
            text += "  a\(index).shouldBegin: \(Self.forms[index % Self.forms.count].text)\n"
        }
        text += "}\n"
        let (syntax, diagnostics, sources) = parse(text)
        #expect(diagnostics.isEmpty)
        let members = try #require(syntax.gestureSets.first).members
        var assignments = 0
        for member in members {
            guard case .propertyAssignment(let assignment) = member else { continue }
            let form = Self.forms[assignments % Self.forms.count]
            let value = assignment.property.value
            #expect(value.fullyParenthesized == form.printed)
            let file = sources[value.range.file]
            #expect(file.text(value.range.start..<value.range.end) == form.text)
            assignments += 1
        }
        #expect(assignments == 3_000)
    }

    @Test("every node's range covers its own text, parentheses included")
    func nodeRanges() throws {
        let text = inSet("  a.shouldBegin: (-(velocity.x) > 1pt) && f(b.c, [2])")
        let (syntax, diagnostics, sources) = parse(text)
        #expect(diagnostics.isEmpty)
        guard case .propertyAssignment(let assignment) = try #require(syntax.gestureSets.first).members[1] else {
            Issue.record("expected an assignment")
            return
        }
        let file = sources[assignment.property.value.range.file]
        var covered: [String] = []
        func visit(_ expr: Expr) {
            covered.append(file.text(expr.range.start..<expr.range.end))
            switch expr.kind {
            case .list(let elements): elements.forEach(visit)
            case .member(let base, _): visit(base)
            case .call(_, let arguments): arguments.forEach(visit)
            case .unary(_, let operand): visit(operand)
            case .binary(_, let left, let right):
                visit(left)
                visit(right)
            case .number, .bool, .name, .string, .bad: break
            }
        }
        visit(assignment.property.value)
        #expect(
            covered == [
                "(-(velocity.x) > 1pt) && f(b.c, [2])", "(-(velocity.x) > 1pt)", "-(velocity.x)", "(velocity.x)",
                "velocity", "1pt", "f(b.c, [2])", "b.c", "b", "[2]", "2",
            ])
    }

    @Test("a file beyond the parser's size limit is one located error (GDL034)")
    func fileTooLarge() {
        var sources = SourceManager()
        let file = SourceFile(path: "big.gdl", text: inSet("  view photo"))
        let id = sources.add(file)
        var bag = DiagnosticBag(errorLimit: nil)
        let syntax = Parser.parse(file, id: id, diagnostics: &bag, maximumSize: 16)
        #expect(syntax.gestureSets.isEmpty)
        #expect(bag.diagnostics.map(\.id.rawValue) == ["GDL034"])
        #expect(
            located(bag.diagnostics, in: sources)
                == ["1:1: a spec may be at most 16 bytes; split it into files that import each other"])
    }
}
