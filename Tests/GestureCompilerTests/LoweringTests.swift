import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

@Suite("Lowering")
struct LoweringTests {
    @Test("ids follow declaration order; only the kinds used are included, in order of first use")
    func denseIDs() throws {
        let program = try program(
            """
            gestures G {
              view window { view card }
              view badge in card
              recognizer swipeAway = swipe(direction: left) on card
              recognizer press = tap on badge
              recognizer again = swipe on window { shouldBegin: allowed }
              hook allowed = false
            }
            """)
        #expect(program.views.map(\.name) == ["window", "card", "badge"])
        #expect(program.views.map(\.parents) == [[], [0], [1]])
        #expect(program.recognizers.map(\.name) == ["swipeAway", "press", "again"])
        #expect(program.recognizers.map(\.kind) == [0, 1, 0])
        #expect(program.recognizers.map(\.role) == [1, 2, 0])
        #expect(program.kinds.map(\.name) == ["swipe", "tap"])
        #expect(program.hooks.map(\.defaultValue) == [false])
        #expect(program.files == ["<prelude>", "main.gdl"])
    }

    @Test("arguments are folded in base units, with the kind's defaults filled in")
    func arguments() throws {
        let program = try program(
            inSet(
                """
                  recognizer a = tap(taps: 2, interval: 250ms) on window
                  recognizer b = swipe(direction: [left, up], minimumDistance: 2 * 30pt) on window
                  recognizer c = rotation(angleThreshold: 90deg) on window
                  recognizer d = pan on window
                """))
        // tap(taps, touches, interval, maximumDuration, allowableMovement, allowableSeparation, minimumInterval)
        #expect(program.recognizers[0].arguments == [2, 1, 0.25, 1.5, 45, 45, 0])
        // swipe(direction, touches, minimumDistance, maximumDuration, minimumSpeed): left 1 | up 4
        #expect(program.recognizers[1].arguments == [5, 1, 60, 0.5, 300])
        #expect(program.recognizers[2].arguments == [Double.pi / 2])
        // pan(minimumTouches, maximumTouches, hysteresis, direction): every direction 15
        #expect(program.recognizers[3].arguments == [1, Double(Int32.max), 10, 15])
    }

    @Test("delivery flags: UIKit's defaults, under the kind's, under the recognizer's (R38–R43)")
    func deliveryFlags() throws {
        let program = try program(
            inSet(
                """
                  recognizer plain = tap on window
                  recognizer delay = touchDelay on window
                  recognizer custom = touchDelay on window { delaysTouchesBegan: false }
                  recognizer quiet = pan on window { enabled: false }
                  quiet.cancelsTouchesInView: false
                """))
        let flags = program.recognizers.map {
            [$0.enabled, $0.cancelsTouchesInView, $0.delaysTouchesBegan, $0.delaysTouchesEnded]
        }
        #expect(flags[0] == [true, true, false, true])
        #expect(flags[1] == [true, false, true, true])  // the kind's defaults (R81)
        #expect(flags[2] == [true, false, false, true])
        #expect(flags[3] == [false, false, false, true])
    }

    @Test("predicates become set routines; a constant default answer needs none")
    func predicates() throws {
        let program = try program(
            inSet(
                """
                  hook allowZoom
                  recognizer zoom = pinch on window { shouldBegin: allowZoom && touchCount == 2 }
                  recognizer drag = pan on window {
                    shouldReceiveTouch: true
                    shouldRecognizeSimultaneously: other == zoom
                  }
                """))
        let zoom = program.recognizers[0]
        let drag = program.recognizers[1]
        let shouldBegin = try #require(zoom.shouldBegin)
        #expect(
            program.routines[shouldBegin].code == [
                .hook(0), .jumpIfFalse(3), .feature(.touchCount), .constant(2), .equal,
            ])
        #expect(drag.shouldReceiveTouch == nil)
        let simultaneous = try #require(drag.shouldRecognizeSimultaneously)
        #expect(program.routines[simultaneous].code == [.other, .constant(0), .equal])
    }

    @Test("constant subexpressions fold; vectors use vector instructions")
    func codeGeneration() throws {
        let program = try program(
            """
            kind probe(limit: distance = 10pt) continuous {
              var count: int = 0
              report push = 2 * velocity
              possible {
                on down where touchCount > 1 + 1 -> failed
                on move where length(translation - location) >= limit * 2 && count < 3 -> began { count += 1 }
                on up where -translation.y < 0 || location == startLocation -> failed
              }
              began, changed { on move -> changed; on up -> ended }
            }
            gestures G { view window; recognizer p = probe on window }
            """)
        let kind = program.kinds[0]
        func code(_ routine: Int?) throws -> [Instruction] {
            try kind.routines[#require(routine)].code
        }
        #expect(try code(kind.reports.first?.value) == [.feature(.velocity), .constant(2), .vectorScale])
        #expect(kind.reports.first?.type == .vector)
        let down = kind.rows(state: 0, event: GestureProgram.Event.down)
        #expect(try code(down.first?.guardRoutine) == [.feature(.touchCount), .constant(2), .greater])
        let move = kind.rows(state: 0, event: GestureProgram.Event.move)
        #expect(
            try code(move.first?.guardRoutine) == [
                .feature(.translation), .feature(.location), .vectorSubtract, .vectorLength, .parameter(0), .constant(2),
                .multiply, .greaterEqual, .jumpIfFalse(3), .variable(0), .constant(3), .less,
            ])
        #expect(try code(move.first?.actions) == [.variable(0), .constant(1), .add, .store(0)])
        #expect(move.first?.target == .state(1))
        let up = kind.rows(state: 0, event: GestureProgram.Event.up)
        let upGuard = try code(up.first?.guardRoutine)
        #expect(upGuard.prefix(5) == [.feature(.translation), .vectorY, .negate, .constant(0), .less])
        #expect(upGuard.contains(.vectorEqual))
    }

    @Test("the table has one cell per state and event; rows keep source order")
    func transitionTable() throws {
        let program = try program(inSet("recognizer t = tap on window"))
        let tap = try #require(program.kinds.first)
        #expect(tap.states.map(\.name) == ["possible"])
        #expect(tap.timers == ["hold", "next"])
        #expect(tap.eventCount == 6)
        #expect(tap.rowStarts.count == tap.states.count * tap.eventCount + 1)
        // `on down where touchCount > touches -> failed`, the later tap too far away
        // `-> failed`, a bounce `-> possible { restart … }`, then `on down -> possible { … }`.
        let down = tap.rows(state: 0, event: GestureProgram.Event.down)
        #expect(down.map(\.target) == [.failed, .failed, .state(0), .state(0)])
        #expect(down.first?.guardRoutine != nil && down.last?.guardRoutine == nil)
        // `on timer next, timer hold -> failed` fills both timer columns with one row each.
        #expect(tap.rows(state: 0, event: GestureProgram.Event.firstTimer).map(\.target) == [.failed])
        #expect(tap.rows(state: 0, event: GestureProgram.Event.firstTimer + 1).map(\.target) == [.failed])
        #expect(down.first?.location == SourceLocation(file: 0, line: 41, column: 5))
    }

    @Test("internal states show their outward state; final states are targets, not rows")
    func states() throws {
        let sets = build(
            """
            import "zoom.gdl"
            gestures G { view window; recognizer z = tapAndDrag on window }
            """, others: ["zoom.gdl": String(decoding: try oneFingerZoom(), as: UTF8.self)])
        let kind = try #require(sets.first?.program.kinds.first)
        #expect(kind.states.map(\.name) == ["possible", "armed", "pressed", "began", "changed"])
        #expect(kind.states.map(\.outward) == [.possible, .possible, .possible, .began, .changed])
        #expect(kind.rows(state: 3, event: GestureProgram.Event.up).map(\.target) == [.ended])
        #expect(kind.rows(state: 4, event: GestureProgram.Event.cancel).map(\.target) == [.cancelled])
        #expect(kind.rows(state: 0, event: GestureProgram.Event.up).map(\.target) == [.state(1)])
    }

    @Test("kind prevention rules keep their condition over both recognizers' parameters (R49)")
    func preventionRules() throws {
        let program = try program(
            inSet(
                """
                  recognizer single = tap on window
                  recognizer double = tap(taps: 2) on window
                  recognizer press = longPress on window
                  single cannot prevent press
                """))
        let tap = program.kinds[0]
        let rule = try #require(tap.preventionRules.first)
        #expect(rule.direction == .cannotPrevent && rule.otherKind == 0)
        #expect(tap.routines[try #require(rule.condition)].code == [.otherParameter(0), .parameter(0), .greater])
        #expect(program.preventionExemptions.map { [$0.preventer, $0.prevented] } == [[0, 2]])
    }

    @Test("a prevention rule naming a kind the set does not use is dropped")
    func unusedPreventionRule() throws {
        let program = try program(
            """
            kind poke discrete {
              cannot be prevented by pan
              possible { on up -> recognized }
            }
            gestures G { view window; recognizer p = poke on window }
            """)
        #expect(program.kinds.map(\.name) == ["poke"])
        #expect(program.kinds[0].preventionRules.isEmpty)
    }

    @Test("relations keep their order and conditions")
    func relations() throws {
        let program = try program(
            inSet(
                """
                  hook strict
                  recognizer a = tap on window
                  recognizer b = tap(taps: 2) on window
                  recognizer c = pan on window
                  a requires b to fail
                  c requires b to fail where strict
                  simultaneous a, c where !strict
                """))
        #expect(program.failureRequirements.map { [$0.dependent, $0.required] } == [[0, 1], [2, 1]])
        #expect(program.failureRequirements[0].condition == nil)
        let condition = try #require(program.failureRequirements[1].condition)
        #expect(program.routines[condition].code == [.hook(0)])
        #expect(program.simultaneityGroups.map(\.members) == [[0, 2]])
        let groupCondition = try #require(program.simultaneityGroups[0].condition)
        #expect(program.routines[groupCondition].code == [.hook(0), .not])
    }

    @Test("only the sets of the files named are built; imported files give kinds")
    func rootSetsOnly() throws {
        let sets = build(
            """
            import "other.gdl"
            gestures Main { view window; recognizer t = press on window }
            """,
            others: [
                "other.gdl": """
                kind press discrete { possible { on up -> recognized } }
                gestures Other { view window }
                """
            ])
        #expect(sets.map(\.program.name) == ["Main"])
        #expect(sets[0].program.kinds.map(\.name) == ["press"])
    }

    @Test("documentation comments are kept beside the program")
    func documentation() throws {
        let sets = build(
            """
            /// The set.
            gestures G {
              /// The window.
              view window
              /// Taps.
              recognizer t = tap on window
              recognizer u = tap on window
              /// A hook.
              hook h
              recognizer s = slide on window { shouldBegin: h }
            }
            /// Slides.
            kind slide discrete {
              report   location
              report start = startLocation
              possible { on up -> recognized }
            }
            """)
        let documentation = try #require(sets.first?.documentation)
        // Kinds in order of first use: the prelude's tap, whose doc comment is its own, then slide.
        var diagnostics = DiagnosticBag()
        let prelude = Parser.parse(SourceFile(path: Prelude.path, text: Prelude.source), id: FileID(0), diagnostics: &diagnostics)
        let tapDoc = try #require(prelude.kinds.first { $0.name.name == "tap" }?.doc?.text)
        #expect(
            documentation
                == Documentation(
                    set: "The set.", views: ["The window."], recognizers: ["Taps.", nil, nil], hooks: ["A hook."],
                    kinds: [tapDoc, "Slides."],
                    reports: [["report location = startLocation"], ["report location", "report start = startLocation"]]))
    }

    @Test("each kind parameter's declared type is in the tables, one per parameter, checked at load")
    func parameterTypes() throws {
        var program = try program(inSet("  recognizer r = rotation on window\n  recognizer s = swipe on window"))
        #expect(program.kinds.map(\.parameterTypes) == [[.angle], [.direction, .int, .distance, .duration, .speed]])
        program.kinds[0].parameterTypes = []
        #expect(throws: ProgramError.self) { try program.validate() }
    }

    @Test("allowedTouchTypes and requiresExclusiveTouchType lower to the recognizer's fields (R87); other bits are refused at load")
    func touchTypes() throws {
        var program = try program(
            inSet(
                """
                  recognizer draw = pan on window { allowedTouchTypes: pencil; requiresExclusiveTouchType: false }
                  recognizer move = pan on window { allowedTouchTypes: [direct, indirectPointer] }
                  recognizer open = tap on window
                """))
        #expect(program.recognizers.map(\.allowedTouchTypes) == [.pencil, [.direct, .indirectPointer], .all])
        #expect(program.recognizers.map(\.requiresExclusiveTouchType) == [false, true, true])
        try program.validate()
        program.recognizers[0].allowedTouchTypes = TouchTypes(rawValue: 0x14)
        #expect(throws: ProgramError.self) { try program.validate() }
    }

    @Test(
        "allowedScrollTypes and receivesTransform lower to the recognizer's fields (R88, R89); the prelude's pinch and rotation receive transforms; other bits are refused at load"
    )
    func pointerInputs() throws {
        var program = try program(
            inSet(
                """
                  recognizer wheel = pan on window { allowedScrollTypes: discrete }
                  recognizer both = pan on window { allowedScrollTypes: [discrete, continuous] }
                  recognizer every = pan on window { allowedScrollTypes: all }
                  recognizer drag = pan on window
                  recognizer zoom = pinch on window
                  recognizer turn = rotation on window { receivesTransform: false }
                  recognizer glow = hover on window
                """))
        #expect(program.recognizers.map(\.allowedScrollTypes) == [.discrete, .all, .all, [], [], [], []])
        #expect(program.recognizers.map(\.receivesTransform) == [false, false, false, false, true, false, false])
        #expect(program.recognizers.map(\.receivesHover) == [false, false, false, false, false, false, true])
        try program.validate()
        program.recognizers[0].allowedScrollTypes = ScrollTypes(rawValue: 4)
        #expect(throws: ProgramError.self) { try program.validate() }
    }

    @Test("views and kinds in predicates compile to their instructions; a role out of range is refused at load")
    func viewAndKindInstructions() throws {
        var program = try program(
            inSet(
                """
                  view photo in window
                  recognizer r = pan on photo {
                    shouldReceiveTouch: touchedView in window
                    shouldRecognizeSimultaneously: other.kind == tap || other.view in photo
                  }
                  recognizer t = tap on window
                """))
        let receive = try #require(program.recognizers[0].shouldReceiveTouch)
        #expect(program.routines[receive].code == [.touchedInside(0)])
        let together = try #require(program.recognizers[0].shouldRecognizeSimultaneously)
        #expect(program.routines[together].code == [.otherKind, .constant(1), .equal, .jumpIfTrue(1), .otherInside(1)])
        program.routines[receive].code = [.touchedInside(2)]
        #expect(throws: ProgramError.self) { try program.validate() }
        // `other` is known only where a predicate has one.
        program.routines[receive].code = [.otherKind, .constant(0), .equal]
        #expect(throws: ProgramError.self) { try program.validate() }
    }

    @Test("every example lowers to programs that validate", arguments: try exampleSpecs())
    func examplesValidate(path: String) throws {
        for set in try buildExample(path) {
            try set.program.validate()
        }
    }
}

extension LoweringTests {
    /// Lowering finds each name's declaration through the checker's records: a
    /// component's lines for each use that brings them, a written line for a brought
    /// recognizer, `report moves`, timers, states, and the other kind of a rule.
    @Test("each use's lines lower for that use, and a kind's names by their declarations")
    func byDeclaration() throws {
        let compilation = check(
            """
            import "parts.gdl"
            kind counting(limit: int = 2) discrete {
              cannot prevent tap where other.taps > limit
              var moves: int = 0
              report moves
              report limit
              possible {
                on down -> waiting { start timer settle after 100ms }
                on cancel -> failed
              }
              waiting as possible {
                on move where moves < limit { moves += 1 }
                on move -> failed
                on timer settle -> recognized
                on up -> waiting { stop timer settle start timer settle after 50ms }
              }
            }
            gestures G {
              view window { view left_ { view right_ in window } }
              hook allowed = true
              hook second = false
              use pair on left_
              use pair on right_ as other
              recognizer count = counting(limit: 3) on window {
                shouldRecognizeSimultaneously: other.kind == pan || other.kind == counting || other.view in left_ || other == left_Single
                shouldReceiveTouch: touchedView in right_
              }
              otherDouble.shouldBegin: second
              simultaneous count, left_Single where allowed
            }
            """,
            others: [
                "parts.gdl": """
                component pair(host) {
                  recognizer single = tap on host { shouldBegin: allowed && second }
                  recognizer double = tap(taps: 2) on host
                  single requires double to fail where allowed
                  simultaneous single, double where second
                  single.enabled: true
                }
                """
            ])
        #expect(messages(compilation) == [])
        let build = compilation.lowered()
        #expect(build.loweringDiagnostics.map(\.message) == [])
        let program = try #require(build.sets.first).program
        #expect(program.recognizers.map(\.name) == ["left_Single", "left_Double", "otherSingle", "otherDouble", "count"])
        #expect(program.recognizers.map(\.role) == [1, 1, 2, 2, 0])
        #expect(program.recognizers[4].arguments == [3])
        // The component's relations, once for each use, between that use's recognizers.
        #expect(program.failureRequirements.map { [$0.dependent, $0.required] } == [[0, 1], [2, 3]])
        #expect(program.simultaneityGroups.map(\.members) == [[0, 1], [2, 3], [4, 0]])
        func hooks(_ routine: Int?) -> [Int] {
            guard let routine else { return [] }
            return program.routines[routine].code.compactMap { if case .hook(let hook) = $0 { hook } else { nil } }
        }
        #expect(program.failureRequirements.map { hooks($0.condition) } == [[0], [0]])
        #expect(program.simultaneityGroups.map { hooks($0.condition) } == [[1], [1], [0]])
        // `shouldBegin: allowed && second` for each use; `otherDouble.shouldBegin: second`.
        #expect(program.recognizers.map { hooks($0.shouldBegin) } == [[0, 1], [], [0, 1], [1], []])

        let counting = try #require(program.kinds.first { $0.name == "counting" })
        #expect(counting.states.map(\.name) == ["possible", "waiting"])
        #expect(counting.timers == ["settle"])
        // `report moves` is the variable, `report limit` the parameter.
        #expect(counting.reports.map { counting.routines[$0.value].code } == [[.variable(0)], [.parameter(0)]])
        // `cannot prevent tap where other.taps > limit`: the tap's first parameter.
        let rule = try #require(counting.preventionRules.first)
        #expect(program.kinds[rule.otherKind].name == "tap")
        let condition = try #require(rule.condition)
        #expect(counting.routines[condition].code == [.otherParameter(0), .parameter(0), .greater])
    }
}
