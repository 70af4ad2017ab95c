import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// The picture of a gesture set (`gesturec graph SPEC`): view roles as nested
/// clusters, each recognizer inside its role with its kind and arguments as written,
/// failure requirements as arrows with the wait they add, simultaneity groups,
/// prevention exemptions, and hooks with dotted arrows to the predicates that read
/// them.
///
/// Structure comes from the compiled program, which the checker has already made
/// consistent; the text of arguments, properties and conditions comes from the source,
/// as the user wrote it, found through the set's provenance by the program's ids.
public enum SetDiagram {
    /// The diagram of `compiled`, one of the sets lowered from `compilation`, with the
    /// waits measured by running the engine over the linter's probes; nil for a set
    /// made without lowering, which has no provenance.
    public static func diagram(_ compiled: CompiledSet, in compilation: Compilation) -> Diagram? {
        guard let provenance = compiled.provenance else { return nil }
        let waits = RequirementWaits(program: compiled.program)
        _ = Exploration.explore(compiled.program, observers: [waits])
        return diagram(compiled.program, provenance, sources: compilation.sources, waits: waits.longest)
    }

    /// The diagram of `program`, lowered with `provenance`. `waits` holds, for each
    /// failure requirement, the longest time it held its dependent over the explored
    /// inputs (`RequirementWaits`), or nil where it never did.
    static func diagram(_ program: GestureProgram, _ provenance: Provenance, sources: SourceManager, waits: [Double?]) -> Diagram {
        var diagram = Diagram(title: program.name, direction: .down)
        let text = SourceText(sources: sources)
        func written(_ property: Provenance.Property) -> String { "\(property.name): \(text.compact(property.value))" }

        // View roles, in the program's order (depth-first, as written), each in the
        // cluster of its first parent; further parents are named in its label.
        for (index, role) in program.views.enumerated() {
            var lines = ["view \(role.name)"]
            let others = role.parents.dropFirst().map { program.views[$0].name }
            if !others.isEmpty { lines.append("also in " + others.joined(separator: ", ")) }
            if index < provenance.views.count { lines += provenance.views[index].properties.map(written) }
            _ = diagram.addCluster(lines, in: role.parents.first)
        }

        // Recognizers, in their roles.
        var reads: [(hook: Int, reader: Int, label: String)] = []
        var recognizerNodes: [Int] = []
        for (index, recognizer) in program.recognizers.enumerated() {
            var lines = [recognizer.name]
            let origin = index < provenance.recognizers.count ? provenance.recognizers[index] : nil
            if let origin {
                var kind = text.compact(origin.kindName)
                if !origin.arguments.isEmpty {
                    kind += "(" + origin.arguments.map { "\($0.label): \(text.compact($0.value))" }.joined(separator: ", ") + ")"
                }
                lines.append(kind)
            } else {
                lines.append(program.kinds[recognizer.kind].name)
            }
            let properties = origin?.properties ?? []
            lines += properties.map(written)
            let node = diagram.addNode(.recognizer, lines, in: recognizer.role)
            recognizerNodes.append(node)
            for property in properties {
                for hook in property.reads { reads.append((hook, node, property.name)) }
            }
        }
        // A role with nothing inside would not be drawn by Graphviz.
        let contents = diagram.contents
        for role in program.views.indices where contents[role].nodes.isEmpty && contents[role].clusters.isEmpty {
            diagram.addNode(.placeholder, ["no recognizers"], in: role)
        }

        // Relations, each with its own provenance by id.
        for (index, requirement) in program.failureRequirements.enumerated() {
            var lines = ["requires to fail"]
            if let condition = index < provenance.failureRequirements.count ? provenance.failureRequirements[index].condition : nil {
                lines.append("where " + text.compact(condition))
            }
            if let wait = waits.indices.contains(index) ? waits[index] : nil, wait > 0 {
                lines.append("waits up to " + QuantityText.format(wait, .duration))
            }
            diagram.addEdge(
                .requirement, from: recognizerNodes[requirement.dependent], to: recognizerNodes[requirement.required], lines)
        }
        for (index, group) in program.simultaneityGroups.enumerated() {
            var lines = ["simultaneous"]
            let origin = index < provenance.simultaneityGroups.count ? provenance.simultaneityGroups[index] : nil
            if let condition = origin?.condition { lines.append("where " + text.compact(condition)) }
            let node = diagram.addNode(.group, lines, in: innermostCommonRole(of: group.members, in: program))
            for member in group.members { diagram.addEdge(.simultaneity, from: node, to: recognizerNodes[member]) }
            for hook in origin?.reads ?? [] { reads.append((hook, node, "where")) }
        }
        for exemption in program.preventionExemptions {
            diagram.addEdge(
                .exemption, from: recognizerNodes[exemption.preventer], to: recognizerNodes[exemption.prevented],
                ["cannot prevent"])
        }

        // Hooks, and the predicates that read them.
        var hookNodes: [Int] = []
        for (index, hook) in program.hooks.enumerated() {
            var line = "hook \(hook.name)"
            if index < provenance.hooks.count, let value = provenance.hooks[index].defaultValue {
                line += " = " + text.compact(value)
            }
            hookNodes.append(diagram.addNode(.hook, [line]))
        }
        for read in reads { diagram.addEdge(.reads, from: hookNodes[read.hook], to: read.reader, [read.label]) }
        return diagram
    }

    /// The deepest role whose cluster holds every member's, along first parents; nil
    /// when they share none.
    private static func innermostCommonRole(of members: [Int], in program: GestureProgram) -> Int? {
        var common: [Int]?
        for member in members {
            let chain = Place.chain(to: program.recognizers[member].role, in: program)
            guard let shared = common else {
                common = chain
                continue
            }
            common = Array(zip(shared, chain).prefix { $0 == $1 }.map(\.0))
        }
        return common?.last
    }
}
