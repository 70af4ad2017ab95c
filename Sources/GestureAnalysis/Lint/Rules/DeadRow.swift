import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL206: rows that can never fire.
enum DeadRow: LintRule {
    static let info = LintRuleInfo(
        id: "GDL206", name: "dead-row", severity: .warning,
        summary: "a row of a kind's table that can never fire",
        explanation: """
            For an event, the rows of a state are tried in order and the first whose guard
            holds fires. A row after one without a guard, for the same state and event, can
            never fire; nor can a row on a timer that no row starts.

            Triggers:

                kind secondLift discrete {
                  possible {
                    on up -> failed
                    on up where tapCount == 2 -> recognized   // never: the row above takes every up
                  }
                }
                gestures Page {
                  view page
                  recognizer lift = secondLift on page
                }

            Does not: put the guarded row first.

                kind secondLift discrete {
                  possible {
                    on up where tapCount == 2 -> recognized
                    on up -> failed
                  }
                }
                gestures Page {
                  view page
                  recognizer lift = secondLift on page
                }
            """)

    static func check(_ context: inout LintContext) {
        for index in context.userKinds {
            let kind = context.program.kinds[index]
            var started: Set<Int> = []
            for routine in kind.routines {
                for case .startTimer(let timer) in routine.code { started.insert(timer) }
            }
            for state in kind.states.indices {
                for event in 0..<kind.eventCount {
                    let rows = kind.rows(state: state, event: event)
                    let eventName =
                        event < GestureProgram.Event.firstTimer
                        ? GestureProgram.Event.phaseNames[event] : "timer \(kind.timers[event - GestureProgram.Event.firstTimer])"
                    if event >= GestureProgram.Event.firstTimer, !started.contains(event - GestureProgram.Event.firstTimer) {
                        for row in rows {
                            context.report(info, "this row can never fire: no row of kind '\(kind.name)' starts \(eventName)", at: row.location)
                        }
                        continue
                    }
                    guard let catchAll = rows.firstIndex(where: { $0.guardRoutine == nil }) else { continue }
                    for row in rows[(catchAll + 1)...] {
                        context.report(
                            info, "this row can never fire: an earlier row for '\(eventName)' in state '\(kind.states[state].name)' has no guard",
                            at: row.location, notes: [context.note("this row takes every '\(eventName)'", at: rows[catchAll].location)])
                    }
                }
            }
        }
    }
}
