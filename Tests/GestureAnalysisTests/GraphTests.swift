import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// `gesturec graph`: the pictures of a set and of a kind, and their DOT and Mermaid
/// text. The Mermaid of every example is a golden file (`Golden/Graphs/`); the DOT of
/// every example is drawn by Graphviz in `scripts/check-pictures.sh`, which `.ci/run`
/// runs.
@Suite("Graphs")
struct GraphTests {
    static let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/GestureAnalysisTests/Golden/Graphs")

    /// The diagram of the only set of `text` (`main.gdl`), with its compilation.
    func setDiagram(_ text: String) throws -> Diagram {
        let compilation = check(text)
        let sets = compilation.lowered().sets
        try #require(!compilation.diagnostics.hasErrors && sets.count == 1)
        return try #require(SetDiagram.diagram(sets[0], in: compilation))
    }

    func node(_ diagram: Diagram, named name: String) throws -> Int {
        try #require(diagram.nodes.firstIndex { $0.lines.first == name }, "no node \(name)")
    }

    func cluster(_ diagram: Diagram, named name: String) throws -> Int {
        try #require(diagram.clusters.firstIndex { $0.lines.first == "view \(name)" }, "no cluster \(name)")
    }

    // MARK: - A set

    @Test("view roles nest as clusters along first parents; recognizers sit in their role's")
    func nesting() throws {
        let diagram = try setDiagram(
            """
            gestures Nest {
              view window {
                view list {
                  view cell { hitSlop: 4pt }
                }
              }
              view badge in cell, list
              recognizer select = tap on cell
              recognizer scroll = pan(maximumTouches: 2) on list { cancelsTouchesInView: false }
            }
            """)
        let window = try cluster(diagram, named: "window")
        let list = try cluster(diagram, named: "list")
        let cell = try cluster(diagram, named: "cell")
        let badge = try cluster(diagram, named: "badge")
        #expect(diagram.clusters[window].parent == nil)
        #expect(diagram.clusters[list].parent == window)
        #expect(diagram.clusters[cell].parent == list)
        #expect(diagram.clusters[cell].lines == ["view cell", "hitSlop: 4pt"])
        // A role with several parents is drawn in the first and names the others.
        #expect(diagram.clusters[badge].parent == cell)
        #expect(diagram.clusters[badge].lines == ["view badge", "also in list"])
        let select = try node(diagram, named: "select")
        let scroll = try node(diagram, named: "scroll")
        #expect(diagram.nodes[select].cluster == cell && diagram.nodes[select].lines == ["select", "tap"])
        #expect(diagram.nodes[scroll].cluster == list)
        #expect(diagram.nodes[scroll].lines == ["scroll", "pan(maximumTouches: 2)", "cancelsTouchesInView: false"])
        // A role with nothing inside gets a placeholder, so Graphviz still draws it.
        #expect(diagram.nodes.contains { $0.role == .placeholder && $0.cluster == badge })
        #expect(!diagram.nodes.contains { $0.role == .placeholder && $0.cluster == window })
    }

    @Test("a failure requirement is an arrow with the wait it adds, measured by the engine (R53, R55)")
    func requirementWaits() throws {
        let diagram = try setDiagram(
            inSet(
                """
                  view photo in window
                  recognizer single = tap on photo
                  recognizer double = tap(taps: 2, interval: 200ms, allowableMovement: 500pt) on photo
                  recognizer press = longPress on photo
                  single requires double to fail
                  double requires press to fail
                """))
        let single = try node(diagram, named: "single")
        let double = try node(diagram, named: "double")
        let press = try node(diagram, named: "press")
        let edges = diagram.edges.filter { $0.role == .requirement }
        // The single tap waits out the double tap's interval after the lift (R55). The
        // longest wait over the probes: no probe moves a finger 500pt, so a second tap
        // that drags or holds ends in the double tap recognizing, and the wait is never
        // longer than the interval.
        #expect(edges.first { $0.from == single && $0.to == double }?.lines == ["requires to fail", "waits up to 200ms"])
        // The double tap never waits for the long press: a quick lift fails the press in
        // the same event, and a press held past 500ms begins before any tap is done.
        #expect(edges.first { $0.from == double && $0.to == press }?.lines == ["requires to fail"])
    }

    @Test("simultaneity groups, exemptions, conditions and hooks as written")
    func relations() throws {
        let diagram = try setDiagram(
            inSet(
                """
                  view map in window {
                    view pin
                  }
                  hook pinsLocked = false
                  recognizer zoom = pinch on map
                  recognizer spin = rotation on map
                  recognizer drag = pan on pin { shouldBegin: !pinsLocked }
                  recognizer tapPin = tap on pin
                  simultaneous zoom, spin where !pinsLocked   // a comment
                  drag cannot prevent tapPin
                  tapPin requires drag to fail where pinsLocked
                """))
        let group = try #require(diagram.nodes.firstIndex { $0.role == .group })
        #expect(diagram.nodes[group].lines == ["simultaneous", "where !pinsLocked"])
        // The group sits in the innermost role holding all its members.
        #expect(diagram.nodes[group].cluster == (try cluster(diagram, named: "map")))
        let members = diagram.edges.filter { $0.role == .simultaneity && $0.from == group }.map(\.to)
        #expect(members == [try node(diagram, named: "zoom"), try node(diagram, named: "spin")])
        let drag = try node(diagram, named: "drag")
        let tapPin = try node(diagram, named: "tapPin")
        #expect(diagram.edges.contains { $0.role == .exemption && $0.from == drag && $0.to == tapPin && $0.lines == ["cannot prevent"] })
        #expect(diagram.edges.first { $0.role == .requirement }?.lines.prefix(2) == ["requires to fail", "where pinsLocked"])
        let hook = try node(diagram, named: "hook pinsLocked = false")
        let reads = diagram.edges.filter { $0.role == .reads && $0.from == hook }
        #expect(reads.map(\.to) == [drag, group])
        #expect(reads.map(\.lines) == [["shouldBegin"], ["where"]])
    }

    // MARK: - A kind

    @Test("a kind's machine: possible first, ends marked, one arrow per pair of states with a line per row")
    func kindMachine() throws {
        let compilation = check(inSet(""))
        let diagram = try #require(KindDiagram.diagram(named: "longPress", in: compilation))
        #expect(diagram.title == "kind longPress (continuous)")
        #expect(diagram.nodes.first?.lines == ["possible"] && diagram.nodes.first?.role == .initial)
        func state(_ name: String) throws -> Int { try node(diagram, named: name) }
        #expect(diagram.nodes[try state("failed")].role == .failing)
        #expect(diagram.nodes[try state("ended")].role == .final)
        #expect(diagram.nodes[try state("cancelled")].role == .cancelled)
        #expect(diagram.nodes[try state("began")].role == .state)
        let toFailed = diagram.edges.filter { $0.from == (try? state("possible")) && $0.to == (try? state("failed")) }
        #expect(toFailed.count == 1)
        #expect(
            toFailed.first?.lines == [
                "down where touchCount > touches", "move where movement > allowableMovement", "up, cancel", "timer next",
            ])
        // A row without a target stays: drawn inside its state (UML's internal
        // transitions), with its actions after a slash, and no loop whose label would
        // lie over the arrows leaving the state.
        let possible = try state("possible")
        #expect(diagram.nodes[possible].rows.contains("down / stop timer next"))
        #expect(!diagram.edges.contains { $0.from == $0.to })
        let dot = DiagramRenderer.render(diagram, as: .dot)
        #expect(
            dot.contains(
                "n0 [label=\"possible\\ndown where touchCount == touches && tapsDone == taps / stop timer next; start timer press after minimumDuration\\l"
            ), "\(dot)")
        #expect(dot.contains("shape=box, style=\"rounded,bold\""))
        #expect(KindDiagram.diagram(named: "nothing", in: compilation) == nil)
    }

    @Test("a custom kind's states show what they show outwardly")
    func customKind() throws {
        let compilation = check(
            """
            kind hold() discrete {
              possible {
                on down -> waiting { start timer t after 100ms }
              }
              waiting as possible {
                on timer t -> recognized
                on up, cancel -> failed
              }
            }
            """ + inSet("  recognizer h = hold on window"))
        let diagram = try #require(KindDiagram.diagram(named: "hold", in: compilation))
        #expect(diagram.nodes.map(\.lines) == [["possible"], ["waiting", "shows possible"], ["recognized"], ["failed"]])
        #expect(diagram.edges.map(\.lines) == [["down / start timer t after 100ms"], ["timer t"], ["up, cancel"]])
    }

    // MARK: - Writing

    @Test("DOT quotes every label; ids come from indices, never names")
    func dotEscaping() {
        var diagram = Diagram(title: "a \"b\" \\ c", direction: .down)
        let cluster = diagram.addCluster(["view x", "shouldBegin: \"q\""], in: nil)
        let a = diagram.addNode(.recognizer, ["a", "x < y && z"], in: cluster)
        let b = diagram.addNode(.hook, ["b\\n"])
        diagram.addEdge(.reads, from: b, to: a, ["where \"x\""])
        let dot = DiagramRenderer.render(diagram, as: .dot)
        #expect(dot.hasPrefix("digraph \"a \\\"b\\\" \\\\ c\" {\n"))
        #expect(dot.contains("label=\"view x\\nshouldBegin: \\\"q\\\"\";"))
        #expect(dot.contains("n0 [label=\"a\\nx < y && z\""))
        #expect(dot.contains("n1 [label=\"b\\\\n\""))
        #expect(dot.contains("n1 -> n0 [label=\"where \\\"x\\\"\""))
    }

    @Test("Mermaid writes syntax characters of labels as entities")
    func mermaidEscaping() {
        var diagram = Diagram(title: "it's", direction: .right)
        let a = diagram.addNode(.state, ["a", "x < y && z || \"w\" #1"])
        let b = diagram.addNode(.failing, ["b"])
        diagram.addEdge(.transition, from: a, to: b, ["up | down"])
        let mermaid = DiagramRenderer.render(diagram, as: .mermaid)
        #expect(mermaid.hasPrefix("---\ntitle: 'it''s'\n---\nflowchart LR\n"))
        #expect(mermaid.contains("n0([\"a<br/>x #lt; y #amp;#amp; z #124;#124; #quot;w#quot; #35;1\"])"))
        #expect(mermaid.contains("n0 -->|\"up #124; down\"| n1"))
        #expect(mermaid.contains("class n1 failing"))
    }

    @Test("a hierarchy 20,000 roles deep is written without recursion, in linear size")
    func deepClusters() {
        var diagram = Diagram(title: "deep", direction: .down)
        var parent: Int?
        for index in 0..<20_000 { parent = diagram.addCluster(["view v\(index)"], in: parent) }
        diagram.addNode(.recognizer, ["r"], in: parent)
        for format in DiagramFormat.allCases {
            let text = DiagramRenderer.render(diagram, as: format)
            let lines = text.split(separator: "\n")
            #expect(lines.count { $0.contains("subgraph") } == 20_000)
            // Indentation stops growing, so the text is not quadratic in the depth.
            #expect(text.utf8.count < 20_000 * 400)
        }
    }

    // MARK: - Goldens

    /// Every example set, and the prelude kinds an example draws in docs/pictures.md.
    static func goldenCases() throws -> [String] {
        try exampleSpecs().filter { !$0.hasPrefix("Examples/PhotoApp/") } + ["kind:tap", "kind:pan", "kind:longPress"]
    }

    @Test("the Mermaid of every example matches its golden file", arguments: try goldenCases())
    func golden(_ name: String) throws {
        var outputs: [(String, String)] = []
        if name.hasPrefix("kind:") {
            let kind = String(name.dropFirst("kind:".count))
            let diagram = try #require(KindDiagram.diagram(named: kind, in: check("")))
            outputs.append(("kind-\(kind).mmd", DiagramRenderer.render(diagram, as: .mermaid)))
        } else {
            let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + name))
            let compilation = Compilation.check(
                roots: [SourceFile(path: name, bytes: Array(bytes))], loader: RootedLoader(), errorLimit: nil)
            for set in compilation.lowered().sets {
                let diagram = try #require(SetDiagram.diagram(set, in: compilation))
                outputs.append(("\(set.program.name).mmd", DiagramRenderer.render(diagram, as: .mermaid)))
            }
            // A file of kinds only (Examples/Shared): its kinds' machines.
            for file in compilation.files where compilation.rootFiles.contains(file.file) && file.gestureSets.isEmpty {
                for kind in file.kinds {
                    let diagram = try #require(KindDiagram.diagram(named: kind.name.name, in: compilation))
                    outputs.append(("kind-\(kind.name.name).mmd", DiagramRenderer.render(diagram, as: .mermaid)))
                }
            }
        }
        #expect(!outputs.isEmpty)
        for (file, text) in outputs {
            try expectGolden(Array(text.utf8), at: Self.goldenDirectory.appendingPathComponent(file))
        }
    }
}
