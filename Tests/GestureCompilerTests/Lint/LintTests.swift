import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

/// Lints `text` as `main.gdl`: each finding as `ID line:col message`.
func lint(_ text: String, options: LintOptions = LintOptions()) -> [String] {
    lintFindings(text, options: options).findings.map { finding in
        let (line, column) = finding.sources[finding.finding.range.file].lineAndColumn(of: finding.finding.range.start)
        return "\(finding.finding.rule.id) \(line):\(column) \(finding.finding.message)"
    }
}

func lintFindings(_ text: String, options: LintOptions = LintOptions())
    -> (findings: [(finding: LintFinding, sources: SourceManager)], program: GestureProgram?)
{
    let compilation = check(text)
    let sets = compilation.lowered().sets
    for message in located(compilation) { Issue.record("unexpected diagnostic: \(message)") }
    let findings = Linter.lint(sets, in: compilation, options: options)
    return (findings.map { ($0, compilation.sources) }, sets.first?.program)
}

/// The rule ids of the findings.
func ids(_ findings: [String]) -> [String] {
    findings.map { String($0.prefix(6)) }
}

/// Each rule against a spec that triggers it and one that does not.
@Suite("Lint rules")
struct LintRuleTests {
    static let holdKind = """
        kind hold continuous {
          possible { on move -> began }
          began, changed { on move -> changed  on up -> ended  on cancel -> cancelled }
        }

        """

    @Test("GDL201: a requirement on a recognizer that cannot fail while touching")
    func requirementNeverResolves() {
        let triggers = lint(
            Self.holdKind
                + inSet(
                    """
                      recognizer press = longPress on window
                      recognizer drag = hold on window
                      press requires drag to fail
                    """))
        #expect(triggers.contains { $0.hasPrefix("GDL201 9:3 'press' waits for 'drag' to fail") }, "\(triggers)")
        let clean = lint(
            Self.holdKind.replacingOccurrences(of: "on move -> began }", with: "on move -> began  on up -> failed }")
                + inSet(
                    """
                      recognizer press = longPress on window
                      recognizer drag = hold on window
                      press requires drag to fail
                    """))
        #expect(!ids(clean).contains("GDL201"), "\(clean)")
    }

    /// GDL202 is opt-in: what `--latency-budget 100ms` asks for.
    static let withBudget = LintOptions(latencyBudget: 0.1, enabled: ["GDL202"])

    @Test("GDL202: a single tap held 350ms by a double tap; a short interval is within budget")
    func latencyBudget() {
        let waiting = inSet(
            """
              recognizer toggle = tap on window
              recognizer zoom = tap(taps: 2) on window
              toggle requires zoom to fail
            """)
        let triggers = lint(waiting, options: Self.withBudget)
        #expect(
            triggers == [
                "GDL202 3:14 'toggle' is held up to 350ms by failure requirements (waiting for 'zoom' to fail) before it acts (budget 100ms)"
            ])
        let clean = lint(
            inSet(
                """
                  recognizer toggle = tap on window
                  recognizer zoom = tap(taps: 2, interval: 80ms) on window
                  toggle requires zoom to fail
                """), options: Self.withBudget)
        #expect(clean == [])
        let generous = lint(waiting, options: LintOptions(latencyBudget: 0.4, enabled: ["GDL202"]))
        #expect(generous == [], "a budget above 350ms")
    }

    @Test("GDL202 and GDL210 are opt-in: the idiomatic fix of stacked taps, a declared wait, lints clean")
    func optInRules() {
        let waiting = inSet(
            """
              recognizer toggle = tap on window
              recognizer zoom = tap(taps: 2) on window
              recognizer select = tap(taps: 3) on window
              toggle requires zoom to fail
              zoom requires select to fail
            """)
        #expect(lint(waiting) == [])
        #expect(ids(lint(waiting, options: LintOptions(enabled: ["GDL202", "GDL210"]))) == ["GDL202", "GDL202", "GDL210"])
        // A suppression of a rule the run does not check is kept for the runs that do:
        // it is not reported as silencing nothing (GDL291).
        let suppressed = waiting.replacingOccurrences(
            of: "  recognizer toggle", with: "  // lint off GDL202: the toggle may wait\n  recognizer toggle")
        #expect(lint(suppressed) == [])
        #expect(ids(lint(suppressed, options: Self.withBudget)) == ["GDL202"], "only the zoom's wait is left")
    }

    @Test("GDL203: a swipe beside a pan never wins (R52); ordering them fixes it")
    func shadowed() {
        let triggers = lint(
            inSet(
                """
                  recognizer scroll = pan on window
                  recognizer flick = swipe on window
                """))
        #expect(triggers == ["GDL203 4:14 'flick' never wins: 'scroll' takes every touch it could recognize"])
        let clean = lint(
            inSet(
                """
                  recognizer scroll = pan on window
                  recognizer flick = swipe on window
                  scroll requires flick to fail
                """))
        #expect(!ids(clean).contains("GDL203"), "\(clean)")
    }

    @Test("GDL203: a tap on a button takes its every touch, so its action never fires (R44); cancelsTouchesInView false fixes it")
    func tapOnAButton() {
        let spec = """
            gestures Inbox {
              view window { view star { control: button } }
              recognizer favourite = tap on star
            }
            """
        let triggers = lint(spec)
        #expect(triggers == ["GDL203 2:22 button 'star' never sends touchUpInside on a tap: 'favourite' on 'star' cancels its touch"])
        // A button without a recognizer of its own is not judged for it: its action fires.
        #expect(lint(spec.replacingOccurrences(of: "recognizer favourite = tap on star", with: "")) == [])
        #expect(lint(spec.replacingOccurrences(of: "tap on star", with: "tap on star { cancelsTouchesInView: false }")) == [])
    }

    @Test("GDL203: of two identical recognizers on one role, one never wins (R50)")
    func identical() {
        let triggers = lint(
            inSet(
                """
                  recognizer a = tap on window
                  recognizer b = tap on window
                """))
        #expect(ids(triggers) == ["GDL203"], "\(triggers)")
    }

    @Test("GDL203: recognizers declared alike share their run alone; a different predicate does not")
    func shadowedAlike() {
        // `muted` differs from the swipes only in a predicate that never lets it
        // begin, so it cannot win even alone: it is not shadowed, the others are.
        let findings = lint(
            inSet(
                """
                  recognizer scroll = pan on window
                  recognizer flick = swipe on window
                  recognizer fling = swipe on window
                  recognizer muted = swipe on window { shouldBegin: touchCount > 3 }
                """))
        #expect(findings.filter { $0.hasPrefix("GDL203") }.map { $0.prefix(18) } == ["GDL203 4:14 'flick", "GDL203 5:14 'fling"])
    }

    @Test("GDL208: nested pans allowed together, driven by one finger")
    func sharedTouch() {
        let spec = """
            gestures Test {
              view list { view card }
              recognizer scroll = pan on list
              recognizer move = pan on card
              simultaneous scroll, move
            }
            """
        #expect(lint(spec) == ["GDL208 5:3 'scroll' on 'list' and 'move' on 'card' recognize together, and one finger drives both"])
        let clean = spec.replacingOccurrences(of: "move = pan on card", with: "move = pan(minimumTouches: 2) on card")
        #expect(!ids(lint(clean)).contains("GDL204"))
    }

    @Test("GDL208 leaves out a touch-down detector declared simultaneous with a scroll, not a press held before a drag")
    func sharedTouchDetector() {
        let detector = """
            gestures Test {
              view window { view list { view card } }
              recognizer scroll = pan on list
              recognizer press = longPress(minimumDuration: 1ms) on card
              simultaneous scroll, press
            }
            """
        // It begins 1ms after the touch-down, the finger still: it reports the press.
        #expect(!ids(lint(detector)).contains("GDL208"))
        // Held half a second, then dragged: the press's drag and the scroll move at once.
        let reorder = detector.replacingOccurrences(of: "longPress(minimumDuration: 1ms)", with: "longPress")
        #expect(
            lint(reorder).contains(
                "GDL208 5:3 'scroll' on 'list' and 'press' on 'card' recognize together, and one finger drives both"))
    }

    @Test("GDL221 judges a scroll around the view, not a pan on the window that slides the whole screen")
    func flashUnderScrollNotDrawer() {
        let scroll = """
            gestures Test {
              view window { view list { view button } }
              recognizer scroll = pan on list
            }
            """
        #expect(
            lint(scroll).contains(
                "GDL221 2:34 view 'button' gets a touch's began and, moments later, its cancel when 'scroll' begins: its highlight flashes"))
        let drawer = """
            gestures Test {
              view window { view content }
              recognizer drawer = pan(direction: horizontal) on window
            }
            """
        #expect(!ids(lint(drawer)).contains("GDL221"))
    }

    @Test("GDL205: a state no row enters")
    func unreachableState() {
        let kind = """
            kind flick discrete {
              possible { on move -> failed  on up -> recognized }
              armed as possible { on up -> recognized }
            }

            """
        let triggers = lint(kind + inSet("  recognizer f = flick on window"))
        #expect(triggers.contains("GDL205 1:6 state 'armed' of kind 'flick' is never entered"), "\(triggers)")
        let clean = lint(
            kind.replacingOccurrences(of: "on move -> failed", with: "on move -> failed  on down -> armed")
                + inSet("  recognizer f = flick on window"))
        #expect(!ids(clean).contains("GDL205"), "\(clean)")
    }

    @Test("GDL205: a kind that can never recognize")
    func neverRecognizes() {
        let triggers = lint("kind dud discrete {\n  possible { on up -> failed }\n}\n" + inSet("  recognizer d = dud on window"))
        #expect(triggers.contains("GDL205 1:6 kind 'dud' can never recognize: no row it can reach leads to 'ended'"), "\(triggers)")
    }

    @Test("GDL206: a row after an unguarded row for the same event")
    func deadRow() {
        let triggers = lint(
            """
            kind twice discrete {
              possible {
                on up -> failed
                on up where tapCount == 2 -> recognized
              }
            }

            """ + inSet("  recognizer t = twice on window"))
        #expect(triggers.contains { $0.hasPrefix("GDL206 4:5 this row can never fire") }, "\(triggers)")
        let clean = lint(
            """
            kind twice discrete {
              possible {
                on up where tapCount == 2 -> recognized
                on up -> failed
              }
            }

            """ + inSet("  recognizer t = twice on window"))
        #expect(!ids(clean).contains("GDL206"), "\(clean)")
    }

    @Test("GDL207: a state with no way to an end")
    func stuckState() {
        let kind = """
            kind sticky continuous {
              possible { on move -> began  on up -> failed }
              began, changed { on move -> changed }
            }

            """
        let triggers = lint(kind + inSet("  recognizer s = sticky on window"))
        #expect(triggers.contains("GDL207 1:6 once in state 'began', kind 'sticky' can never end, be cancelled or fail"), "\(triggers)")
        let clean = lint(
            kind.replacingOccurrences(of: "{ on move -> changed }", with: "{ on move -> changed  on up -> ended  on cancel -> cancelled }")
                + inSet("  recognizer s = sticky on window"))
        #expect(!ids(clean).contains("GDL207"), "\(clean)")
    }

    /// The most common gesture bug. The single tap recognizes at the first
    /// lift while the double tap still counts (a tap cannot prevent a tap of more taps),
    /// and the double tap recognizes at the second: both act (R55).
    @Test("GDL208: a single and a double tap with no requirement both act on a double tap; a requirement fixes it")
    func stackedTaps() {
        let triggers = lint(
            inSet(
                """
                  recognizer select = tap on window
                  recognizer zoom = tap(taps: 2) on window
                """))
        #expect(triggers == ["GDL208 3:14 'select' acts on the start of a sequence that 'zoom' recognizes: both act, 'select' first"])
        let notes =
            lintFindings(
                inSet(
                    """
                      recognizer select = tap on window
                      recognizer zoom = tap(taps: 2) on window
                    """)
            ).findings.first?.finding.notes.map(\.message) ?? []
        #expect(
            notes.first
                == "'zoom' begins or recognizes later in the same touch sequence, on finger 1 goes down, finger 1 lifts, finger 1 goes down, the finger lifts on window"
        )
        #expect(notes.last?.hasPrefix("if only 'zoom' should act, add 'select requires zoom to fail'") == true)
        let fixed = lint(
            inSet(
                """
                  recognizer select = tap on window
                  recognizer zoom = tap(taps: 2) on window
                  select requires zoom to fail
                """))
        #expect(!ids(fixed).contains("GDL208"), "\(fixed)")
    }

    /// Found from the engine's runs, not from kind names: a custom kind that recognizes
    /// on a lift, and does not prevent taps, stacks under a double tap as a tap does
    /// (one that may prevent it excludes it instead, R46); and a tap on a child view
    /// stacks under a double tap on its parent.
    @Test("GDL208: any kind, on the same view or an ancestor's")
    func stackedAnyKind() {
        let lift = """
            kind lift discrete {
              cannot prevent tap
              possible { on up -> recognized  on move where translation.x > 20pt -> failed }
            }
            gestures Test {
              view window { view photo }
              recognizer pick = lift on photo
              recognizer zoom = tap(taps: 2) on window
            }
            """
        #expect(ids(lint(lift)).contains("GDL208"), "\(lint(lift))")
        let nested = inSet(
            """
              view card in window
              recognizer open = tap on card
              recognizer zoom = tap(taps: 2) on window
            """)
        #expect(lint(nested).contains { $0.hasPrefix("GDL208") && $0.contains("'open' acts on the start of a sequence that 'zoom'") })
    }

    @Test("GDL210: three fingers or three taps")
    func manyFingersOrTaps() {
        let enabled = LintOptions(enabled: ["GDL210"])
        #expect(
            lint(inSet("  recognizer undo = swipe(direction: left, touches: 3) on window"), options: enabled)
                == ["GDL210 3:14 'undo' needs 3 fingers, which few people discover"])
        #expect(
            lint(inSet("  recognizer select = tap(taps: 3) on window"), options: enabled)
                == ["GDL210 3:14 'select' needs 3 taps, which few people discover"])
        #expect(lint(inSet("  recognizer back = swipe(direction: left, touches: 2) on window"), options: enabled) == [])
    }

    @Test("GDL211: a minimum target under 44pt")
    func smallTarget() {
        let spec = "gestures Test {\n  view window {\n    view dot { minimumTarget: 30pt }\n  }\n  recognizer t = tap on dot\n}\n"
        #expect(lint(spec) == ["GDL211 3:10 view 'dot' asks for a touch target of only 30pt; use at least 44pt"])
        #expect(lint(spec.replacingOccurrences(of: "30pt", with: "44pt")) == [])
    }

    @Test("GDL212: a recognizer on a view that is not interactive (R8)")
    func nonInteractive() {
        let spec = "gestures Test {\n  view window {\n    view photo { interactive: false }\n  }\n  recognizer t = tap on photo\n}\n"
        #expect(lint(spec) == ["GDL212 5:14 't' never receives a touch: view 'photo' is not interactive (R8)"])
        #expect(lint(spec.replacingOccurrences(of: "false", with: "true")) == [])
    }

    @Test("GDL213: delaysTouchesBegan on a long press")
    func delayedBegan() {
        #expect(
            lint(inSet("  recognizer menu = longPress on window { delaysTouchesBegan: true }"))
                == ["GDL213 3:14 'menu' delays touchesBegan and can stay possible 500ms; its view looks unresponsive meanwhile"])
        #expect(lint(inSet("  recognizer delay = touchDelay on window")) == [], "150ms, the scroll view's own delay")
    }

    @Test("GDL222: a button's tap ends 350ms late under a card's double tap (R40); either fix is silent")
    func endHeldBack() {
        let card = """
            gestures Post {
              view window {
                view card {
                  view button { interactive: true }
                }
              }
              recognizer like = tap(taps: 2) on card%@
            }
            """
        let triggers = lint(card.replacingOccurrences(of: "%@", with: ""))
        #expect(
            triggers == [
                "GDL222 4:12 view 'button' gets a tap's touches ended 350ms after the lift: 'like' on 'card' holds it back until it fails"
            ])
        #expect(lint(card.replacingOccurrences(of: "%@", with: " { shouldReceiveTouch: touchedView != button }")) == [])
        #expect(lint(card.replacingOccurrences(of: "%@", with: " { delaysTouchesEnded: false }")) == [])
        // A view with a recognizer of its own acts through it, not on its touches' ends.
        #expect(!ids(lint(card.replacingOccurrences(of: "%@", with: "\n  recognizer press = longPress on button"))).contains("GDL222"))
    }

    @Test("GDL203 by place: a long press detecting touch-downs takes every drag from the list; wins under two fingers do not count")
    func lostByPlaceToATouchDownDetector() {
        let triggers = lint(
            """
            gestures List {
              view window {
                view list {
                  view cell { interactive: true }
                }
              }
              recognizer scroll = pan on list
              recognizer touchDown = longPress(minimumDuration: 1ms) on cell
            }
            """)
        // The scroll wins on the cell only once a second finger has made the press fail.
        #expect(triggers == ["GDL203 7:14 'scroll' on 'list' never wins a touch that lands on 'cell': 'touchDown' takes it"])
    }

    @Test("GDL221: a cell gets touches ended after a drag that a scroll leaving it the touch began with (R39)")
    func endAfterDrag() {
        let list = """
            gestures List {
              view window {
                view list {
                  view cell { interactive: true }
                }
              }
              recognizer scroll = pan on list%@
              recognizer delay = touchDelay on list
            }
            """
        let triggers = lint(list.replacingOccurrences(of: "%@", with: " { cancelsTouchesInView: false }"))
        #expect(
            triggers == [
                "GDL221 4:12 view 'cell' gets touches ended at the end of a drag that 'scroll' on 'list' began with: it acts as if tapped"
            ])
        #expect(lint(list.replacingOccurrences(of: "%@", with: "")) == [], "the scroll takes the touch (R38)")
        // A long press that leaves its dot highlighted began on a still hold, not a drag.
        let press = list.replacingOccurrences(of: "pan on list%@", with: "longPress on list { cancelsTouchesInView: false }")
        #expect(!ids(lint(press)).contains("GDL221"), "\(lint(press))")
    }

    @Test("GDL203, a second finger too late: a pan on a view inside blocks the outer pinch, unless that view pinches itself")
    func secondFingerOnInnerView() {
        let canvas = """
            gestures Canvas {
              view window {
                view canvas {
                  view sticker { interactive: true }
                }
              }
              recognizer zoom = pinch on canvas
              recognizer drag = pan on sticker
            %@}
            """
        let triggers = lint(canvas.replacingOccurrences(of: "%@", with: ""))
        #expect(ids(triggers) == ["GDL203"], "\(triggers)")
        #expect(triggers.first?.contains("'zoom' cannot begin") == true, "\(triggers)")
        #expect(lint(canvas.replacingOccurrences(of: "%@", with: "  simultaneous zoom, drag\n")) == [])
        // The sticker pinches itself: two fingers that land on it are its (nesting).
        let own = canvas.replacingOccurrences(
            of: "%@", with: "  recognizer resize = pinch on sticker\n  simultaneous drag, resize\n")
        #expect(!ids(lint(own)).contains("GDL203"), "\(lint(own))")
    }

    @Test("GDL220: a tap's allowed movement just above a pan's hysteresis")
    func closeThresholds() {
        let triggers = lint(
            inSet(
                """
                  recognizer select = tap(allowableMovement: 12pt) on window
                  recognizer scroll = pan on window
                """))
        #expect(
            triggers.contains("GDL220 3:14 'select' tolerates 12pt of movement and 'scroll' starts at 10pt: too close for a finger to choose"),
            "\(triggers)")
        let clean = lint(
            inSet(
                """
                  recognizer select = tap on window
                  recognizer scroll = pan on window
                """))
        #expect(!ids(clean).contains("GDL220"), "\(clean)")
    }
}

@Suite("Lint suppressions and options")
struct LintSuppressionTests {
    static let waiting = """
          recognizer toggle = tap on window
          recognizer zoom = tap(taps: 2) on window
          toggle requires zoom to fail
        """

    @Test("a suppression with a reason silences the finding on the next line")
    func suppressed() {
        let spec = inSet(
            Self.waiting.replacingOccurrences(
                of: "  recognizer toggle", with: "  // lint off GDL202: the toggle may wait for the zoom\n  recognizer toggle"))
        #expect(lint(spec, options: LintRuleTests.withBudget) == [])
        let byName = inSet(
            Self.waiting.replacingOccurrences(
                of: "  recognizer toggle = tap on window", with: "  recognizer toggle = tap on window  // lint off latency-budget: agreed"))
        #expect(lint(byName, options: LintRuleTests.withBudget) == [])
    }

    @Test("a suppression without a reason silences nothing (GDL290)")
    func withoutReason() {
        let spec = inSet(Self.waiting.replacingOccurrences(of: "  recognizer toggle", with: "  // lint off GDL202\n  recognizer toggle"))
        #expect(ids(lint(spec, options: LintRuleTests.withBudget)) == ["GDL290", "GDL202"])
    }

    @Test("a suppression that matches nothing is reported (GDL291)")
    func unused() {
        let spec = inSet("  // lint off GDL203: no longer needed\n  recognizer t = tap on window")
        #expect(lint(spec) == ["GDL291 3:3 this suppression of GDL203 silences no finding"])
    }

    @Test("--disable leaves a rule out")
    func disabled() {
        #expect(lint(inSet(Self.waiting), options: LintOptions(disabled: ["GDL202"], enabled: ["GDL202"])) == [])
        #expect(lint(inSet("  recognizer t = tap(taps: 3) on window"), options: LintOptions(disabled: ["GDL210"], enabled: ["GDL210"])) == [])
    }

    @Test("a hook nothing reads is a warning of the checker, which lint reports; read by a predicate, it is not (GDL326)")
    func unreadHook() {
        let unread = inSet("  hook isEditing\n  recognizer reorder = pan on window")
        #expect(messages(check(unread)) == ["hook 'isEditing' is declared, but nothing reads it"])
        let compilation = check(unread)
        let findings = Linter.lint(compilation.lowered().sets, in: compilation, options: LintOptions())
        #expect(findings.map { "\($0.rule.id) \($0.rule.name) \($0.message)" } == ["GDL326 check hook 'isEditing' is declared, but nothing reads it"])
        let read = inSet("  hook isEditing\n  recognizer reorder = pan on window { shouldBegin: isEditing }")
        #expect(messages(check(read)) == [])
        // Read by a relation's condition, or a view's predicate, it is read too.
        let condition = inSet(
            "  hook isEditing\n  recognizer a = tap on window\n  recognizer b = tap(taps: 2) on window\n  a requires b to fail where isEditing")
        #expect(messages(check(condition)) == [])
    }

    @Test("each rule is one file of Lint/Rules, and every file there is a rule lint runs")
    func rulesHeldToTheFolder() throws {
        let folder = repositoryRoot.appendingPathComponent("Sources/GestureAnalysis/Lint/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        var idsByFile: [String: [String]] = [:]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var ids: [String] = []
            var rest = text[...]
            while let range = rest.range(of: "id: \"GDL") {
                ids.append("GDL" + rest[range.upperBound...].prefix(3))
                rest = rest[range.upperBound...]
            }
            idsByFile[file] = ids
        }
        // One rule a file, and each file's rule is one lint knows.
        for (file, ids) in idsByFile { #expect(ids.count == 1, "\(file) declares \(ids)") }
        let inFiles = idsByFile.values.flatMap { $0 }.sorted()
        // The comments about suppressions and the search's own note live with the linter.
        let known = LintRules.infos.map(\.id.rawValue).filter { !["GDL290", "GDL291", "GDL292"].contains($0) }.sorted()
        #expect(inFiles == known)
    }

    @Test("every rule has an id, a name, a summary and an explanation with an example")
    func ruleInfos() {
        let infos = LintRules.infos
        #expect(Set(infos.map(\.id)).count == infos.count)
        #expect(Set(infos.map(\.name)).count == infos.count)
        for info in infos {
            #expect(info.id.rawValue.hasPrefix("GDL2"))
            #expect(!info.summary.isEmpty)
            #expect(info.explanation.contains("Triggers") && info.explanation.contains("Does not"), "\(info.id)")
        }
        #expect(LintRules.info(for: "gdl203")?.name == "starved")
        // A former id or name names the class of difference it became.
        #expect(LintRules.info(for: "shadowed-recognizer")?.id == "GDL203")
        #expect(LintRules.info(for: "GDL217")?.id == "GDL203")
        #expect(LintRules.info(for: "end-after-drag")?.id == "GDL221")
        #expect(LintRules.info(for: "GDL204")?.id == "GDL208")
    }
}

/// Lint's cost is bounded whatever the spec's shape.
@Suite("Lint: the bound on places")
struct LintPlaceBoundTests {
    /// `count` roles, each in the one before, and a pan on the first: every role's
    /// place holds its whole chain, so the places together hold count² / 2 views.
    private func chain(_ count: Int) -> String {
        "gestures Chain {\n  view r0\n" + (1..<count).map { "  view r\($0) in r\($0 - 1)\n" }.joined()
            + "  recognizer p0 = pan on r0\n}\n"
    }

    @Test("a chain of nested roles too deep to search whole is searched over its first places, with a note at the first left out (GDL292)")
    func deepChainIsBounded() {
        // Sizes 2, 3, … 300 (a view each, and the pan), a hundred states each: 198 places
        // (2 + … + 199 = 19,899 × 100) fit the bound of 2,000,000; the 199th does not.
        let findings = lint(chain(300)).filter { $0.hasPrefix("GDL292") }
        #expect(
            findings == [
                "GDL292 200:8 lint searched the places of the first 198 of 300 roles with recognizers on their path; "
                    + "this one and the 101 after it together cost more than the search's bound"
            ])
    }

    @Test("a chain that fits the bound is searched whole and gets no note")
    func shallowChainIsWhole() {
        #expect(lint(chain(40)).filter { $0.hasPrefix("GDL292") } == [])
    }
}
