import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL220: movement thresholds of two recognizers one finger reaches that are too
/// close for a finger to choose between.
enum CloseThresholds: LintRule {
    /// How far apart two thresholds must be for a finger to pick one deliberately.
    static let band = 5.0

    static let info = LintRuleInfo(
        id: "GDL220", name: "close-thresholds", severity: .warning,
        summary: "a movement a recognizer tolerates and one that starts another are too close",
        explanation: """
            A tap or long press fails once the finger moves past its `allowableMovement`; a
            pan begins at its `hysteresis`, a swipe at its `minimumDistance`. On the same view,
            or on views one inside the other, a finger decides between them by how far it
            moves. When the two distances differ by less than 5 pt, ordinary jitter decides
            instead. Equal thresholds are a deliberate hand-over at one point and are fine.

            Triggers:

                view list { view item }
                recognizer select = tap(allowableMovement: 12pt) on item
                recognizer scroll = pan on list          // hysteresis 10 pt

            Does not: the defaults (45 pt against 10 pt), or `tap(allowableMovement: 10pt)`.

                view list { view item }
                recognizer select = tap on item          // allowableMovement 45 pt
                recognizer scroll = pan on list
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        // Each recognizer's starting thresholds, looked up once rather than per pair.
        let starts = program.recognizers.indices.flatMap { recognizer in
            ["hysteresis", "minimumDistance"].compactMap { parameter in
                context.argument(parameter, of: recognizer).map { (recognizer: recognizer, parameter: parameter, distance: $0) }
            }
        }
        for tolerant in program.recognizers.indices {
            guard let allowed = context.argument("allowableMovement", of: tolerant) else { continue }
            for (starting, parameter, start) in starts where starting != tolerant {
                let gap = abs(allowed - start)
                guard gap > 0, gap < band,
                    context.related(program.recognizers[tolerant].role, program.recognizers[starting].role)
                else { continue }
                context.report(
                    info,
                    "'\(context.name(tolerant))' tolerates \(QuantityText.format(allowed, .distance)) of movement and '\(context.name(starting))' starts at \(QuantityText.format(start, .distance)): too close for a finger to choose",
                    at: program.recognizers[tolerant].location,
                    notes: [
                        context.note(
                            "'\(context.name(starting))' has \(parameter) \(QuantityText.format(start, .distance))",
                            at: program.recognizers[starting].location)
                    ])
            }
        }
    }
}
