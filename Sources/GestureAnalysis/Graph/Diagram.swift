import GestureCompiler
import GestureSimulation

/// A picture as a graph: nodes, edges between them, and clusters that nest. `gesturec
/// graph` builds one for a gesture set (`SetDiagram`) or a kind's state machine
/// (`KindDiagram`) and writes it in Graphviz's DOT or in Mermaid (`DiagramRenderer`),
/// so both pictures share one model and one pair of writers.
///
/// Everything is referenced by index and written in the order added, so the same set
/// always gives the same bytes.
public struct Diagram: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable {
        /// Top to bottom.
        case down = "TB"
        /// Left to right.
        case right = "LR"
    }

    /// What a node stands for, which decides its shape and style in both formats.
    public enum NodeRole: String, Hashable, Sendable, CaseIterable {
        /// A recognizer in a set's picture.
        case recognizer
        /// A hook the app answers.
        case hook
        /// A simultaneity group: its members hang off it.
        case group
        /// A view role with nothing drawn inside it.
        case placeholder
        /// A kind's state that is not an end.
        case state
        /// The initial state, `possible`.
        case initial
        /// A state that ends the sequence with the gesture (`recognized`, `ended`).
        case final
        /// `cancelled`: an end after the gesture began.
        case cancelled
        /// `failed`.
        case failing
    }

    /// What an edge stands for.
    public enum EdgeRole: String, Hashable, Sendable, CaseIterable {
        /// `a requires b to fail`, drawn from `a` to `b`.
        case requirement
        /// A member of a simultaneity group, drawn from the group, without an arrow head.
        case simultaneity
        /// `a cannot prevent b`, drawn from `a` to `b`.
        case exemption
        /// A hook read by a predicate, drawn from the hook.
        case reads
        /// A row of a kind's table.
        case transition
    }

    public struct Node: Hashable, Sendable {
        public var role: NodeRole
        /// The first line is the node's name; later lines are details.
        public var lines: [String]
        /// What happens without leaving the node, drawn inside it under its lines: a
        /// kind's rows that stay in their state (UML's internal transitions), which as
        /// loops would lay their labels over those of the arrows leaving the state.
        public var rows: [String] = []
        /// The cluster it is drawn in; nil at the top level.
        public var cluster: Int?
    }

    public struct Edge: Hashable, Sendable {
        public var role: EdgeRole
        public var from: Int
        public var to: Int
        public var lines: [String]
    }

    public struct Cluster: Hashable, Sendable {
        /// The first line is the cluster's name; later lines are details.
        public var lines: [String]
        /// The cluster it nests in; nil at the top level.
        public var parent: Int?
    }

    public var title: String
    public var direction: Direction
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    public private(set) var clusters: [Cluster] = []

    public init(title: String, direction: Direction) {
        self.title = title
        self.direction = direction
    }

    @discardableResult
    public mutating func addNode(_ role: NodeRole, _ lines: [String], in cluster: Int? = nil) -> Int {
        nodes.append(Node(role: role, lines: lines, cluster: cluster))
        return nodes.count - 1
    }

    /// Adds rows drawn inside the node (`Node.rows`).
    public mutating func addRows(_ rows: [String], to node: Int) {
        nodes[node].rows += rows
    }

    public mutating func addEdge(_ role: EdgeRole, from: Int, to: Int, _ lines: [String] = []) {
        edges.append(Edge(role: role, from: from, to: to, lines: lines))
    }

    public mutating func addCluster(_ lines: [String], in parent: Int?) -> Int {
        clusters.append(Cluster(lines: lines, parent: parent))
        return clusters.count - 1
    }

    /// Each cluster's subclusters and nodes, and the top level's (at index
    /// `clusters.count`), in the order added: one pass, whatever the nesting.
    var contents: [(clusters: [Int], nodes: [Int])] {
        var contents = Array(repeating: (clusters: [Int](), nodes: [Int]()), count: clusters.count + 1)
        for (index, cluster) in clusters.enumerated() { contents[cluster.parent ?? clusters.count].clusters.append(index) }
        for (index, node) in nodes.enumerated() { contents[node.cluster ?? clusters.count].nodes.append(index) }
        return contents
    }
}
