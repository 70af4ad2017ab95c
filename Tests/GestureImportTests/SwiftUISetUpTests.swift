import Testing

@testable import GestureImport

/// SwiftUI's gesture modifiers and their composition, as Apple's documentation words
/// them (docs/import.md): `.gesture` below the gestures a view defines,
/// `.highPriorityGesture` above them, `.simultaneousGesture` with them.
@Suite struct SwiftUISetUpTests {
    func relations(_ result: Importer.Result) -> [String] {
        result.setup.screens.first?.relations.map { relation in
            switch relation.form {
            case .requires(let a, let b): "\(a) requires \(b) to fail"
            case .simultaneous(let a, let b): "simultaneous \(a), \(b)"
            }
        } ?? []
    }

    @Test func aDoubleTapDeclaredFirstHoldsTheSingleTap() {
        let result = draft(
            """
            struct Card: View {
                var body: some View {
                    Text("Hi")
                        .onTapGesture(count: 2) { like() }
                        .onTapGesture { open() }
                }
            }
            """)
        #expect(lines(result).contains("recognizer textDoubleTap = tap(taps: 2) on text"))
        #expect(lines(result).contains("recognizer textTap = tap on text"))
        #expect(relations(result) == ["textTap requires textDoubleTap to fail"])
    }

    @Test func aSingleTapDeclaredFirstStarvesTheDoubleTap() {
        // The order of the modifiers is the order of precedence: the inner one first.
        let result = draft(
            """
            struct Card: View {
                var body: some View {
                    Text("Hi").onTapGesture { open() }.onTapGesture(count: 2) { like() }
                }
            }
            """)
        #expect(relations(result) == ["textDoubleTap requires textTap to fail"])
    }

    @Test func aChildsGesturesComeBeforeItsParentsUnlessThoseArePrioritized() {
        let result = draft(
            """
            struct Screen: View {
                var body: some View {
                    VStack {
                        Circle().onTapGesture { a() }
                        Rectangle().gesture(LongPressGesture(minimumDuration: 1, maximumDistance: 20))
                    }
                    .highPriorityGesture(TapGesture(count: 2))
                    .simultaneousGesture(RotationGesture())
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("view vStack {"))
        #expect(text.contains("recognizer rectangleLongPress = longPress(minimumDuration: 1000ms, allowableMovement: 20pt) on rectangle"))
        #expect(
            relations(result) == [
                "circleTap requires vStackDoubleTap to fail", "rectangleLongPress requires vStackDoubleTap to fail",
                "simultaneous vStackRotate, circleTap", "simultaneous vStackRotate, rectangleLongPress",
                "simultaneous vStackRotate, vStackDoubleTap",
            ])
    }

    @Test func gesturesHeldInPropertiesAndCombined() {
        let result = draft(
            """
            struct Board: View {
                var drag: some Gesture { DragGesture(minimumDistance: 0).onChanged { move($0) } }
                let spin = RotationGesture()
                var body: some View {
                    Canvas { _, _ in }
                        .gesture(drag.exclusively(before: TapGesture()))
                        .gesture(MagnifyGesture().simultaneously(with: spin))
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("recognizer drag = pan(hysteresis: 0pt) on canvas"))
        #expect(text.contains("recognizer spin = rotation on canvas"))
        let found = relations(result)
        #expect(found.contains("canvasTap requires drag to fail"))
        #expect(found.contains("simultaneous canvasMagnify, spin"))
    }

    @Test func aScrollViewAroundAGestureIsARoleWithItsOwnPan() {
        let result = draft(
            """
            struct Feed: View {
                var body: some View {
                    List { Row().onLongPressGesture { menu() } }
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("use scrollView on list"))
        #expect(text.contains("recognizer rowLongPress = longPress on row"))
        #expect(result.setup.screens[0].roles.first { $0.name == "row" }?.parent == "list")
    }
}
