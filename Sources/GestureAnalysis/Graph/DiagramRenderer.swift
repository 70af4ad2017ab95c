import GestureCompiler
import GestureSimulation

/// The formats `gesturec graph` writes.
public enum DiagramFormat: String, Hashable, Sendable, CaseIterable {
    /// Graphviz's DOT: `dot -Tsvg graph.dot > graph.svg`.
    case dot
    /// Mermaid's flowchart, which GitHub and most Markdown viewers draw in place.
    case mermaid
}

/// Writes a `Diagram` as DOT or Mermaid text.
///
/// Node and cluster ids are made from indices (`n3`, `c1`), never from names, so any
/// name is safe; names appear only in labels, escaped for the format. Clusters are
/// written by walking an explicit stack, so a deep view hierarchy cannot exhaust the
/// call stack, and indented at most `maximumIndent` levels, so the text grows with
/// the diagram, not with its depth times its size.
public enum DiagramRenderer {
    static let maximumIndent = 12

    private static func indentation(_ depth: Int) -> String {
        String(repeating: "  ", count: min(depth, maximumIndent) + 1)
    }

    public static func render(_ diagram: Diagram, as format: DiagramFormat) -> String {
        switch format {
        case .dot: dot(diagram)
        case .mermaid: mermaid(diagram)
        }
    }

    // MARK: - DOT

    static func dot(_ diagram: Diagram) -> String {
        var out = "digraph \(dotQuote(diagram.title)) {\n"
        out += "  graph [rankdir=\(diagram.direction.rawValue), fontname=\"Helvetica\", fontsize=12, "
        out += "labelloc=t, label=\(dotQuote(diagram.title)), compound=true, newrank=true];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        walk(diagram) { step, depth in
            let indent = indentation(depth)
            switch step {
            case .open(let cluster):
                out += indent + "subgraph cluster_\(cluster) {\n"
                out += indent + "  label=\(dotQuote(diagram.clusters[cluster].lines.joined(separator: "\n")));\n"
                out += indent + "  style=\"rounded\"; color=\"#8a8a8a\"; fontcolor=\"#404040\";\n"
            case .close:
                out += indent + "}\n"
            case .node(let node):
                let shown = diagram.nodes[node]
                if shown.rows.isEmpty {
                    out += indent + "n\(node) [label=\(dotQuote(shown.lines.joined(separator: "\n")))"
                    out += ", " + dotStyle(shown.role) + "];\n"
                } else {
                    // Its lines centred, then its rows, each left-justified (`\l`), in a box.
                    let rows = shown.rows.map { dotEscape($0) + "\\l" }.joined()
                    let label = "\"" + dotEscape(shown.lines.joined(separator: "\n")) + "\\n" + rows + "\""
                    out += indent + "n\(node) [label=\(label), " + dotStyle(shown.role, withRows: true) + "];\n"
                }
            }
        }
        for edge in diagram.edges {
            out += "  n\(edge.from) -> n\(edge.to) ["
            var attributes = [dotStyle(edge.role)]
            if !edge.lines.isEmpty { attributes.insert("label=\(dotQuote(edge.lines.joined(separator: "\n")))", at: 0) }
            out += attributes.joined(separator: ", ") + "];\n"
        }
        return out + "}\n"
    }

    /// A node's shape and style; a state with rows inside is a rounded box, which holds
    /// lines of any length where an ellipse would grow around them.
    private static func dotStyle(_ role: Diagram.NodeRole, withRows: Bool = false) -> String {
        if withRows, role == .state || role == .initial {
            return role == .initial ? "shape=box, style=\"rounded,bold\"" : "shape=box, style=rounded"
        }
        return switch role {
        case .recognizer: "shape=box, style=\"rounded,filled\", fillcolor=\"#eef4ff\""
        case .hook: "shape=box, style=\"dashed,rounded\""
        case .group: "shape=diamond, style=filled, fillcolor=\"#f3ecff\", fontsize=9"
        case .placeholder: "shape=plaintext, fontcolor=\"#8a8a8a\""
        case .state: "shape=ellipse"
        case .initial: "shape=ellipse, style=bold"
        case .final: "shape=doublecircle, style=filled, fillcolor=\"#e6f6e6\""
        case .cancelled: "shape=doublecircle, style=filled, fillcolor=\"#fff3d6\""
        case .failing: "shape=doubleoctagon, style=filled, fillcolor=\"#fde4e4\""
        }
    }

    private static func dotStyle(_ role: Diagram.EdgeRole) -> String {
        switch role {
        case .requirement: "color=\"#c0392b\", fontcolor=\"#c0392b\""
        case .simultaneity: "dir=none, style=dashed, color=\"#7d3cbd\""
        case .exemption: "style=dashed, color=\"#1f6fb2\", fontcolor=\"#1f6fb2\""
        case .reads: "style=dotted, color=\"#6b6b6b\", fontcolor=\"#6b6b6b\""
        case .transition: "color=\"#303030\""
        }
    }

    /// A DOT string: backslashes and quotes escaped, each line centred.
    static func dotQuote(_ text: String) -> String {
        "\"" + dotEscape(text) + "\""
    }

    /// The inside of a DOT string: backslashes and quotes escaped, each line centred.
    static func dotEscape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: - Mermaid

    static func mermaid(_ diagram: Diagram) -> String {
        var out = "---\ntitle: \(mermaidTitle(diagram.title))\n---\n"
        out += "flowchart \(diagram.direction.rawValue)\n"
        walk(diagram) { step, depth in
            let indent = indentation(depth)
            switch step {
            case .open(let cluster):
                out += indent + "subgraph c\(cluster) [\(mermaidQuote(diagram.clusters[cluster].lines))]\n"
                out += indent + "  direction \(diagram.direction.rawValue)\n"
            case .close:
                out += indent + "end\n"
            case .node(let node):
                let (open, close) = mermaidShape(diagram.nodes[node].role)
                let shown = diagram.nodes[node]
                out += indent + "n\(node)\(open)\(mermaidQuote(shown.lines + shown.rows))\(close)\n"
            }
        }
        for edge in diagram.edges {
            let arrow =
                switch edge.role {
                case .requirement: "==>"
                case .simultaneity: "-.-"
                case .exemption, .reads: "-.->"
                case .transition: "-->"
                }
            let label = edge.lines.isEmpty ? "" : "|\(mermaidQuote(edge.lines))|"
            out += "  n\(edge.from) \(arrow)\(label) n\(edge.to)\n"
        }
        // Styles by role, so the picture reads as the DOT one does.
        let used = Set(diagram.nodes.map(\.role))
        for role in Diagram.NodeRole.allCases where used.contains(role) {
            out += "  classDef \(role.rawValue) \(mermaidStyle(role))\n"
            let members = diagram.nodes.indices.filter { diagram.nodes[$0].role == role }.map { "n\($0)" }
            out += "  class \(members.joined(separator: ",")) \(role.rawValue)\n"
        }
        return out
    }

    private static func mermaidShape(_ role: Diagram.NodeRole) -> (String, String) {
        switch role {
        case .recognizer, .hook, .placeholder: ("(", ")")
        case .group: ("{", "}")
        case .state, .initial: ("([", "])")
        case .final, .cancelled: ("(((", ")))")
        case .failing: ("{{", "}}")
        }
    }

    private static func mermaidStyle(_ role: Diagram.NodeRole) -> String {
        switch role {
        case .recognizer: "fill:#eef4ff,stroke:#4a6fa5"
        case .hook: "fill:#ffffff,stroke:#6b6b6b,stroke-dasharray:4 3"
        case .group: "fill:#f3ecff,stroke:#7d3cbd"
        case .placeholder: "fill:none,stroke:none,color:#8a8a8a"
        case .state: "fill:#ffffff,stroke:#303030"
        case .initial: "fill:#ffffff,stroke:#303030,stroke-width:3px"
        case .final: "fill:#e6f6e6,stroke:#2e7d32"
        case .cancelled: "fill:#fff3d6,stroke:#b7791f"
        case .failing: "fill:#fde4e4,stroke:#c0392b"
        }
    }

    /// A Mermaid label: quoted, lines joined by `<br/>`, and every character that
    /// Mermaid or HTML would read as syntax written as an entity.
    static func mermaidQuote(_ lines: [String]) -> String {
        var out = "\""
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "<br/>" }
            for character in line {
                switch character {
                case "\"": out += "#quot;"
                case "<": out += "#lt;"
                case ">": out += "#gt;"
                case "&": out += "#amp;"
                case "#": out += "#35;"
                case "|": out += "#124;"
                case "\n", "\r": out += " "
                default: out.append(character)
                }
            }
        }
        return out + "\""
    }

    /// The front matter's title: a YAML string in single quotes.
    private static func mermaidTitle(_ title: String) -> String {
        var out = "'"
        for character in title {
            switch character {
            case "'": out += "''"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out + "'"
    }

    // MARK: - Walking the clusters

    private enum Step {
        case open(Int)
        case close
        case node(Int)
    }

    /// Visits the top level's nodes, then each cluster depth-first: its opening, its
    /// nodes, its subclusters, its closing. `depth` is the nesting of the step.
    private static func walk(_ diagram: Diagram, _ visit: (Step, Int) -> Void) {
        let contents = diagram.contents
        let top = diagram.clusters.count
        for node in contents[top].nodes { visit(.node(node), 0) }
        // Each frame: a cluster, and how many of its subclusters are done.
        var stack: [(cluster: Int, next: Int)] = []
        for root in contents[top].clusters {
            visit(.open(root), 0)
            for node in contents[root].nodes { visit(.node(node), 1) }
            stack.append((root, 0))
            while let frame = stack.last {
                let children = contents[frame.cluster].clusters
                if frame.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[frame.next]
                    visit(.open(child), stack.count)
                    for node in contents[child].nodes { visit(.node(node), stack.count + 1) }
                    stack.append((child, 0))
                } else {
                    stack.removeLast()
                    visit(.close, stack.count)
                }
            }
        }
    }
}
