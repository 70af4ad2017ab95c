import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// Compiles one gesture set.
private func compiledSet(_ members: String) throws -> GestureProgram {
    let compilation = check("gestures Test {\n\(members)\n}\n")
    #expect(messages(compilation) == [])
    return try #require(compilation.lowered().sets.first).program
}

/// Reads a scene and a trace (`scene` nil: both in `trace`) and returns the
/// diagnostics as `line:col: message`, or the timeline's text.
private func simulate(_ program: GestureProgram, scene: String?, trace: String, until: Double? = nil) -> String {
    var sources = SourceManager()
    var reader = SimulationInputReader(program: program)
    let sceneFile = scene.map { SourceFile(path: "scene.json", text: $0) }
    guard
        let (scene, trace) = reader.read(
            scene: sceneFile, trace: SourceFile(path: "trace.json", text: trace), sources: &sources)
    else { return located(reader.diagnostics, sources) }
    guard var simulation = try? Simulation(program: program, scene: scene) else { return "invalid program" }
    simulation.run(trace, until: until)
    if simulation.diagnostics.hasErrors { return located(simulation.diagnostics, sources) }
    return TimelineRenderer.text(simulation.timeline)
}

private func located(_ bag: DiagnosticBag, _ sources: SourceManager) -> String {
    bag.diagnostics.map { diagnostic in
        let file = sources[diagnostic.range.file]
        let (line, column) = file.lineAndColumn(of: diagnostic.range.start)
        return "\(file.path):\(line):\(column): \(diagnostic.message)"
            + diagnostic.notes.map { " (\($0.message))" }.joined()
    }.joined(separator: "\n")
}

@Suite("Simulation")
struct SimulationTests {
    static let scene = """
        {"views": [
          {"id": "window", "role": "window", "frame": [0, 0, 400, 800]},
          {"id": "photo", "role": "photo", "parent": "window", "frame": [0, 100, 400, 400]}
        ]}
        """
    static let members = """
          view window { view photo }
          recognizer single = tap on photo
          recognizer double = tap(taps: 2) on photo
          single requires double to fail
        """

    @Test("a single tap waits for the double tap: the timeline explains the 350 ms with source locations")
    func singleTapTimeline() throws {
        let text = simulate(
            try compiledSet(Self.members), scene: Self.scene,
            trace: """
                {"events": [
                  {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 200}]},
                  {"t": 0.08, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 200}]}
                ]}
                """)
        #expect(
            text == """
                   0.000  photo         touches began 1 (100, 200)
                   0.080  single@photo  held: waiting for double on photo to fail  [main.gdl:5:3]
                   0.430  double@photo  failed: a row of its kind's table failed it  [<prelude>:67:5]
                   0.430  single@photo  released: every recognizer it waited for failed  [<prelude>:58:5]
                   0.430  photo         touches cancelled 1 (100, 200) at 0.080
                   0.430  single@photo  recognized  location (100, 200)
                   0.430  double@photo  reset: its sequence is over  [main.gdl:4:14]
                   0.430  single@photo  reset: its sequence is over  [main.gdl:3:14]

                """)
    }

    @Test("a streamed run hands over what a kept run keeps, each event after the timers due by its time")
    func streamedRun() throws {
        let program = try compiledSet(Self.members)
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (scene, trace) = try #require(
            reader.read(
                scene: SourceFile(path: "scene.json", text: Self.scene),
                trace: SourceFile(
                    path: "trace.json",
                    text: """
                        {"events": [
                          {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 200}]},
                          {"t": 0.08, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 200}]},
                          {"t": 1, "touches": [{"id": 2, "phase": "down", "x": 100, "y": 200}]}
                        ]}
                        """), sources: &sources))
        var kept = try Simulation(program: program, scene: scene)
        kept.run(trace)
        var streamed: [TimelineEntry] = []
        var streaming = try Simulation(program: program, scene: scene)
        streaming.run(trace) { streamed.append($0) }
        #expect(streaming.timeline.isEmpty && streaming.inputs.isEmpty)
        func isInput(_ entry: TimelineEntry) -> Bool {
            if case .input = entry.kind { true } else { false }
        }
        #expect(streamed.filter { !isInput($0) } == kept.timeline)
        #expect(streamed.filter(isInput) == kept.inputs)
        // The double tap's timer fails it at 0.43s, between the lift and the next touch;
        // each event comes before what it caused.
        let failed = try #require(
            streamed.firstIndex { entry in
                if case .decision(.failed, _, _) = entry.kind { entry.recognizer == "double" } else { false }
            })
        let secondDown = try #require(streamed.firstIndex { $0.kind == .input("down 2 at (100, 200)") })
        #expect(streamed[failed].time == 0.43 && failed < secondDown)
        #expect(TimelineRenderer.line(streamed[secondDown + 1], subjectWidth: 0).contains("photo  touches began 2"))
        #expect(streamed.first?.kind == .input("down 1 at (100, 200)"))
    }

    /// R88, R89: the text form's pointer inputs, a transform's values included, read in
    /// and written back in the timeline's input lines word for word.
    @Test("a pointer's scroll and a trackpad's transform read from the text form are written back as they were")
    func pointerInputsInText() throws {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: try compiledSet(Self.members))
        let lines = [
            "down 1 at (10, 20) continuousScroll", "move 1 at (10, 8)", "up 1 at (10, 8)", "down 2 at (50, 60) transform",
            "move 2 at (50, 60) scale=1.5 rotation=0.25", "up 2 at (50, 60) scale=1.5 rotation=0.25",
            "down 3 at (5, 5) discreteScroll", "cancel 3",
        ]
        let text = "view w: window [0 0 400 800]\n" + lines.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: "\n")
        let (scene, events) = try #require(reader.read(scene: nil, trace: SourceFile(path: "t.trace", text: text), sources: &sources))
        var simulation = try Simulation(program: reader.program, scene: scene)
        simulation.run(events)
        let inputs = simulation.inputs.compactMap { entry -> String? in
            if case .input(let line) = entry.kind { line } else { nil }
        }
        #expect(inputs == lines)
    }

    @Test("the JSON timeline has the documented fields")
    func jsonTimeline() throws {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: try compiledSet(Self.members))
        let trace = """
            {"views": [{"id": "w", "role": "window", "frame": [0, 0, 400, 800]},
                       {"id": "p", "role": "photo", "parent": "w", "frame": [0, 0, 400, 400]}],
             "events": [{"t": 0, "touches": [{"id": 7, "phase": "down", "x": 10, "y": 10}]},
                        {"t": 0.1, "interrupt": {}}]}
            """
        let (scene, events) = try #require(
            reader.read(scene: nil, trace: SourceFile(path: "t.json", text: trace), sources: &sources))
        var simulation = try Simulation(program: reader.program, scene: scene)
        simulation.run(events)
        let json = TimelineRenderer.json(simulation.timeline)
        #expect(
            json.hasPrefix(
                """
                [
                  {"t": 0, "type": "touches", "view": "p", "phase": "began", "touches": [7], \
                "touchStates": [{"id": 7, "x": 10, "y": 10, "t": 0, "tapCount": 1}]},
                  {"t": 0.1, "type": "decision", "recognizer": "double", "view": "p", "decision": "failed", \
                "reason": "a row of its kind's table failed it", "source": "<prelude>:66:5"},
                """), "the taps fail by their own 'on cancel' rows (R16), most recently added first (R23)")
        // The system's cancel carries the touch as it last was, at the cancel's time.
        #expect(
            json.contains(
                #"{"t": 0.1, "type": "touches", "view": "p", "phase": "cancelled", "touches": [7], "#
                    + #""touchStates": [{"id": 7, "x": 10, "y": 10, "t": 0.1, "tapCount": 1}]}"#))
    }

    @Test(
        "mistakes in a scene are located, with suggestions",
        arguments: [
            (
                #"{"views": [{"id": "w", "role": "windw", "frame": [0, 0, 1, 1]}]}"#,
                "scene.json:1:32: unknown view role 'windw' (did you mean 'window'?)"
            ),
            (
                #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 1]}]}"#,
                "scene.json:1:51: 'frame' must be [x, y, width, height], found an array"
            ),
            (
                #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 1, 1], "hiden": true}]}"#,
                "scene.json:1:65: a view has no field 'hiden' (did you mean 'hidden'?)"
            ),
            (
                #"{"views": [{"id": "p", "role": "photo", "parent": "w", "frame": [0, 0, 1, 1]}, {"id": "w", "role": "window", "parent": "p", "frame": [0, 0, 1, 1]}]}"#,
                "scene.json:1:51: views form a parent cycle: p → w → p"
            ),
            (
                #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 1, 1]}, {"id": "w", "role": "window", "frame": [0, 0, 1, 1]}]}"#,
                "scene.json:1:66: view 'w' is declared twice"
            ),
            (
                #"{"views": [{"id": "p", "role": "photo", "frame": [0, 0, 1, 1]}]}"#,
                "scene.json:1:12: view 'p' of role 'photo' cannot sit in a view of role 'none (a root)'"
            ),
            (
                #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 1e999, 1]}]}"#,
                "scene.json:1:58: malformed JSON: '1e999' is out of range"
            ),
            (
                #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 1, 1]}"#,
                "scene.json:1:64: malformed JSON: expected ']'"
            ),
        ])
    func sceneMistakes(scene: String, expected: String) throws {
        let actual = simulate(try compiledSet(Self.members), scene: scene, trace: #"{"events": []}"#)
        #expect(actual == expected)
    }

    @Test(
        "mistakes in a trace are located: the event, or the touch in it",
        arguments: [
            (
                #"{"events": [{"t": 0, "touches": [{"id": 1, "phase": "move", "x": 1, "y": 1}]}]}"#,
                "trace.json:1:34: touch 1 is not down"
            ),
            (
                #"{"events": [{"t": 0, "touches": [{"id": 1, "phase": "down", "x": 1, "y": 1}]}, {"t": 1, "touches": [{"id": 1, "phase": "down", "x": 1, "y": 1}]}]}"#,
                "trace.json:1:101: touch 1 is already down"
            ),
            (
                #"{"events": [{"t": 1, "interrupt": {}}, {"t": 0.5, "interrupt": {}}]}"#,
                "trace.json:1:40: time goes backwards: 0.5s after 1s"
            ),
            (
                #"{"events": [{"t": 0, "touches": [{"id": 1, "phase": "press", "x": 1, "y": 1}]}]}"#,
                "trace.json:1:53: unknown touch phase 'press'"
            ),
            (
                #"{"events": [{"t": 0, "setEnabled": {"recognizer": "singel", "view": "photo", "value": false}}]}"#,
                "trace.json:1:51: unknown recognizer 'singel' (did you mean 'single'?)"
            ),
            (
                #"{"events": [{"t": 0, "setEnabled": {"recognizer": "single", "view": "window", "value": false}}]}"#,
                "trace.json:1:69: recognizer 'single' is attached to 'photo' views, and view 'window' is a 'window' ('photo' is a 'photo')"
            ),
            (
                #"{"events": [{"t": 0, "setHook": {"hook": "allow", "value": false}}]}"#,
                "trace.json:1:42: unknown hook 'allow'"
            ),
            (
                #"{"events": [{"t": 0, "touches": [{"id": 1, "phase": "down", "x": 1e400, "y": 1}]}]}"#,
                "trace.json:1:66: malformed JSON: '1e400' is out of range"
            ),
            (
                #"{"events": [{"t": 0}]}"#,
                "trace.json:1:13: an event needs one of 'touches', 'setEnabled', 'setHook', 'setProperties', "
                    + "'addView', 'removeView', 'setFrame', 'setParent', 'scroll', 'interrupt' or 'saw'"
            ),
        ])
    func traceMistakes(trace: String, expected: String) throws {
        let actual = simulate(try compiledSet(Self.members), scene: Self.scene, trace: trace)
        #expect(actual == expected)
    }

    @Test("a hook's value holds until changed; setEnabled names the recognizer on a view")
    func hooksAndEnabling() throws {
        let members = """
              view window { view photo }
              hook allowTap = true
              recognizer single = tap on photo { shouldBegin: allowTap }
            """
        let text = simulate(
            try compiledSet(members), scene: Self.scene,
            trace: """
                {"events": [
                  {"t": 0, "setHook": {"hook": "allowTap", "value": false}},
                  {"t": 0.1, "touches": [{"id": 1, "phase": "down", "x": 10, "y": 200}]},
                  {"t": 0.15, "touches": [{"id": 1, "phase": "up", "x": 10, "y": 200}]},
                  {"t": 1, "setHook": {"hook": "allowTap", "value": true}},
                  {"t": 1.1, "touches": [{"id": 2, "phase": "down", "x": 10, "y": 200}]},
                  {"t": 1.15, "touches": [{"id": 2, "phase": "up", "x": 10, "y": 200}]},
                  {"t": 2, "setEnabled": {"recognizer": "single", "view": "photo", "value": false}},
                  {"t": 2.1, "touches": [{"id": 3, "phase": "down", "x": 10, "y": 200}]},
                  {"t": 2.15, "touches": [{"id": 3, "phase": "up", "x": 10, "y": 200}]}
                ]}
                """)
        let actions = text.split(separator: "\n").filter { $0.contains("recognized") || $0.contains("vetoed") }
        #expect(actions.count == 2, "\(text)")
        #expect(actions.first?.contains("0.150") == true && actions.first?.contains("vetoed") == true)
        #expect(actions.last?.contains("1.150") == true && actions.last?.contains("recognized") == true)
    }

    @Test("a view's properties change in a trace, in JSON and in the text form, each changing only what it names (R9)")
    func propertiesChange() throws {
        let program = try compiledSet(Self.members)
        let json = simulate(
            program, scene: Self.scene,
            trace: """
                {"events": [
                  {"t": 0, "setProperties": {"view": "photo", "hidden": true}},
                  {"t": 0.1, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 200}]},
                  {"t": 0.15, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 200}]},
                  {"t": 0.5, "setProperties": {"view": "photo", "alpha": 0.5}},
                  {"t": 1, "touches": [{"id": 2, "phase": "down", "x": 100, "y": 200}]},
                  {"t": 1.05, "touches": [{"id": 2, "phase": "up", "x": 100, "y": 200}]},
                  {"t": 1.5, "setProperties": {"view": "photo", "hidden": false}},
                  {"t": 2, "touches": [{"id": 3, "phase": "down", "x": 100, "y": 200}]},
                  {"t": 2.05, "touches": [{"id": 3, "phase": "up", "x": 100, "y": 200}]}
                ]}
                """)
        // Hidden, the photo takes no touch (R9); made half transparent it is still hidden,
        // since the change names only alpha; shown again, it takes the third.
        let began = json.split(separator: "\n").filter { $0.contains("photo") && $0.contains("touches began") }
        #expect(began.count == 1 && began.first?.contains("began 3") == true, "\(json)")
        let text = simulate(
            program, scene: nil,
            trace: """
                view window: window [0 0 400 800]
                view photo: photo in window [0 100 400 400]
                0     setProperties photo hidden
                0.1   down 1 at (100, 200)
                0.15  up 1 at (100, 200)
                0.5   setProperties photo alpha=0.5
                1     down 2 at (100, 200)
                1.05  up 2 at (100, 200)
                1.5   change photo hidden=false   # the earlier verb, still read
                2     down 3 at (100, 200)
                2.05  up 3 at (100, 200)
                """)
        #expect(text == json)
    }

    @Test("the text form reads like the JSON form and gives the same timeline")
    func textForm() throws {
        let program = try compiledSet(Self.members)
        let json = simulate(
            program, scene: Self.scene,
            trace: """
                {"events": [
                  {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 200}]},
                  {"t": 0.08, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 200}]},
                  {"t": 0.1, "setEnabled": {"recognizer": "double", "view": "photo", "value": false}},
                  {"t": 0.2, "touches": [{"id": 2, "phase": "down", "x": 10, "y": 150}, {"id": 3, "phase": "down", "x": 30, "y": 150}]},
                  {"t": 0.3, "interrupt": {}}
                ]}
                """)
        let text = simulate(
            program, scene: nil,
            trace: """
                # A scene and a trace in one file.
                view window: window [0 0 400 800]
                view photo: photo in window [0 100 400 400] multipleTouch

                0     down 1 at (100, 200)
                0.08  up 1 at (100, 200)
                0.1   disable double on photo
                0.2   down 2 at (10, 150); down 3 at (30, 150)   # one event (R12)
                0.3   interrupt
                """)
        #expect(text.contains("touches began 2 (10, 150), 3 (30, 150)"), "\(text)")
        // The JSON scene lacks multipleTouch: only the first touch reaches the photo.
        #expect(json.contains("touches began 2 (10, 150)\n"), "\(json)")
        let oneTouch = text.replacingOccurrences(of: "began 2 (10, 150), 3 (30, 150)", with: "began 2 (10, 150)")
            .replacingOccurrences(of: "cancelled 2 (10, 150), 3 (30, 150)", with: "cancelled 2 (10, 150)")
        #expect(oneTouch == json)
    }

    @Test("a trace changes the scene as it runs: a view added, moved, scrolled and removed")
    func livingScene() throws {
        let program = try compiledSet(Self.members)
        let text = simulate(
            program, scene: nil,
            trace: """
                view window: window [0 0 400 800]

                0     add photo: photo in window [0 100 400 400]
                0.1   frame photo [0 300 400 400]
                0.2   scroll window to (0, 100)    # the photo is at 200-600 on screen
                0.3   down 1 at (100, 250)
                0.35  up 1 at (100, 250)
                0.4   remove photo
                """)
        // The taps wait for each other (R53) until the photo goes: both fail at once,
        // the latest added first (R23), and the photo's held-back end becomes a cancel.
        #expect(
            text == """
                   0.300  photo         touches began 1 (100, 250)
                   0.350  single@photo  held: waiting for double on photo to fail  [main.gdl:5:3]
                   0.400  double@photo  removed: its view was removed  [main.gdl:4:14]
                   0.400  single@photo  removed: its view was removed  [main.gdl:3:14]
                   0.400  photo         touches cancelled 1 (100, 250) at 0.350
                   0.400  double@photo  reset: its sequence is over  [main.gdl:4:14]
                   0.400  single@photo  reset: its sequence is over  [main.gdl:3:14]

                """)
        let json = simulate(
            program, scene: nil,
            trace: """
                {"views": [{"id": "window", "role": "window", "frame": [0, 0, 400, 800]}],
                 "events": [
                  {"t": 0, "addView": {"id": "photo", "role": "photo", "parent": "window", "frame": [0, 100, 400, 400]}},
                  {"t": 0.1, "setFrame": {"view": "photo", "frame": [0, 300, 400, 400]}},
                  {"t": 0.2, "scroll": {"view": "window", "x": 0, "y": 100}},
                  {"t": 0.3, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 250}]},
                  {"t": 0.35, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 250}]},
                  {"t": 0.4, "removeView": {"view": "photo"}}
                ]}
                """)
        #expect(json == text)
        // Before the scroll, the same touch misses the photo (at 400-800 on screen then).
        let unscrolled = simulate(
            program, scene: nil,
            trace: """
                view window: window [0 0 400 800]
                0     add photo: photo in window [0 100 400 400]
                0.1   frame photo [0 300 400 400]
                0.3   down 1 at (100, 250)
                0.35  up 1 at (100, 250)
                """)
        #expect(
            unscrolled == """
                   0.300  window  touches began 1 (100, 250)
                   0.350  window  touches ended 1 (100, 250)

                """)
    }

    @Test(
        "mistakes in a trace's scene changes are located",
        arguments: [
            (
                "0 remove photo\n1 frame photo [0 0 1 1]",
                "trace.json:2:9: view 'photo' was removed earlier in the trace (removed here, with the views in it)"
            ),
            (
                "0 remove window\n1 scroll photo to (0, 1)",
                "trace.json:2:10: view 'photo' was removed earlier in the trace (removed here, with the views in it)"
            ),
            (
                "0 remove photo\n1 remove photo",
                "trace.json:2:10: view 'photo' was removed earlier in the trace (removed here, with the views in it)"
            ),
            (
                "0 remove photo\n1 disable single on photo",
                "trace.json:2:21: view 'photo' was removed earlier in the trace (removed here, with the views in it)"
            ),
            (
                "0 remove window\n1 add p2: photo in window [0 0 1 1]",
                "trace.json:2:20: view 'window' was removed earlier in the trace (removed here, with the views in it)"
            ),
            ("0 add photo: photo in window [0 0 1 1]", "trace.json:1:3: view 'photo' is declared twice"),
            ("0 add p2: photo [0 0 1 1]", "trace.json:1:3: view 'p2' of role 'photo' cannot sit in a view of role 'none (a root)'"),
            ("0 remove phot", "trace.json:1:10: unknown view 'phot' (did you mean 'photo'?)"),
            ("0 frame photo [0 0 1]", "trace.json:1:21: expected a frame's value, found ']'"),
            ("0 frame photo [0 0 1 2e9]", "trace.json:1:22: a frame's value must be between -1e9 and 1e9 points, found 2000000000"),
            ("0 scroll photo (0, 1)", "trace.json:1:16: expected 'to', found '('"),
            ("0 scroll photo to (0, -2e9)", "trace.json:1:23: 'y' must be between -1e9 and 1e9 points, found -2000000000"),
            ("0 remove", "trace.json:1:9: expected a view id at the end of the line"),
            (
                "0 reparent window in photo [0 0 1 1]",
                "trace.json:1:22: view 'window' of role 'window' cannot sit in a view of role 'photo'"
            ),
            ("0 reparent photo in windo [0 0 1 1]", "trace.json:1:21: unknown view 'windo' (did you mean 'window'?)"),
            ("0 reparent photo window [0 0 1 1]", "trace.json:1:18: expected 'in', found 'window'"),
            (
                "0 remove window\n1 reparent photo in window [0 0 1 1]",
                "trace.json:2:12: view 'photo' was removed earlier in the trace (removed here, with the views in it)"
            ),
        ])
    func sceneChangeMistakes(trace: String, expected: String) throws {
        let actual = simulate(try compiledSet(Self.members), scene: Self.scene, trace: trace)
        #expect(actual == expected)
    }

    @Test("a view re-parented by a trace, in JSON and in the text form, keeps its touch")
    func reparentedView() throws {
        let program = try compiledSet(
            """
              view window { view a; view b }
              view card in a, b
              recognizer drag = pan on card
            """)
        let text = simulate(
            program, scene: nil,
            trace: """
                view window: window [0 0 400 800]
                view a: a in window [0 0 200 800]
                view b: b in window [200 0 200 800]
                view card: card in a [0 0 200 100]

                0     down 1 at (50, 50)
                0.05  reparent card in b [0 0 200 100]
                0.1   move 1 at (250, 50)
                0.15  up 1 at (250, 50)
                """)
        #expect(text.contains("drag@card  began  location (250, 50), translation (200, 0)"), "\(text)")
        #expect(text.contains("drag@card  ended"), "\(text)")
        let json = simulate(
            program, scene: nil,
            trace: """
                {"views": [{"id": "window", "role": "window", "frame": [0, 0, 400, 800]},
                  {"id": "a", "role": "a", "parent": "window", "frame": [0, 0, 200, 800]},
                  {"id": "b", "role": "b", "parent": "window", "frame": [200, 0, 200, 800]},
                  {"id": "card", "role": "card", "parent": "a", "frame": [0, 0, 200, 100]}],
                 "events": [
                  {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 50, "y": 50}]},
                  {"t": 0.05, "setParent": {"view": "card", "parent": "b", "frame": [0, 0, 200, 100]}},
                  {"t": 0.1, "touches": [{"id": 1, "phase": "move", "x": 250, "y": 50}]},
                  {"t": 0.15, "touches": [{"id": 1, "phase": "up", "x": 250, "y": 50}]}
                ]}
                """)
        #expect(json == text)
    }

    @Test(
        "mistakes in the text form are located",
        arguments: [
            ("view w: window [0 0 400]", "trace.json:1:24: expected a frame's value, found ']'"),
            (
                "view w: window [0 0 400 800]\n0.1 tap 1 at (1, 1)",
                "trace.json:2:5: expected down, move, up, cancel, enable, disable, set, setProperties, add, remove, frame, "
                    + "reparent, scroll, interrupt or saw, found 'tap'"
            ),
            ("view w: window [0 0 400 800]\n0.1 change v hidden", "trace.json:2:12: unknown view 'v' (did you mean 'w'?)"),
            ("view w: window [0 0 400 800]\n0.1 setProperties w alpha=true", "trace.json:2:27: 'alpha' must be a number, found a boolean"),
            ("view w: window [0 0 400 800]\n0.1 change w frame=1", "trace.json:2:14: 'setProperties' has no field 'frame'"),
            ("view w: window [0 0 400 800]\n0.1 down 1 at (1, 1); interrupt", "trace.json:2:23: only touch phases can share a line"),
            ("view w: window [0 0 400 800] hiden", "trace.json:1:30: a view has no field 'hiden' (did you mean 'hidden'?)"),
            ("view w: window [0 0 400 800]\n0.1 down 1 at (1, 1) pencil extra", "trace.json:2:29: unexpected 'extra'"),
            // A touch's type (R87), said when it goes down.
            ("view w: window [0 0 400 800]\n0.1 down 1 at (1, 1) pencl", "trace.json:2:22: unknown touch type 'pencl' (did you mean 'pencil'?)"),
            (
                "view w: window [0 0 400 800]\n0.1 down 1 at (1, 1)\n0.2 move 1 at (2, 2) pencil",
                "trace.json:3:22: a touch that is not going down has no field 'touchType'"
            ),
            // A pointer's scroll or transform (R88, R89), said as it begins; a transform's values.
            (
                "view w: window [0 0 400 800]\n0.1 down 1 at (1, 1) continuousScrol",
                "trace.json:2:22: unknown touch type 'continuousScrol' (did you mean 'continuousScroll'?)"
            ),
            (
                "view w: window [0 0 400 800]\n0.1 down 1 at (1, 1)\n0.2 move 1 at (2, 2) transform",
                "trace.json:3:22: a touch that is not going down has no field 'pointer'"
            ),
            (
                "view w: window [0 0 400 800]\n0.1 down 1 at (1, 1) transform scale=0",
                "trace.json:2:38: 'scale' must be above 0 and at most 1e9, found 0"
            ),
            ("view w: window [0 0 400 800]\n0.1 down 1 at (1, 1) transform scale=", "trace.json:2:38: expected a number at the end of the line"),
            ("view w: window [0 0 400 800]\n0.1 down 1 at (1, 1) transform pencil", "trace.json:2:32: unexpected 'pencil'"),
        ])
    func textMistakes(trace: String, expected: String) throws {
        let actual = simulate(try compiledSet(Self.members), scene: nil, trace: trace)
        #expect(actual == expected)
    }
}

@Suite("Timeline explanations")
struct TimelineExplanationTests {
    @Test("a failure quotes its kind's row; a veto and a refusal quote their predicate where it is written")
    func explained() throws {
        let text = """
            gestures Test {
              view window
              hook allow = false
              recognizer t = tap on window { shouldReceiveTouch: touchCount < 1 }
              recognizer p = pan on window
              p.shouldBegin: allow
            }
            """
        let compilation = check(text)
        #expect(messages(compilation) == [])
        let set = try #require(compilation.lowered().sets.first)
        let program = set.program
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        // A second finger lands while the first is down: the tap's shouldReceiveTouch,
        // asked with the one touch it already has, refuses it (R20). The first then drags 60 pt: the tap fails on movement
        // (R63), and the pan, asking to begin, is vetoed by its shouldBegin (R59).
        let (scene, trace) = try #require(
            reader.read(
                scene: nil,
                trace: SourceFile(
                    path: "t.json",
                    text: """
                        {"views": [{"id": "w", "role": "window", "frame": [0, 0, 400, 400]}],
                         "events": [
                          {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 100}]},
                          {"t": 0.05, "touches": [{"id": 2, "phase": "down", "x": 300, "y": 300}]},
                          {"t": 0.1, "touches": [{"id": 1, "phase": "move", "x": 160, "y": 100}]},
                          {"t": 0.2, "touches": [{"id": 1, "phase": "up", "x": 160, "y": 100}, {"id": 2, "phase": "up", "x": 300, "y": 300}]}
                        ]}
                        """), sources: &sources))
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace)
        let explained = TimelineExplanation(compilation: compilation, set: set).explain(simulation.timeline)
        let lines = TimelineRenderer.text(explained).split(separator: "\n").map { String($0.drop { $0 == " " }) }
        // With what decided it: the finger moved 60 pt, the tap allows 45 (R63).
        #expect(
            lines.contains(
                "0.100  t@w  failed: its row 'on move, up where movement > allowableMovement -> failed' failed it (movement 60pt > allowableMovement 45pt)  [<prelude>:56:5]"
            ))
        #expect(lines.contains("0.100  p@w  vetoed: its shouldBegin 'allow' answered false  [main.gdl:6:5]"))
        #expect(lines.contains("0.050  t@w  refused: its shouldReceiveTouch 'touchCount < 1' refused touch 2  [main.gdl:4:34]"))

        // Without the spec's text, the same entries say less.
        let plain = TimelineRenderer.text(simulation.timeline)
        #expect(plain.contains("t@w  failed: a row of its kind's table failed it  [<prelude>:56:5]"))
        #expect(plain.contains("p@w  vetoed: its shouldBegin answered false  [main.gdl:5:14]"))
    }

    /// The values that decided a row, in units, for each comparison its guard
    /// ran. A constant comparison is folded away and shows nothing; `||` stops at the
    /// first true term, so a later one shows only when it ran.
    @Test("a row's explanation shows the values its guard compared, in units")
    func decidingValues() throws {
        let text = """
            kind probe(limit: duration = 300ms, turn: angle = 10deg, reach: distance = 20pt) discrete {
              possible {
                on up where 2 > 1 && (touchCount > 5 || elapsed >= limit) && !(abs(rotation) >= turn) -> recognized
                on up where length(translation) < reach -> failed
                on up -> failed
              }
            }
            gestures Test {
              view window
              recognizer slow = probe on window
            }
            """
        let compilation = check(text)
        #expect(messages(compilation) == [])
        let set = try #require(compilation.lowered().sets.first)
        let program = set.program
        func explained(_ events: String) throws -> [String] {
            var sources = SourceManager()
            var reader = SimulationInputReader(program: program)
            let (scene, trace) = try #require(
                reader.read(
                    scene: nil,
                    trace: SourceFile(
                        path: "t.json",
                        text: """
                            {"views": [{"id": "w", "role": "window", "frame": [0, 0, 400, 400]}], "events": [\(events)]}
                            """), sources: &sources))
            var simulation = try Simulation(program: program, scene: scene)
            simulation.run(trace)
            return TimelineExplanation(compilation: compilation, set: set).explain(simulation.timeline)
                .flatMap(\.decidedBy)
        }
        // Held 0.4 s without moving: `touchCount > 5` ran (false), then the elapsed time
        // decided; the rotation's comparison ran inside the `!`.
        #expect(
            try explained(
                """
                {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 100}]},
                {"t": 0.4, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 100}]}
                """) == ["touchCount 0 > 5", "elapsed 400ms >= limit 300ms", "abs(rotation) 0deg >= turn 10deg"])
        // Lifted at once after 12 pt: the first row's elapsed term is false, so the row
        // that fails it is the second, by the distance moved.
        #expect(
            try explained(
                """
                {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 100, "y": 100}]},
                {"t": 0.1, "touches": [{"id": 1, "phase": "up", "x": 100, "y": 112}]}
                """) == ["length(translation) 12pt < reach 20pt"])
    }

    /// Every event of a trace that is not a touch, each written at the instant a long
    /// press's timer fires (0.5 s, R66), and what the timeline must hold there.
    static let eventsAtTheTimersInstant: [(event: String, after: String?)] = [
        ("frame c1 [0 10 400 400]", nil),
        ("scroll window to (0, 5)", nil),
        ("setProperties c1 alpha=0.5", nil),
        ("reparent c1 in window [0 0 400 400]", nil),
        ("add c2: card in window [0 500 10 10]", nil),
        ("set pressable false", nil),
        // Events with time: the timer due at their instant fires first, then the event
        // ends the press that began (R60, R16).
        ("disable press on c1", "cancelled"),
        ("remove c1", "cancelled"),
        ("interrupt", "cancelled"),
    ]

    @Test(
        "a long press whose timer fires at the instant of a scene event begins once: the timeline holds each action once",
        arguments: eventsAtTheTimersInstant.map(\.event))
    func timerAtASceneEvent(event: String) throws {
        let program = try compiledSet(
            """
              view window { view card }
              recognizer press = longPress on card { shouldBegin: pressable }
              hook pressable
            """)
        let text = simulate(
            program, scene: nil,
            trace: """
                view window: window [0 0 400 800]
                view c1: card in window [0 0 400 400]
                0.000  down 1 at (100, 100)
                0.500  \(event)
                \(event == "interrupt" ? "" : "0.700  up 1 at (100, 100)")
                """)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("press@c1  began") }.count == 1, "\(text)")
        #expect(lines.filter { $0.contains("c1        touches cancelled") }.count <= 1, "\(text)")
        let after = try #require(Self.eventsAtTheTimersInstant.first { $0.event == event }).after
        let ending = lines.filter { $0.contains("press@c1  ended") || $0.contains("press@c1  cancelled") }
        #expect(ending.count == 1, "\(text)")
        if let after { #expect(ending.first?.contains(after) == true, "\(text)") }
    }
}
