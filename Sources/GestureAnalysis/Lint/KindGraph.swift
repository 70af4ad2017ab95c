import GestureCompiler
import GestureRuntime
import GestureSimulation

/// A kind's table as a graph of states, for the kind rules: which states are entered
/// from the initial one, and which can still reach an end.
struct KindGraph {
    let kind: GestureProgram.Kind

    /// Every row, with the state it is in and the event it answers.
    var rows: [(state: Int, event: Int, row: GestureProgram.Kind.Transition)] {
        var rows: [(Int, Int, GestureProgram.Kind.Transition)] = []
        for state in kind.states.indices {
            for event in 0..<kind.eventCount {
                for row in kind.rows(state: state, event: event) { rows.append((state, event, row)) }
            }
        }
        return rows
    }

    /// States entered from state 0 by some sequence of rows.
    var reachable: Set<Int> {
        var reached: Set<Int> = [0]
        var pending = [0]
        let rows = self.rows
        while let state = pending.popLast() {
            for row in rows where row.state == state {
                if case .state(let next) = row.row.target, reached.insert(next).inserted { pending.append(next) }
            }
        }
        return reached
    }

    /// Whether a row of a reachable state leads to `target` (`.ended`, `.failed`, …).
    func reaches(_ target: GestureProgram.Kind.Target, from states: Set<Int>) -> Bool {
        rows.contains { states.contains($0.state) && $0.row.target == target }
    }

    /// States from which no sequence of rows reaches `ended`, `cancelled` or `failed`.
    var stuck: Set<Int> {
        var canEnd: Set<Int> = []
        let rows = self.rows
        var changed = true
        while changed {
            changed = false
            for row in rows where !canEnd.contains(row.state) {
                let ends: Bool =
                    switch row.row.target {
                    case .ended, .cancelled, .failed: true
                    case .state(let next): canEnd.contains(next)
                    case .stay: false
                    }
                if ends {
                    canEnd.insert(row.state)
                    changed = true
                }
            }
        }
        return Set(kind.states.indices).subtracting(canEnd)
    }

    /// The states that show `possible` (R27).
    var possibleStates: Set<Int> {
        Set(kind.states.indices.filter { kind.states[$0].outward == .possible })
    }
}
