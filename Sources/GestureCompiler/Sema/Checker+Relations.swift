import GestureDSL

extension Checker {
    /// Resolves the recognizers of requirements, simultaneity groups and priorities,
    /// and reports relations that can never work: a recognizer related to itself, a
    /// cycle of failure requirements, and pairs on roles that never share a touch.
    ///
    /// Names are turned into indices once, so the graph work hashes no strings.
    mutating func checkRelations(
        _ relations: [(member: SetMember, use: UseDecl?)], recognizers: [RecognizerDecl], parents: [String: [String]], scope: Scope
    ) {
        var graph = RelationGraph(recognizers: recognizers, parents: parents)
        for (relation, use) in relations {
            // A relation a use brings names the component's recognizers, as written there.
            whileChecking(broughtBy: use) { $0.checkRelation(relation, in: &graph, scope: scope) }
        }
        reportRequirementCycles(in: graph)
    }

    /// Resolves one relation's recognizers into `graph` and checks its condition.
    private mutating func checkRelation(_ relation: SetMember, in graph: inout RelationGraph, scope: Scope) {
        switch relation {
        case .requirement(let requirement):
            let dependent = resolveRecognizer(requirement.dependent, in: graph, scope: scope)
            let required = resolveRecognizer(requirement.required, in: graph, scope: scope)
            if let condition = requirement.condition {
                expect(condition, .bool, context: "a requirement's condition", in: scope)
            }
            guard let dependent, let required else { return }
            if dependent == required {
                report(.requiresItself(name: requirement.dependent.name), at: requirement.required.range)
                return
            }
            graph.addRequirement(requirement, from: dependent, to: required)
            checkSharedTouch(dependent, required, in: &graph, at: requirement.range)
        case .simultaneity(let group):
            var members: [Int] = []
            for name in group.members {
                guard let index = resolveRecognizer(name, in: graph, scope: scope) else { continue }
                if members.contains(index) {
                    report(.simultaneousWithItself(name: name.name), at: name.range)
                } else {
                    members.append(index)
                }
            }
            if let condition = group.condition {
                expect(condition, .bool, context: "a simultaneity condition", in: scope)
            }
            for (position, first) in members.enumerated() {
                for second in members[(position + 1)...] {
                    checkSharedTouch(first, second, in: &graph, at: group.range)
                }
            }
        case .prevention(let prevention):
            let preventer = resolveRecognizer(prevention.preventer, in: graph, scope: scope)
            let prevented = resolveRecognizer(prevention.prevented, in: graph, scope: scope)
            if let preventer, let prevented {
                checkSharedTouch(preventer, prevented, in: &graph, at: prevention.range)
            }
        case .view, .recognizer, .hook, .propertyAssignment, .use:
            break
        }
    }

    /// The index of the recognizer `name` names, or nil after reporting why it does not.
    private mutating func resolveRecognizer(_ name: Identifier, in graph: RelationGraph, scope: Scope) -> Int? {
        if let index = graph.index[name.name] {
            if let binding = scope.names[name.name] { refer(name.range, to: binding.declaration) }
            return index
        }
        resolve(name, as: .recognizer, in: scope)  // reports: unknown, or not a recognizer
        return nil
    }

    /// Warns when the two recognizers' roles are not on one ancestor chain: a touch
    /// reaches only the recognizers on its hit-test view and that view's ancestors
    /// (R18), so such recognizers never see the same touch.
    private mutating func checkSharedTouch(_ first: Int, _ second: Int, in graph: inout RelationGraph, at range: SourceRange) {
        guard !graph.shareTouches(first, second) else { return }
        let (a, b) = (graph.recognizers[first], graph.recognizers[second])
        report(
            .relationNeverApplies(first: a.name.name, firstRole: a.role.name, second: b.name.name, secondRole: b.role.name),
            at: range)
    }

    /// Reports each cycle of `a requires b to fail` edges once (R57), at the edge that
    /// closes it, with a note at every other edge.
    private mutating func reportRequirementCycles(in graph: RelationGraph) {
        enum Mark { case unvisited, onPath, finished }
        var marks = [Mark](repeating: .unvisited, count: graph.recognizers.count)
        // Iterative depth-first search; `path` holds the edges followed so far. Both
        // lists are empty again after each search, and kept for the next.
        var path: [Int] = []
        var stack: [(node: Int, next: Int)] = []
        for start in graph.requirements.indices.map({ graph.requirements[$0].from }) where marks[start] == .unvisited {
            stack.append((start, 0))
            marks[start] = .onPath
            while let top = stack.last {
                guard top.next < graph.outgoing[top.node].count else {
                    marks[top.node] = .finished
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = graph.outgoing[top.node][top.next]
                let target = graph.requirements[edge].to
                switch marks[target] {
                case .onPath:
                    let cycleStart = path.firstIndex { graph.requirements[$0].from == target } ?? path.count
                    let cycle = (path[cycleStart...] + [edge]).map { graph.requirements[$0].decl }
                    report(
                        .requirementCycle(path: cycle.map(\.dependent.name) + [cycle[0].dependent.name]),
                        at: cycle[cycle.count - 1].range,
                        notes: cycle.dropLast().map {
                            Note("'\($0.dependent.name)' requires '\($0.required.name)' to fail here", at: $0.range)
                        })
                case .unvisited:
                    path.append(edge)
                    marks[target] = .onPath
                    stack.append((target, 0))
                case .finished:
                    break
                }
            }
        }
    }
}

/// The recognizers of one gesture set by index, with their failure requirements and
/// the ancestry of their roles.
struct RelationGraph {
    struct Edge {
        var from: Int
        var to: Int
        var decl: RequirementDecl
    }

    let recognizers: [RecognizerDecl]
    /// The first recognizer of each name.
    let index: NameTable<Int>
    private(set) var requirements: [Edge] = []
    /// Requirement edges leaving each recognizer, as indices into `requirements`.
    private(set) var outgoing: [[Int]]

    private let roleIndex: NameTable<Int>
    private let roleParents: [[Int]]
    /// Each role's entry and exit in a depth-first walk of the tree of first parents,
    /// down from the roles without a parent, so that a role is another's ancestor by
    /// first parents exactly when its span holds the other's; and the nearest role of
    /// several parents (`view r in a, b`) on each role's chain of first parents, itself
    /// included, or -1. Nil when a cycle was reported: then `encloses` walks up over
    /// every parent.
    private let spans: (entry: [Int], exit: [Int], nearestJoin: [Int])?
    /// For the walks of `encloses`: the roles reached and the roles of several parents
    /// whose other parents were followed, marked with the number of the walk, and the
    /// roles still to climb from, kept from one walk to the next.
    private var reached: [Int]
    private var followed: [Int]
    private var walks = 0
    private var climbing: [Int] = []

    init(recognizers: [RecognizerDecl], parents: [String: [String]]) {
        self.recognizers = recognizers
        var index = NameTable<Int>(minimumCapacity: recognizers.count)
        // The first of a repeated name wins: written last, one hash a name.
        for (position, recognizer) in recognizers.enumerated().reversed() {
            index[recognizer.name.name] = position
        }
        self.index = index
        outgoing = Array(repeating: [], count: recognizers.count)

        // Roles numbered in the table's own order, which two passes over it share: the
        // numbers are only compared with each other, never shown.
        var roleIndex = NameTable<Int>(minimumCapacity: parents.count)
        for (position, role) in parents.keys.enumerated() { roleIndex[role] = position }
        self.roleIndex = roleIndex
        var roleParents = [[Int]](repeating: [], count: roleIndex.count)
        for (position, list) in parents.values.enumerated() where !list.isEmpty {
            roleParents[position] = list.compactMap { roleIndex[$0] }
        }
        self.roleParents = roleParents
        spans = Self.spans(parents: roleParents)
        reached = Array(repeating: 0, count: roleParents.count)
        followed = Array(repeating: 0, count: roleParents.count)
    }

    /// Entries and exits of a depth-first walk of the forest of first parents, with
    /// each role's nearest role of several parents (`spans`); nil when a role is on a
    /// cycle of first parents.
    private static func spans(parents: [[Int]]) -> (entry: [Int], exit: [Int], nearestJoin: [Int])? {
        var children = [[Int]](repeating: [], count: parents.count)
        for (role, list) in parents.enumerated() {
            if let parent = list.first { children[parent].append(role) }
        }
        var entry = [Int](repeating: -1, count: parents.count)
        var exit = [Int](repeating: -1, count: parents.count)
        var nearestJoin = [Int](repeating: -1, count: parents.count)
        var clock = 0
        var stack: [(role: Int, next: Int)] = []
        for root in parents.indices where parents[root].isEmpty {
            entry[root] = clock
            clock += 1
            stack.append((root, 0))
            while let (role, next) = stack.last {
                if next < children[role].count {
                    stack[stack.count - 1].next += 1
                    let child = children[role][next]
                    entry[child] = clock
                    clock += 1
                    // Its first parent's is known: a parent is entered before its children.
                    nearestJoin[child] = parents[child].count > 1 ? child : nearestJoin[role]
                    stack.append((child, 0))
                } else {
                    exit[role] = clock
                    stack.removeLast()
                }
            }
        }
        // A role no root reaches is on a cycle (reported): walk instead.
        return entry.contains(-1) ? nil : (entry, exit, nearestJoin)
    }

    mutating func addRequirement(_ decl: RequirementDecl, from: Int, to: Int) {
        outgoing[from].append(requirements.count)
        requirements.append(Edge(from: from, to: to, decl: decl))
    }

    /// Whether one recognizer's role is an ancestor of (or is) the other's.
    mutating func shareTouches(_ first: Int, _ second: Int) -> Bool {
        guard let a = roleIndex[recognizers[first].role.name], let b = roleIndex[recognizers[second].role.name]
        else { return true }  // an unknown role was reported already
        return encloses(a, b) || encloses(b, a)
    }

    /// Whether `outer` is `inner` or one of its ancestors. Up first parents the spans
    /// answer at once; a role of several parents on the way adds its other parents to
    /// climb from, each followed once a question. So a question costs the roles of
    /// several parents above `inner`, not its depth; nothing is kept per role asked
    /// about (a set of ancestors each was square in the depth of a deep chain).
    private mutating func encloses(_ outer: Int, _ inner: Int) -> Bool {
        walks += 1
        climbing.removeAll(keepingCapacity: true)
        climbing.append(inner)
        reached[inner] = walks
        guard let spans else {
            // A cycle was reported: a walk up over every parent, which ends on the marks.
            while let role = climbing.popLast() {
                if role == outer { return true }
                for parent in roleParents[role] where reached[parent] != walks {
                    reached[parent] = walks
                    climbing.append(parent)
                }
            }
            return false
        }
        while let role = climbing.popLast() {
            if spans.entry[outer] <= spans.entry[role] && spans.exit[role] <= spans.exit[outer] { return true }
            var join = spans.nearestJoin[role]
            while join >= 0 && followed[join] != walks {
                followed[join] = walks
                for parent in roleParents[join].dropFirst() where reached[parent] != walks {
                    reached[parent] = walks
                    climbing.append(parent)
                }
                join = spans.nearestJoin[roleParents[join][0]]
            }
        }
        return false
    }
}
