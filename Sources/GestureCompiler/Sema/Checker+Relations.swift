import GestureDSL

extension Checker {
    /// Resolves the recognizers of requirements, simultaneity groups and priorities,
    /// and reports relations that can never work: a recognizer related to itself, a
    /// cycle of failure requirements, and pairs on roles that never share a touch.
    mutating func checkRelations(
        _ relations: [SetMember], recognizers: [RecognizerDecl], parents: [String: [String]], scope: Scope
    ) {
        var roles: [String: String] = [:]
        for recognizer in recognizers where roles[recognizer.name.name] == nil {
            roles[recognizer.name.name] = recognizer.role.name
        }
        var requirements: [RequirementDecl] = []
        for relation in relations {
            switch relation {
            case .requirement(let requirement):
                // Both sides are resolved (and reported) before either result is used.
                let dependentKnown = resolve(requirement.dependent, as: "recognizer", in: scope)
                let requiredKnown = resolve(requirement.required, as: "recognizer", in: scope)
                let resolved = dependentKnown && requiredKnown
                if let condition = requirement.condition {
                    expect(condition, .bool, context: "a requirement's condition", in: scope)
                }
                guard resolved else { continue }
                if requirement.dependent.name == requirement.required.name {
                    report(.requiresItself(name: requirement.dependent.name), at: requirement.required.range)
                    continue
                }
                requirements.append(requirement)
                checkSharedTouch(requirement.dependent, requirement.required, roles: roles, parents: parents, at: requirement.range)
            case .simultaneity(let group):
                var seen: [Identifier] = []
                for name in group.members where resolve(name, as: "recognizer", in: scope) {
                    if seen.contains(where: { $0.name == name.name }) {
                        report(.simultaneousWithItself(name: name.name), at: name.range)
                    } else {
                        seen.append(name)
                    }
                }
                if let condition = group.condition {
                    expect(condition, .bool, context: "a simultaneity condition", in: scope)
                }
                for (index, first) in seen.enumerated() {
                    for second in seen[(index + 1)...] {
                        checkSharedTouch(first, second, roles: roles, parents: parents, at: group.range)
                    }
                }
            case .prevention(let prevention):
                let preventerKnown = resolve(prevention.preventer, as: "recognizer", in: scope)
                let preventedKnown = resolve(prevention.prevented, as: "recognizer", in: scope)
                if preventerKnown && preventedKnown {
                    checkSharedTouch(prevention.preventer, prevention.prevented, roles: roles, parents: parents, at: prevention.range)
                }
            case .view, .recognizer, .hook, .propertyAssignment:
                break
            }
        }
        reportRequirementCycles(requirements)
    }

    /// Warns when the two recognizers' roles are not on one ancestor chain: a touch
    /// reaches only the recognizers on its hit-test view and that view's ancestors
    /// (R18), so such recognizers never see the same touch.
    private mutating func checkSharedTouch(
        _ first: Identifier, _ second: Identifier, roles: [String: String], parents: [String: [String]],
        at range: SourceRange
    ) {
        guard let firstRole = roles[first.name], let secondRole = roles[second.name] else { return }
        if isAncestorOrSelf(firstRole, of: secondRole, parents: parents)
            || isAncestorOrSelf(secondRole, of: firstRole, parents: parents)
        {
            return
        }
        report(
            .relationNeverApplies(first: first.name, firstRole: firstRole, second: second.name, secondRole: secondRole),
            at: range)
    }

    private func isAncestorOrSelf(_ ancestor: String, of role: String, parents: [String: [String]]) -> Bool {
        var pending = [role]
        var visited: Set<String> = []
        while let next = pending.popLast() {
            if next == ancestor { return true }
            guard visited.insert(next).inserted else { continue }
            pending += parents[next] ?? []
        }
        return false
    }

    /// Reports each cycle of `a requires b to fail` edges once (R57), at the edge that
    /// closes it, with a note at every other edge.
    private mutating func reportRequirementCycles(_ requirements: [RequirementDecl]) {
        var edges: [String: [RequirementDecl]] = [:]
        for requirement in requirements { edges[requirement.dependent.name, default: []].append(requirement) }
        var finished: Set<String> = []
        for start in requirements.map(\.dependent.name) where !finished.contains(start) {
            // Iterative depth-first search; `path` holds the edges followed so far.
            var path: [RequirementDecl] = []
            var onPath: Set<String> = [start]
            var stack: [(name: String, next: Int)] = [(start, 0)]
            while let top = stack.last {
                let out = edges[top.name] ?? []
                guard top.next < out.count else {
                    finished.insert(top.name)
                    onPath.remove(top.name)
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = out[top.next]
                let target = edge.required.name
                if onPath.contains(target) {
                    let cycleStart = path.firstIndex { $0.dependent.name == target } ?? path.count
                    let cycle = Array(path[cycleStart...]) + [edge]
                    report(
                        .requirementCycle(path: cycle.map(\.dependent.name) + [target]), at: edge.range,
                        notes: cycle.dropLast().map { Note("'\($0.dependent.name)' requires '\($0.required.name)' to fail here", at: $0.range) })
                } else if !finished.contains(target) {
                    path.append(edge)
                    onPath.insert(target)
                    stack.append((target, 0))
                }
            }
        }
    }
}
