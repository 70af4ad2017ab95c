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
/// consistent; the text of arguments, properties and conditions comes from the
/// declaration, as the user wrote it.
public enum SetDiagram {
    /// The diagram of `compiled`, one of the sets lowered from `compilation`, with the
    /// waits measured by running the engine over the linter's probes.
    public static func diagram(_ compiled: CompiledSet, in compilation: Compilation) -> Diagram? {
        let decls = compilation.files.filter { compilation.rootFiles.contains($0.file) }.flatMap(\.gestureSets)
        guard let decl = decls.first(where: { $0.name.name == compiled.program.name }) else { return nil }
        let waits = RequirementWaits(program: compiled.program)
        _ = Exploration.explore(compiled.program, observers: [waits])
        return diagram(compiled, decl: decl, sources: compilation.sources, waits: waits.longest)
    }

    /// The diagram of `compiled`, whose declaration is `decl`. `waits` holds, for each
    /// failure requirement, the longest time it held its dependent over the explored
    /// inputs (`RequirementWaits`), or nil where it never did.
    static func diagram(
        _ compiled: CompiledSet, decl: GestureSetDecl, sources: SourceManager, waits: [Double?]
    ) -> Diagram {
        let program = compiled.program
        var diagram = Diagram(title: program.name, direction: .down)
        let text = SourceText(sources: sources)

        // View roles, in the program's order (depth-first, as written), each in the
        // cluster of its first parent; further parents are named in its label.
        var viewDecls: [ViewDecl] = []
        var recognizerDecls: [String: RecognizerDecl] = [:]
        var assignments: [String: [PropertyDecl]] = [:]
        var hookDecls: [HookDecl] = []
        for member in decl.allMembers {
            switch member {
            case .view(let view): collect(view, into: &viewDecls)
            case .recognizer(let recognizer): recognizerDecls[recognizer.name.name] = recognizer
            case .hook(let hook): hookDecls.append(hook)
            case .propertyAssignment(let assignment):
                assignments[assignment.recognizer.name, default: []].append(assignment.property)
            case .requirement, .simultaneity, .prevention, .use: break
            }
        }
        for (index, role) in program.views.enumerated() {
            var lines = ["view \(role.name)"]
            let others = role.parents.dropFirst().map { program.views[$0].name }
            if !others.isEmpty { lines.append("also in " + others.joined(separator: ", ")) }
            if index < viewDecls.count, viewDecls[index].name.name == role.name {
                lines += viewDecls[index].properties.map { "\($0.name.name): \(text.compact($0.value.range))" }
            }
            _ = diagram.addCluster(lines, in: role.parents.first)
        }

        // Recognizers, in their roles.
        let hookIDs = Dictionary(program.hooks.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reads: [(hook: Int, reader: Int, label: String)] = []
        var recognizerNodes: [Int] = []
        for recognizer in program.recognizers {
            var lines = [recognizer.name]
            let properties: [PropertyDecl]
            if let declaration = recognizerDecls[recognizer.name] {
                var kind = declaration.kind.name
                if !declaration.arguments.isEmpty {
                    kind +=
                        "("
                        + declaration.arguments.map { "\($0.label.name): \(text.compact($0.value.range))" }
                        .joined(separator: ", ") + ")"
                }
                lines.append(kind)
                properties = declaration.properties + (assignments[recognizer.name] ?? [])
            } else {
                lines.append(program.kinds[recognizer.kind].name)
                properties = []
            }
            lines += properties.map { "\($0.name.name): \(text.compact($0.value.range))" }
            let node = diagram.addNode(.recognizer, lines, in: recognizer.role)
            recognizerNodes.append(node)
            for property in properties {
                for name in property.value.names {
                    if let hook = hookIDs[name] { reads.append((hook, node, property.name.name)) }
                }
            }
        }
        // A role with nothing inside would not be drawn by Graphviz.
        let contents = diagram.contents
        for role in program.views.indices where contents[role].nodes.isEmpty && contents[role].clusters.isEmpty {
            diagram.addNode(.placeholder, ["no recognizers"], in: role)
        }

        // Relations: lowering keeps each kind of relation in the order written.
        var requirementDecls: [RequirementDecl] = []
        var groupDecls: [SimultaneityDecl] = []
        for member in decl.allMembers {
            switch member {
            case .requirement(let requirement): requirementDecls.append(requirement)
            case .simultaneity(let group): groupDecls.append(group)
            default: break
            }
        }
        for (index, requirement) in program.failureRequirements.enumerated() {
            var lines = ["requires to fail"]
            if let condition = index < requirementDecls.count ? requirementDecls[index].condition : nil {
                lines.append("where " + text.compact(condition.range))
            }
            if let wait = waits.indices.contains(index) ? waits[index] : nil, wait > 0 {
                lines.append("waits up to " + QuantityText.format(wait, .duration))
            }
            diagram.addEdge(
                .requirement, from: recognizerNodes[requirement.dependent], to: recognizerNodes[requirement.required], lines)
        }
        for (index, group) in program.simultaneityGroups.enumerated() {
            var lines = ["simultaneous"]
            let condition = index < groupDecls.count ? groupDecls[index].condition : nil
            if let condition { lines.append("where " + text.compact(condition.range)) }
            let node = diagram.addNode(.group, lines, in: innermostCommonRole(of: group.members, in: program))
            for member in group.members { diagram.addEdge(.simultaneity, from: node, to: recognizerNodes[member]) }
            for name in condition?.names ?? [] {
                if let hook = hookIDs[name] { reads.append((hook, node, "where")) }
            }
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
            if index < hookDecls.count, hookDecls[index].name.name == hook.name, let value = hookDecls[index].defaultValue {
                line += " = " + text.compact(value.range)
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

    private static func collect(_ view: ViewDecl, into views: inout [ViewDecl]) {
        views.append(view)
        for subview in view.subviews { collect(subview, into: &views) }
    }
}
