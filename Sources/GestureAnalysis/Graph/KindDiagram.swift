import GestureCompiler
import GestureDSL
import GestureSimulation

/// The picture of a kind's state machine (`gesturec graph --kind NAME`): its states,
/// with `possible` marked as the start, the ends marked (`recognized` and `ended` as
/// the gesture, `cancelled`, `failed`), and one arrow per row of the table, labelled
/// with its events, its guard and what it does (timers started and stopped,
/// variables set, touches ignored), as the kind is written. Rows between the same two
/// states share one arrow, one line each.
public enum KindDiagram {
    /// The diagram of the kind `name` as `compilation` sees it: a prelude kind or one
    /// declared in its files; nil when there is none.
    public static func diagram(named name: String, in compilation: Compilation) -> Diagram? {
        let kinds = ([compilation.prelude] + compilation.files).flatMap(\.kinds)
        return kinds.first { $0.name.name == name }.map { diagram($0, sources: compilation.sources) }
    }

    /// Every kind's name in `compilation`, for suggestions.
    public static func kindNames(in compilation: Compilation) -> [String] {
        ([compilation.prelude] + compilation.files).flatMap(\.kinds).map(\.name.name)
    }

    static func diagram(_ kind: KindDecl, sources: SourceManager) -> Diagram {
        var diagram = Diagram(title: "kind \(kind.name.name) (\(kind.mode.rawValue))", direction: .right)
        let text = SourceText(sources: sources)
        var nodes: [String: Int] = [:]
        func node(_ name: String, outward: String? = nil) -> Int {
            if let known = nodes[name] { return known }
            var lines = [name]
            if let outward { lines.append("shows \(outward)") }
            let added = diagram.addNode(role(of: name), lines)
            nodes[name] = added
            return added
        }
        // States in the order written, `possible` first, so the picture starts there.
        _ = node("possible")
        for block in kind.states {
            for head in block.heads { _ = node(head.name.name, outward: head.outward?.name) }
        }
        // One arrow per pair of states, listing its rows in order: Graphviz stacks
        // the labels of parallel arrows on top of each other. Rows that stay in their
        // state are drawn inside it, as UML draws internal transitions: as loops,
        // their labels would lie over those of the arrows leaving the state.
        var arrows: [Pair: [String]] = [:]
        var order: [Pair] = []
        for block in kind.states {
            for head in block.heads {
                for transition in block.transitions {
                    let from = node(head.name.name)
                    let pair = Pair(from: from, to: transition.target.map { node($0.name) } ?? from)
                    if arrows[pair] == nil { order.append(pair) }
                    arrows[pair, default: []].append(label(transition, text))
                }
            }
        }
        for pair in order {
            if pair.from == pair.to {
                diagram.addRows(arrows[pair] ?? [], to: pair.from)
            } else {
                diagram.addEdge(.transition, from: pair.from, to: pair.to, arrows[pair] ?? [])
            }
        }
        return diagram
    }

    private struct Pair: Hashable {
        var from: Int
        var to: Int
    }

    /// `down, move where movement > allowableMovement`, then `/ start timer hold after
    /// maximumDuration` when the row does something: UML's `event [guard] / effect`,
    /// in the language's words.
    private static func label(_ transition: TransitionDecl, _ text: SourceText) -> String {
        var label = transition.events.map { event in
            switch event {
            case .touch(let phase, _): phase.rawValue
            case .timer(let name): "timer \(name.name)"
            }
        }.joined(separator: ", ")
        if let guardExpr = transition.guardExpr { label += " where " + text.compact(guardExpr.range) }
        guard !transition.actions.isEmpty else { return label }
        return label + " / " + transition.actions.map { text.compact($0.range) }.joined(separator: "; ")
    }

    /// The ends are the language's reserved targets (Grammar.md).
    private static func role(of state: String) -> Diagram.NodeRole {
        switch state {
        case "possible": .initial
        case "recognized", "ended": .final
        case "cancelled": .cancelled
        case "failed": .failing
        default: .state
        }
    }
}
