import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// A scene and a trace in the JSON forms of `gesturec simulate` (docs/traces.md),
/// found by running the engine, not written by hand.
public struct Counterexample: Hashable, Sendable {
    /// The gesture set to pass as `--set`.
    public var set: String
    /// What the trace does, in words: "a one-finger drag right of 200pt in 100ms".
    public var summary: String
    public var scene: String
    public var trace: String
    /// The trace's events in words, one a step ("0.020 s: touch 1 moves to (520,
    /// 500)"), for SARIF's code flows.
    public var steps: [String] = []
}

extension Counterexample {
    /// An input over a chain of view roles (root first, each filling the window,
    /// made hittable as `explorationProperties` makes them), with `hooks` set first.
    static func make(
        set: String, summary: String, chain: [Int], of program: GestureProgram, hooks: [(name: String, value: Bool)],
        probe: Probe
    ) -> Counterexample {
        let views = chain.enumerated().map { index, role in
            Place.View(
                id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: Place.frame,
                properties: Place.explorationProperties(program.views[role]))
        }
        return make(set: set, summary: summary, views: views, of: program, hooks: hooks, probe: probe)
    }

    /// An input over `views`, with `hooks` set first. Each view writes the properties
    /// in which it differs from its role's.
    static func make(
        set: String, summary: String, views: [Place.View], of program: GestureProgram,
        hooks: [(name: String, value: Bool)], probe: Probe, device: DeviceProfile? = nil
    ) -> Counterexample {
        let sceneViews = views.map { view in
            var members: [(String, JSONOutput)] = [("id", .string(view.id)), ("role", .string(program.views[view.role].name))]
            if let parent = view.parent { members.append(("parent", .string(views[parent].id))) }
            members.append(("frame", .array([view.frame.x, view.frame.y, view.frame.width, view.frame.height].map(JSONOutput.number))))
            members += SceneDescription.overrides(view.properties, of: program.views[view.role])
            return JSONOutput.object(members)
        }
        // A built-in device by its name; one of the user's whole, so that the scene replays alone.
        let deviceMember: [(String, JSONOutput)] =
            device.map { [("device", DeviceProfile.named($0.name) == $0 ? .string($0.name) : $0.json)] } ?? []
        let scene = JSONOutput.object([("views", .array(sceneViews))] + deviceMember).written(.lines(depth: 2)) + "\n"

        var events: [JSONOutput] = hooks.map { name, value in
            .object([("t", .int(0)), ("setHook", .object([("hook", .string(name)), ("value", .bool(value))]))])
        }
        for event in probe.events {
            let touches = event.changes.map { change in
                JSONOutput.object(
                    [
                        ("id", .int(change.id)), ("phase", .string(change.phase.rawValue)), ("x", .number(change.location.x)),
                        ("y", .number(change.location.y)),
                    ] + (change.writtenType.isEmpty ? [] : [("touchType", .string(change.touchType.name))]))
            }
            events.append(.object([("t", .number(event.time)), ("touches", .array(touches))]))
        }
        let trace = JSONOutput.object([("events", .array(events))]).written(.lines(depth: 2)) + "\n"
        let steps = probe.events.map { event in
            "\(NumberText.format((event.time * 1000).rounded() / 1000))s: "
                + event.changes.map { change in
                    let verb =
                        switch change.phase {
                        case .down: "goes down at"
                        case .move: "moves to"
                        case .up: "lifts at"
                        case .cancel: "is cancelled at"
                        }
                    let x = NumberText.format((change.location.x * 10).rounded() / 10)
                    let y = NumberText.format((change.location.y * 10).rounded() / 10)
                    let type = change.writtenType.isEmpty ? "" : " (\(change.touchType.name))"
                    return "touch \(change.id)\(type) \(verb) (\(x), \(y))"
                }.joined(separator: "; ")
        }
        return Counterexample(set: set, summary: summary, scene: scene, trace: trace, steps: steps)
    }

}

extension Counterexample {
    /// The counterexample replayed through the engine over its scene, as `gesturec
    /// simulate --format html` shows it; nil if `program` is not the set it was found
    /// in (its scene or trace then names what the program lacks).
    public func timelinePage(for program: GestureProgram) -> String? {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        guard program.name == set,
            let (scene, trace) = reader.read(
                scene: SourceFile(path: "scene.json", text: self.scene), trace: SourceFile(path: "trace.json", text: self.trace),
                sources: &sources),
            var simulation = try? Simulation(program: program, scene: scene)
        else { return nil }
        simulation.run(trace)
        return TimelinePage.html(TimelineLanes(simulation: simulation, trace: trace), title: "\(set): \(summary)")
    }
}
