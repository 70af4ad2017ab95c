import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The HTML timeline's lanes, derived from a simulation, and the page that carries
/// them. `scripts/check-pictures.sh` opens pages in headless Chromium.
@Suite("HTML timeline")
struct TimelinePageTests {
    /// Runs an example trace over its scene, as `gesturec simulate` does.
    func run(_ spec: String, scene: String, trace: String) throws -> (Simulation, Trace) {
        let sets = try buildExample(spec)
        let program = try #require(sets.first?.program)
        let root = repositoryRoot.path + "/"
        let sceneBytes = try #require(FileManager.default.contents(atPath: root + scene))
        let traceBytes = try #require(FileManager.default.contents(atPath: root + trace))
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (sceneDescription, events) = try #require(
            reader.read(
                scene: SourceFile(path: scene, bytes: Array(sceneBytes)), trace: SourceFile(path: trace, bytes: Array(traceBytes)),
                sources: &sources))
        var simulation = try Simulation(program: program, scene: sceneDescription)
        simulation.run(events)
        return (simulation, events)
    }

    func lane(_ lanes: TimelineLanes, _ name: String) throws -> TimelineLanes.Lane {
        try #require(lanes.lanes.first { $0.name == name }, "no lane \(name)")
    }

    @Test("a single tap: the tap held for the double tap's interval, the photo's touch held back then cancelled (R39, R40, R53, R55)")
    func singleTap() throws {
        let (simulation, trace) = try run(
            "Examples/PhotoBrowser.gdl", scene: "Examples/Traces/PhotoBrowser.scene.json",
            trace: "Examples/Traces/PhotoBrowser.single-tap.json")
        let lanes = TimelineLanes(simulation: simulation, trace: trace)

        // The finger lifts at 0.080 s; the single tap asks to recognize and is held until
        // the double tap fails 350 ms later (R53, R55), then recognizes and resets.
        let single = try lane(lanes, "singleTap@photo")
        #expect(single.subject == .recognizer)
        #expect(single.state(at: 0.079) == "possible")
        #expect(single.state(at: 0.080) == "held")
        #expect(single.state(at: 0.429) == "held")
        #expect(single.state(at: 0.430) == "possible")
        #expect(single.steps.map(\.state) == ["held", "possible", "recognized", "possible"])
        let held = try #require(single.marks.first)
        #expect(held.text == "held: waiting for doubleTap on photo to fail" && held.type == "decision")
        #expect(held.source == "Examples/PhotoBrowser.gdl:39:3")
        #expect(single.marks.contains { $0.type == "action" && $0.text == "recognized  location (150, 250)" && $0.time == 0.43 })

        // The photo's touch: its end is held back by the double tap's delaysTouchesEnded
        // (R40), then cancelled when the single tap recognizes (R39).
        let photo = try lane(lanes, "photo")
        #expect(photo.subject == .view)
        #expect(photo.state(at: 0) == "touches 1")
        #expect(photo.state(at: 0.2) == "touches 1")
        #expect(photo.state(at: 0.43) == "no touches")

        // Views in the scene's order, each before the recognizers on it in declaration
        // order; the scroller and the window received nothing and have no lane.
        #expect(
            lanes.lanes.map(\.name) == [
                "zoom@scroller", "spin@scroller", "drag@scroller", "photo", "singleTap@photo", "doubleTap@photo",
                "zoomOut@photo", "oneFingerZoom@photo",
            ])
        let touch = try #require(lanes.touches.first)
        #expect(lanes.touches.count == 1 && touch.id == 1 && touch.ended)
        #expect(touch.points == [Point(x: 150, y: 250), Point(x: 150, y: 250)] && touch.times == [0, 0.08])
        #expect(lanes.views.map(\.id) == ["window", "scroller", "photo", "info"])
        // The axis runs 0.1 s past the last entry (0.43 s), so its state shows.
        #expect(lanes.start == 0 && abs(lanes.end - 0.53) < 1e-9)
    }

    @Test("frames in window coordinates; a touch never lifted stays down; a reused id starts a new path")
    func framesAndPaths() throws {
        let program = try program(
            """
            gestures S {
              view window { view card { view button } }
              recognizer press = longPress on button
            }
            """)
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (scene, trace) = try #require(
            reader.read(
                scene: nil,
                trace: SourceFile(
                    path: "t.json",
                    text: """
                        {"views": [
                          {"id": "w", "role": "window", "frame": [0, 0, 400, 800]},
                          {"id": "c", "role": "card", "parent": "w", "frame": [20, 100, 300, 200]},
                          {"id": "b", "role": "button", "parent": "c", "frame": [10, 10, 50, 40]}
                        ],
                        "events": [
                          {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 40, "y": 120}]},
                          {"t": 0.1, "touches": [{"id": 1, "phase": "up", "x": 40, "y": 120}]},
                          {"t": 0.2, "touches": [{"id": 1, "phase": "down", "x": 45, "y": 125}]},
                          {"t": 0.3, "touches": [{"id": 1, "phase": "move", "x": 50, "y": 125}]}
                        ]}
                        """), sources: &sources))
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace)
        let lanes = TimelineLanes(simulation: simulation, trace: trace)
        #expect(
            lanes.views.map(\.frame) == [
                Rect(x: 0, y: 0, width: 400, height: 800), Rect(x: 20, y: 100, width: 300, height: 200),
                Rect(x: 30, y: 110, width: 50, height: 40),
            ])
        #expect(lanes.touches.map(\.id) == [1, 1])
        #expect(lanes.touches.map(\.ended) == [true, false])
        #expect(lanes.touches[1].times == [0.2, 0.3])
        // The second press is held past 500 ms: the long press begins on its timer (R66).
        let press = try lane(lanes, "press@b")
        #expect(press.state(at: 0.69) == "possible")
        #expect(press.state(at: 0.7) == "began")
        // Beginning, it cancels the button's touch (R39, cancelsTouchesInView).
        #expect(try lane(lanes, "b").state(at: 0.69) == "touches 1")
        #expect(try lane(lanes, "b").state(at: 0.7) == "no touches")
    }

    @Test("the scene over time: views where the trace put them, added, moved, scrolled, re-parented, removed")
    func viewsOverTime() throws {
        let program = try program(
            """
            gestures S {
              view window { view photo; view a; view b }
              view card in a, b
              recognizer drag = pan on card
            }
            """)
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (scene, trace) = try #require(
            reader.read(
                scene: nil,
                trace: SourceFile(
                    path: "t.trace",
                    text: """
                        view window: window [0 0 400 800]
                        view a: a in window [0 0 200 400]
                        view b: b in window [200 0 200 400]
                        view card: card in a [20 20 160 100]

                        0     add photo: photo in window [0 500 400 200]
                        0.1   down 1 at (50, 50)
                        0.3   reparent card in b [20 200 160 100]
                        0.4   scroll b to (0, 50)
                        0.5   frame photo [0 600 400 150]
                        0.6   up 1 at (50, 50)
                        0.7   remove photo
                        """), sources: &sources))
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace)
        let lanes = TimelineLanes(simulation: simulation, trace: trace)
        let views = Dictionary(uniqueKeysWithValues: lanes.views.map { ($0.id, $0) })
        let card = try #require(views["card"])
        let photo = try #require(views["photo"])
        #expect(card.frame(at: 0.2) == Rect(x: 20, y: 20, width: 160, height: 100))
        #expect(card.frame(at: 0.3) == Rect(x: 220, y: 200, width: 160, height: 100), "in b now")
        #expect(card.frame(at: 0.45) == Rect(x: 220, y: 150, width: 160, height: 100), "b's content scrolled 50 pt")
        #expect(photo.appears == 0 && photo.frame(at: 0.1) == Rect(x: 0, y: 500, width: 400, height: 200))
        #expect(photo.frame(at: 0.55) == Rect(x: 0, y: 600, width: 400, height: 150))
        #expect(photo.frame(at: 0.7) == nil, "removed")
        #expect(try #require(views["b"]).placements.isEmpty, "a scroll moves what is inside, not the view")
        let data = TimelinePage.html(lanes, title: "t")
        #expect(data.contains("[\"photo\", 0, 500, 400, 200, 0, [[0.5, 0, 600, 400, 150], [0.7]]]"), "\(data)")
    }

    @Test("the page: self-contained, the same bytes each time, and no text can close its script")
    func page() throws {
        let (simulation, trace) = try run(
            "Examples/PhotoBrowser.gdl", scene: "Examples/Traces/PhotoBrowser.scene.json",
            trace: "Examples/Traces/PhotoBrowser.double-tap.json")
        let lanes = TimelineLanes(simulation: simulation, trace: trace)
        let page = TimelinePage.html(lanes, title: "PhotoBrowser: <double tap> & \"more\"")
        #expect(page == TimelinePage.html(lanes, title: "PhotoBrowser: <double tap> & \"more\""))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>PhotoBrowser: &lt;double tap&gt; &amp; &quot;more&quot;</title>"))
        // Nothing is fetched: no address, no external script or style.
        for fetch in ["http:", "https:", "src=", "href=", "@import"] { #expect(!page.contains(fetch), "\(fetch)") }
        // The run's data: one lane per recognizer and view that did something.
        #expect(page.contains("\"name\": \"singleTap@photo\", \"subject\": \"recognizer\""))
        #expect(page.components(separatedBy: "\"subject\": ").count - 1 == lanes.lanes.count)

        var hostile = lanes
        hostile.views[0].id = "</script><script>alert(1)</script>"
        let data = TimelinePage.html(hostile, title: "t")
        let start = try #require(data.range(of: "id=\"data\">"))
        let end = try #require(data.range(of: "</script>", range: start.upperBound..<data.endIndex))
        #expect(data[start.upperBound..<end.lowerBound].contains("\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"))
    }
}
