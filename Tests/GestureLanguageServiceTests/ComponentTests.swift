import GestureCompiler
import GestureDSL
import GestureLanguageService
import GestureRuntime
import TestSupport
import Testing

/// Components (Grammar.md, "Components"): recognizers that go together on one view,
/// declared once and brought into a set by `use`.
@Suite("Components")
struct ComponentTests {
    /// The tables of a spec's one set, without source locations: what the engine runs.
    private func tables(_ text: String) throws -> String {
        let compilation = check(text)
        #expect(located(compilation) == [])
        let program = try #require(compilation.lowered().sets.first).program
        return TableListing.render([program]).split(separator: "\n").map { line in
            line.split(separator: "@", maxSplits: 1).first.map { String($0) } ?? ""
        }.joined(separator: "\n")
    }

    @Test("a use brings the component's recognizers, on the role it names, and its relations, as if written out")
    func useIsWrittenOut() throws {
        let used = try tables(
            """
            gestures Viewer {
              view window { view scroller { view photo } }
              recognizer like = tap(taps: 2) on photo
              use zoomingScrollView on scroller
              like requires scrollerPan to fail
            }
            """)
        let written = try tables(
            """
            gestures Viewer {
              view window { view scroller { view photo } }
              recognizer like = tap(taps: 2) on photo
              recognizer scrollerPan = pan on scroller { ignoresStationaryTouches: true; scrollPan: true; allowedScrollTypes: all }
              recognizer scrollerZoom = pinch on scroller
              recognizer scrollerDelay = touchDelay on scroller
              like requires scrollerPan to fail
              simultaneous scrollerPan, scrollerZoom
            }
            """)
        #expect(used == written)
        #expect(used.contains("scrollerZoom = pinch"))
    }

    @Test("recognizers the app does not own: the prelude's components declare them foreign, relations name them, lint says whose they are")
    func foreignRecognizers() throws {
        let spec = """
            gestures Inbox {
              view window { view list { view cell { view note } } view sheet }
              use contextMenu on cell
              use textSelection on note
              use sheetDismiss on sheet
              use webView on list
              use navigationBack on window
              recognizer open = tap on cell
              recognizer pin = longPress(minimumDuration: 300ms) on cell
              open requires cellMenu to fail
            }
            """
        let compilation = check(spec)
        #expect(located(compilation) == [])
        let program = try #require(compilation.lowered().sets.first).program
        let foreign = program.recognizers.filter(\.foreign).map(\.name)
        #expect(foreign == ["cellMenu", "noteCaret", "noteWord", "noteLoupe", "sheetDismiss", "listLink", "listZoom", "windowBack"])
        #expect(program.recognizers.first { $0.name == "windowBack" }?.backSwipe == true)
        #expect(program.failureRequirements.count == 3, "the app's requirement and the components' own two")
        // The app's press at 300ms takes every hold from the context menu's at 500ms:
        // lint names the menu's press, and says it is not the app's.
        let findings = lintFindings(spec).findings.map(\.finding)
        let starved = try #require(findings.first { $0.message.hasPrefix("'cellMenu' never wins") })
        #expect(starved.notes.contains { $0.message.hasPrefix("'cellMenu' is not the app's") })
        #expect(!findings.contains { $0.notes.contains { $0.message.hasPrefix("'pin' is not the app's") } })
    }

    @Test("names: the role's, or the prefix after 'as'; a clash is reported at the use")
    func names() throws {
        let prefixed = try tables(
            """
            gestures Two {
              view window { view list }
              use scrollView on list as inbox
              use scrollView on list
            }
            """)
        for name in ["inboxPan", "inboxDelay", "listPan", "listDelay"] { #expect(prefixed.contains(" \(name) = "), "\(name)") }
        let clash = check(
            """
            gestures Clash {
              view window { view list }
              use scrollView on list
              use scrollView on list
            }
            """)
        #expect(
            located(clash) == [
                "main.gdl:4:21: invalid redeclaration of recognizer 'listPan'",
                "main.gdl:4:21: invalid redeclaration of recognizer 'listDelay'",
            ])
    }

    @Test("a use of an unknown component, or on an unknown role, is one error at the use")
    func unknownNames() {
        let compilation = check(
            """
            gestures A {
              view window
              use scrolView on window
              use scrollView on windw
            }
            """)
        #expect(
            located(compilation) == [
                "main.gdl:3:7: unknown component 'scrolView'",
                "main.gdl:4:21: unknown view role 'windw'",
            ])
        #expect(compilation.diagnostics.diagnostics.first?.notes.first?.message == "did you mean 'scrollView'?")
    }

    @Test("a component's own mistakes: a recognizer off its view (with a fix), a view or hook, an unknown member")
    func componentMistakes() {
        let compilation = check(
            """
            component swiper(host) {
              recognizer left = swipe(direction: left) on other
              recognizer right = swipe(direction: right) on host
              hook allowed
              left requires rigth to fail
            }
            """)
        #expect(
            located(compilation) == [
                "main.gdl:2:47: a component's recognizers are on its view 'host'",
                "main.gdl:4:8: a component holds recognizers and their relations, not a hook",
                "main.gdl:5:17: unknown recognizer 'rigth'",
            ])
        let fix = compilation.diagnostics.diagnostics.first?.notes.first?.fix
        #expect(fix?.replacement == "host")
        #expect(compilation.diagnostics.diagnostics.last?.notes.first?.message == "did you mean 'right'?")
    }

    @Test("component and use are formatted as the rest of the grammar")
    func formatted() {
        let text = """
            /// Swipes both ways.
            component swiper(host) {
              recognizer left = swipe(direction: left) on host
              recognizer right = swipe(direction: right) on host
              left cannot prevent right
            }

            gestures Cards {
              view window { view card }
              use swiper on card as card
            }

            """
        let messy = text.replacingOccurrences(of: "swiper(host)", with: "swiper ( host )")
            .replacingOccurrences(of: "use swiper on card", with: "use   swiper on  card")
        guard case .formatted(let formatted) = Formatter.format(SourceFile(path: "a.gdl", text: messy), id: FileID(0)) else {
            Issue.record("does not format")
            return
        }
        #expect(formatted == text)
        #expect(located(check(text)) == [])
    }

    @Test("in the editor: a brought recognizer's definition is the use's role, hover says where it comes from, rename is refused")
    func editor() throws {
        let text = """
            gestures Inbox {
              view window { view list { view message } }
              use scrollView on list
              recognizer open = tap on message
              open requires listPan to fail
            }
            """
        let compilation = check(text)
        let file = try #require(compilation.rootFiles.first)
        let service = LanguageService(compilation: compilation, file: file)
        let reference = try #require(text.range(of: "listPan").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
        let hover = try #require(service.hover(at: reference + 2))
        #expect(hover.markdown.contains("recognizer listPan = pan on list, from component scrollView"))
        // Its definition is the name it is made from: the use's role (or prefix).
        let role = try #require(text.range(of: "on list").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
        #expect(service.definition(at: reference + 2)?.start == role + 3)
        let use = try #require(text.range(of: "use scrollView").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
        #expect(service.rename(at: reference + 2, to: "scroll") == .failure(.broughtByAUse("listPan")))
        // The component's name goes to its declaration in the prelude; after `use`, the
        // components are offered.
        #expect(service.definition(at: use + 6)?.file == FileID(0))
        #expect(
            service.completions(at: use + 4).map(\.label) == [
                "scrollView", "zoomingScrollView", "contextMenu", "textSelection", "sheetDismiss", "webView", "navigationBack",
            ])
    }
}
