import GestureCompiler
import GestureRuntime

/// GDL215: the app's recognizers whose action nothing reaches without the gesture.
enum NoAccessibleAlternative: LintRule {
    static let info = LintRuleInfo(
        id: "GDL215", name: "no-accessible-alternative", severity: .warning,
        summary: "opt-in (`--enable GDL215`): a gesture whose action VoiceOver and Switch Control users cannot reach",
        explanation: """
            While VoiceOver runs, its own gestures replace the app's: a double tap
            activates the focused element, a swipe moves the focus. Switch Control users
            make no gestures at all. Apple's Human Interface Guidelines ask for another way
            to do what every custom gesture does. A recognizer's `accessibility` says what
            it is: a label in quotes lists its action in the rotor as a custom action,
            `activate` makes it the element's activation, `escape` VoiceOver's two-finger
            scrub, `scroll` its three-finger swipe, `magicTap` its two-finger double tap,
            and a control role's name says that control does the same. A one-finger single
            tap needs nothing: VoiceOver's double tap sends a tap to the element. So do the
            recognizers that are not the app's (`foreign`), the back swipe (VoiceOver's
            scrub goes back), a scroll view's pan (VoiceOver scrolls a scroll view) and a
            touch delay, which has no action (docs/accessibility.md).

            The rule judges something other than a conflict, so it runs when asked:
            `gesturec lint --enable GDL215`.

            Triggers:

                view row
                recognizer like = tap(taps: 2) on row

            Does not:

                view row
                recognizer like = tap(taps: 2) on row { accessibility: "Like" }
            """,
        enabledByDefault: false)

    static func check(_ context: inout LintContext) {
        let program = context.program
        for index in program.recognizers.indices {
            let recognizer = program.recognizers[index]
            guard program.accessibility(ofRecognizer: index) == nil, !recognizer.foreign, !recognizer.backSwipe,
                !recognizer.scrollPan, !recognizer.receivesHover, context.kind(of: index).name != "touchDelay"
            else { continue }
            let name = context.name(index)
            context.report(
                info,
                "'\(name)' has no alternative: VoiceOver and Switch Control users cannot reach what its \(context.kind(of: index).name) does",
                at: recognizer.location,
                notes: [
                    context.note(
                        "give it one: 'accessibility: \"Label\"' lists it in the rotor; 'activate', 'escape', 'scroll' or 'magicTap' ties it to VoiceOver's own gestures; a control role's name says that control does the same",
                        at: recognizer.location)
                ])
        }
    }
}
