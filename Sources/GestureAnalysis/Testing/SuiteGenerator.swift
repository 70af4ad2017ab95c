import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec test --generate`: a conformance suite for a set, from lint's exploration.
/// The explored inputs run in order (shortest first on each place and hook
/// assignment); an input that covers something no earlier one did (`Coverage`), or
/// whose outcome (which recognizers act, in order) no earlier test of its place shows,
/// becomes a test, whose expectations are the outcome today: every action but
/// `changed` with its time and values, every recognizer of the place that never acted,
/// and what the view the touch lands on received. A change of the spec that changes
/// behaviour on one of those inputs fails the test that holds it.
public enum SuiteGenerator {
    public struct File: Sendable {
        /// `PhotoBrowser.photo.gdltest`: the set and the place.
        public var name: String
        public var text: String
        public var tests: Int
    }

    public struct Result: Sendable {
        public var files: [File]
        public var coverage: Coverage
        /// What the bounds of the exploration said ("over every input of …"), for
        /// what no input reached.
        public var bounds: String
        /// Inputs run.
        public var runs: Int
    }

    /// The most inputs run, whatever the exploration found: generation stays bounded.
    public static let maximumRuns = 40_000
    /// The inputs from one start of a place are left after this many in a row covered
    /// nothing new: they come shortest first, and the long tail of a large search adds
    /// little.
    public static let barrenRuns = 1_000

    /// Generates the suite that sets out to cover `targets` (a set's `Coverage`, none
    /// covered: `Coverage.uncovered`); `specPath` is written in each file's `spec`
    /// line as given (relative to where the files go, and quoted by
    /// `GestureTestFile.written(path:)`). The scene's view ids must be words of the
    /// text form (`TraceText.isWord`).
    public static func generate(_ targets: Coverage, specPath: String, scene: SceneDescription? = nil) -> Result {
        let program = targets.program
        let exploration = Exploration.explore(program, scene: scene)
        var coverage = targets.uncovered
        var kept: [Int: [String]] = [:]  // tests by place
        // The outcomes seen on each place: which recognizers acted, in order.
        var outcomes: [Int: Set<[String]>] = [:]
        var runs = 0
        let none = SourceRange(file: FileID(0), start: 0, end: 0)
        // Validated once, and the timers' reach measured once; each run starts from a copy.
        let blank = try? GestureEngine(program: program)
        let longestTimer = Simulation.longestTimer(of: program)
        search: for (settingIndex, explored) in exploration.settings.enumerated() {
            let place = exploration.places[explored.place]
            let description = SceneDescription(
                views: place.views.map {
                    SceneDescription.View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties, range: none)
                })
            var barren = 0
            var start: String?
            var first = true
            for input in exploration.inputsBySetting[settingIndex] {
                guard runs < maximumRuns else { break search }
                // Counted per start: the inputs from an edge come after the middle's.
                let from = exploration.inputs.steps[input].start
                if first || start != from {
                    (first, start) = (false, from)
                    barren = 0
                }
                guard barren < barrenRuns else { continue }
                runs += 1
                barren += 1
                var events: [Trace.Event] = []
                var hookLines: [String] = []
                for (hook, value) in explored.hooks.enumerated() where value != program.hooks[hook].defaultValue {
                    events.append(Trace.Event(time: 0, action: .setHook(hook: hook, value: value), range: none))
                    hookLines.append("  0  set \(program.hooks[hook].name) \(value)")
                }
                let probe = exploration.inputs.probe(input)
                for event in probe.events {
                    events.append(Trace.Event(time: event.time, action: .touches(event.changes.map { Trace.Touch($0, range: none) }), range: none))
                }
                guard var simulation = try? Simulation(program: program, scene: description, blank: blank) else { continue }
                simulation.run(Trace(events: events), until: (probe.events.last?.time ?? 0) + longestTimer)
                let newly = coverage.record(simulation)
                let outcome = Self.outcome(simulation.timeline)
                let newOutcome = outcomes[explored.place, default: []].insert(outcome).inserted
                guard !newly.isEmpty || newOutcome else { continue }
                barren = 0
                var test = "test \"\((kept[explored.place]?.count ?? 0) + 1): \(probe.summary)\"\n"
                if newly.isEmpty {
                    let acted = outcome.isEmpty ? "no recognizer acts" : outcome.joined(separator: ", then ")
                    test += "  # an outcome no earlier test of this place shows: \(acted)\n"
                } else {
                    test += "  # reaches " + newly.map { coverage.targets[$0].description }.joined(separator: "; ") + "\n"
                }
                test += hookLines.map { $0 + "\n" }.joined()
                for event in probe.events { test += "  \(time(event.time))  \(touches(event.changes))\n" }
                // A `never` about a view no touch of the input reaches could not fail
                // (GDL608): on a place of two views, an input may land on one.
                let reached = Set(simulation.landings.flatMap(\.path).map { description.views[$0].id })
                test += snapshot(simulation.timeline, of: place, in: program, reached: reached)
                kept[explored.place, default: []].append(test)
            }
        }
        var files: [File] = []
        var taken: Set<String> = []
        for index in kept.keys.sorted() {
            let place = exploration.places[index]
            let tests = kept[index] ?? []
            var text = """
                # Generated by `gesturec test --generate` from \(specPath), set \(program.name), touches
                # landing on \(place.name). Each test is the shortest explored input that reaches
                # something, or ends in an outcome, no earlier test did, and expects what happens
                # today: review, then commit; a later change of behaviour fails the test that
                # shows it (docs/testing.md).
                spec \(specPath)
                set \(program.name)

                """
            for view in place.views { text += viewLine(view, views: place.views, in: program) + "\n" }
            text += "\n" + tests.joined(separator: "\n")
            // A place of two views is named after both: where each finger lands.
            let touched = place.views[place.touched].id + (place.secondTouched.map { "-and-" + place.views[$0].id } ?? "")
            files.append(File(name: fileName("\(program.name).\(fileSafe(touched))", taken: &taken), text: text, tests: tests.count))
        }
        return Result(files: files, coverage: coverage, bounds: exploration.boundsDescription, runs: runs)
    }

    /// What acted on an input, as a suite tells outcomes apart: each recognizer on its
    /// view that began or recognized, in the order it first did. An input whose outcome
    /// no earlier test of its place shows becomes a test even if it covers no new row:
    /// a horizontal row pan that fails on a vertical drag, where the list's scroll then
    /// wins, is an outcome of its own, so a change that lets the row take vertical drags
    /// fails the suite.
    static func outcome(_ timeline: [TimelineEntry]) -> [String] {
        var acted: [String] = []
        for entry in timeline {
            guard let recognizer = entry.recognizer, case .action(let state, _) = entry.kind, state == .began || state == .recognized
            else { continue }
            let name = "\(recognizer) on \(entry.view)"
            if !acted.contains(name) { acted.append(name) }
        }
        return acted
    }

    /// The outcome as expectations: actions (not `changed`) with times and values, the
    /// recognizers of the views the input's touches reach (`reached`) that never acted,
    /// and the touched view's deliveries.
    static func snapshot(_ timeline: [TimelineEntry], of place: Place, in program: GestureProgram, reached: Set<String>) -> String {
        var lines: [String] = []
        var acted: Set<String> = []
        var received: Set<TouchDelivery.Phase> = []
        var decided: Set<String> = []
        let touched = place.views[place.touched].id
        for entry in timeline {
            switch entry.kind {
            case .action(let state, let values) where state != .changed:
                guard let recognizer = entry.recognizer else { continue }
                acted.insert("\(recognizer)@\(entry.view)")
                let reported = values.filter { !$0.isDirections }
                let with = reported.isEmpty ? "" : " with " + reported.map { "\($0.name) \(Expectation.format($0.numbers))" }.joined(separator: ", ")
                lines.append("  expect \(recognizer) on \(entry.view) \(state.rawValue) at \(time(entry.time))\(with)")
            case .touches(let phase, _) where entry.view == touched && phase != .moved:
                guard received.insert(phase).inserted else { continue }
                lines.append("  expect \(entry.view) receives \(phase.rawValue) at \(time(entry.time))")
            case .decision(let decision, let reason, _) where relationDecisions.contains(decision):
                // Who waited for, excluded or recognized with whom: "excluded by S on V";
                // a failure only where a required recognizer recognized.
                guard let recognizer = entry.recognizer else { continue }
                let other = causer(in: reason, of: decision)
                if decision == .failed && other == nil { continue }
                var line = "  expect \(recognizer) on \(entry.view) \(decision.rawValue)"
                if let other { line += " by \(other)" }
                if decided.insert(line).inserted { lines.append(line) }
            default:
                break
            }
        }
        for view in place.views where reached.contains(view.id) {
            for recognizer in program.recognizers where recognizer.role == view.role && !acted.contains("\(recognizer.name)@\(view.id)") {
                lines.append("  expect never \(recognizer.name) on \(view.id)")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The decisions a suite expects: they show the relations at work.
    static let relationDecisions: Set<TimelineEntry.Decision> = [.held, .excluded, .simultaneous, .vetoed, .refused, .failed]

    /// The recognizer a decision's reason names ("excluded by scroll on page",
    /// "waiting for doubleTap on photo to fail", "may recognize together with zoom on
    /// scroller"), or nil.
    static func causer(in reason: String, of decision: TimelineEntry.Decision) -> String? {
        let prefix: String
        switch decision {
        case .excluded: prefix = "excluded by "
        case .held: prefix = "waiting for "
        case .simultaneous: prefix = "may recognize together with "
        case .failed:
            // "doubleTap on photo, which it requires to fail, recognized"
            guard reason.contains(", which it requires to fail, recognized") else { return nil }
            prefix = ""
        default: return nil
        }
        guard reason.hasPrefix(prefix) else { return nil }
        return reason.dropFirst(prefix.count).split(separator: " ").first.map(String.init)
    }

    /// `view photo: photo in scroller [0 0 1000 1000] interactive`: the text form, with
    /// the properties that differ from the role's.
    static func viewLine(_ view: Place.View, views: [Place.View], in program: GestureProgram) -> String {
        var line = "view \(view.id): \(program.views[view.role].name)"
        if let parent = view.parent { line += " in \(views[parent].id)" }
        let frame = [view.frame.x, view.frame.y, view.frame.width, view.frame.height].map(NumberText.format)
        line += " [\(frame.joined(separator: " "))]"
        for (name, value) in SceneDescription.overrides(view.properties, of: program.views[view.role]) {
            line += " \(name)=\(value.written(.compact))"
        }
        return line
    }

    static func touches(_ changes: [TouchChange]) -> String {
        changes.map { change in
            let at = "at (\(coordinate(change.location.x)), \(coordinate(change.location.y)))"
            return change.phase == .cancel ? "cancel \(change.id)" : "\(change.phase.rawValue) \(change.id) \(at)\(change.writtenType)"
        }.joined(separator: "; ")
    }

    /// Times to the microsecond: what the engine saw, exactly enough for its tolerance.
    static func time(_ seconds: Double) -> String { Expectation.format(seconds) }

    static func coordinate(_ value: Double) -> String { NumberText.format((value * 1000).rounded() / 1000) }

    /// `BASE.gdltest`, or `BASE-2.gdltest`, … when a file of the suite already has
    /// that name: ids that differ only where a file name cannot (punctuation, or case
    /// on a file system that ignores it) each keep a file.
    static func fileName(_ base: String, taken: inout Set<String>) -> String {
        var name = base
        var number = 1
        while !taken.insert(name.lowercased()).inserted {
            number += 1
            name = "\(base)-\(number)"
        }
        return name + ".gdltest"
    }

    /// A view id as part of a file name: letters, digits, `-` and `_`.
    static func fileSafe(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
