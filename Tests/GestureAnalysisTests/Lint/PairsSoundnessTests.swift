import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

@testable import GestureAnalysis

/// What `lint --pairs` claims holds over every input its bound states: random traces
/// within those bounds (up to the fingers and gestures it names, of any length, speed,
/// direction and pause, on every place it explored, its places of two views among them)
/// never show two recognizers acting on one sequence where it says "exclusive", nor one
/// beating the other where it says "never the reverse" or "neither ever beats".
@Suite("Pairs report: sound claims")
struct PairsSoundnessTests {
    /// A refutation: the claim, and the trace that refutes it.
    struct Refutation: CustomStringConvertible {
        var claim: String
        var place: String
        var trace: String
        var description: String { "\(claim) on \(place): \(trace)" }
    }

    /// Runs `traces` random traces on every place of `program`'s exploration and returns
    /// each claim they refute.
    static func refutations(_ program: GestureProgram, scene: SceneDescription? = nil, traces: Int, seed: UInt64) -> [Refutation] {
        let observer = PairsReport.Observer()
        let exploration = Exploration.explore(program, scene: scene, observers: [observer])
        var random = SplitMix64(seed: seed)
        var refutations: [Refutation] = []
        var seen: Set<String> = []
        let fingers = exploration.classes.fingers
        let far = (exploration.classes.distances.last ?? 50) * 2 + 60
        let long = (exploration.classes.durations.last ?? 0.35) * 1.5 + 0.2
        for setting in exploration.settings.indices {
            let place = exploration.place(of: Exploration.Run(input: 0, setting: setting))
            // Within the gestures the search ran every input of, in this setting.
            let segments = exploration.completeDepths[setting]
            guard segments > 0 else { continue }
            for _ in 0..<traces {
                let (events, words, gestures) = Self.trace(
                    place: place, fingers: fingers, segments: segments, far: far, long: long, random: &random)
                guard let recorder = exploration.run(events, setting: setting) else { continue }
                let declarations = recorder.layout.declarations
                for doubling in recorder.doublings {
                    guard case .recognizer(let a) = doubling.first, case .recognizer(let b) = doubling.second, a != b,
                        gestures <= PairsReport.provedDepth(a, b, in: exploration)
                    else { continue }
                    let pair = PairsReport.Observer.Pair(first: min(a, b), second: max(a, b))
                    if observer.together[pair] == nil {
                        let claim = "\(program.recognizers[pair.first].name), \(program.recognizers[pair.second].name): exclusive"
                        if seen.insert(claim).inserted { refutations.append(Refutation(claim: claim, place: place.name, trace: words)) }
                    }
                }
                for (slot, instance) in recorder.instances.enumerated() {
                    guard let loss = instance.loss else { continue }
                    let loser = declarations[slot]
                    guard gestures <= PairsReport.provedDepth(loss.winner, loser, in: exploration) else { continue }
                    if observer.beats[PairsReport.Observer.Pair(first: loss.winner, second: loser)] == nil {
                        let claim = "'\(program.recognizers[loss.winner].name)' never beats '\(program.recognizers[loser].name)'"
                        if seen.insert(claim).inserted { refutations.append(Refutation(claim: claim, place: place.name, trace: words)) }
                    }
                }
            }
        }
        return refutations
    }

    /// A random trace on `place`: up to `fingers` fingers and `segments` gestures, each
    /// finger landing where the place's start puts it, drags of any direction, length
    /// and speed, pauses of any length, spreads and twists.
    static func trace(
        place: Place, fingers: Int, segments: Int, far: Double, long: Double, random: inout SplitMix64
    ) -> ([Probe.Event], String, Int) {
        let start = place.starts[Int(random.next() % UInt64(place.starts.count))]
        let spots = [start.point] + (start.others ?? (1..<fingers).map { Explorer.spot(of: $0, from: start.point, in: place.window) })
        var down: [Int: Point] = [:]  // touch id by finger slot
        var ids: [Int: Int] = [:]
        var nextID = 1
        var time = 0.0
        var events: [Probe.Event] = []
        var words: [String] = ["from \(start.name ?? "the middle")"]
        func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(random.next() % 1_000_000) / 1_000_000
        }
        let fingerCount = start.severalFingers ? fingers : 1
        var gestures = 0
        for _ in 0..<segments {
            gestures += 1
            var choices = ["pause"]
            if down.count < fingerCount { choices.append("down") }
            if !down.isEmpty { choices += ["up", "drag", "drag"] }
            if down.count >= 2 { choices += ["spread", "twist"] }
            let choice = choices[Int(random.next() % UInt64(choices.count))]
            switch choice {
            case "down":
                let finger = (0..<fingerCount).first { down[$0] == nil } ?? 0
                let point = spots[min(finger, spots.count - 1)]
                time += uniform(0.005, 0.12)
                down[finger] = point
                ids[finger] = nextID
                events.append(Probe.Event(time: time, changes: [TouchChange(id: nextID, phase: .down, location: point)]))
                words.append("finger \(finger + 1) down at \(time)")
                nextID += 1
            case "up":
                let finger = down.keys.sorted()[Int(random.next() % UInt64(down.count))]
                time += uniform(0.005, 0.12)
                events.append(Probe.Event(time: time, changes: [TouchChange(id: ids[finger] ?? 0, phase: .up, location: down[finger] ?? .zero)]))
                down[finger] = nil
                words.append("finger \(finger + 1) up at \(time)")
            case "pause":
                let pause = uniform(0, long)
                time += pause
                words.append("pause \(pause)")
            case "drag":
                let movers = random.next() % 2 == 0 ? down.keys.sorted() : [down.keys.sorted().last ?? 0]
                let angle = uniform(0, 2 * Double.pi)
                let distance = uniform(0, far)
                let duration = uniform(0.02, 0.6)
                let (sine, cosine) = Probe.sineAndCosine(angle > Double.pi ? angle - 2 * Double.pi : angle)
                let origins = movers.map { down[$0] ?? .zero }
                let samples = Self.samples(duration)
                for step in 1...samples {
                    let fraction = Double(step) / Double(samples)
                    var changes: [TouchChange] = []
                    for (index, finger) in movers.enumerated() {
                        let point = Point(x: origins[index].x + cosine * distance * fraction, y: origins[index].y + sine * distance * fraction)
                        down[finger] = point
                        changes.append(TouchChange(id: ids[finger] ?? 0, phase: .move, location: point))
                    }
                    events.append(Probe.Event(time: time + duration * fraction, changes: changes))
                }
                time += duration
                words.append("\(movers.count) drag \(distance)pt at \(angle)rad in \(duration)s")
            default:
                let fingersDown = down.keys.sorted()
                guard fingersDown.count >= 2, let a = down[fingersDown[0]], let b = down[fingersDown[1]] else {
                    gestures -= 1
                    continue
                }
                let middle = (a + b) / 2
                let factor = choice == "spread" ? uniform(0.4, 2) : 1
                let turn = choice == "twist" ? uniform(-1.2, 1.2) : 0
                let duration = uniform(0.05, 0.5)
                let samples = Self.samples(duration)
                for step in 1...samples {
                    let fraction = Double(step) / Double(samples)
                    let pa = Explorer.turn(a - middle, by: turn * fraction) * (1 + (factor - 1) * fraction) + middle
                    let pb = Explorer.turn(b - middle, by: turn * fraction) * (1 + (factor - 1) * fraction) + middle
                    down[fingersDown[0]] = pa
                    down[fingersDown[1]] = pb
                    events.append(
                        Probe.Event(
                            time: time + duration * fraction,
                            changes: [
                                TouchChange(id: ids[fingersDown[0]] ?? 0, phase: .move, location: pa),
                                TouchChange(id: ids[fingersDown[1]] ?? 0, phase: .move, location: pb),
                            ]))
                }
                time += duration
                words.append("\(choice) \(factor) \(turn) in \(duration)s")
            }
        }
        if !down.isEmpty {
            time += 0.02
            events.append(
                Probe.Event(
                    time: time,
                    changes: down.keys.sorted().map { TouchChange(id: ids[$0] ?? 0, phase: .up, location: down[$0] ?? .zero) }))
        }
        return (events, words.joined(separator: ", "), gestures)
    }

    @Test(
        "no random trace refutes a claim on the examples' generic layouts",
        arguments: ["Examples/PhotoBrowser.gdl", "Examples/Pieces.gdl", "Examples/DotsDrawer.gdl", "Examples/BrowserPage.gdl"])
    func examples(path: String) throws {
        for set in try buildExample(path) {
            let refuted = Self.refutations(set.program, traces: Self.traces, seed: 7)
            #expect(refuted.isEmpty, "\(set.program.name): \(refuted.prefix(5))")
        }
    }

    @Test("no random trace refutes a claim on the examples' scenes", arguments: ["PhotoBrowser", "Pieces", "DotsDrawer", "BrowserPage"])
    func scenes(name: String) throws {
        let sets = try buildExample("Examples/\(name).gdl")
        let program = try #require(sets.first { $0.program.name == name }).program
        let path = repositoryRoot.appendingPathComponent("Examples/Traces/\(name).scene.json").path
        let data = try #require(FileManager.default.contents(atPath: path))
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let scene = try #require(reader.read(scene: SourceFile(path: path, bytes: Array(data)), sources: &sources))
        let refuted = Self.refutations(program, scene: scene, traces: Self.traces, seed: 11)
        #expect(refuted.isEmpty, "\(name): \(refuted.prefix(5))")
    }

    @Test("no random trace refutes a claim on the conflict corpus, bugs and fixes", arguments: ConflictCorpusTests.cases())
    func corpus(name: String) throws {
        for version in ["bug", "fix"] {
            let path = ConflictCorpusTests.directory.appendingPathComponent(name).appendingPathComponent("\(version).gdl").path
            let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
            let program = try #require(build(text).first).program
            let refuted = Self.refutations(program, traces: Self.traces, seed: 23)
            #expect(refuted.isEmpty, "\(name)/\(version): \(refuted.prefix(5))")
        }
    }

    /// A moving finger is sampled as a 60 Hz screen reports it: a move every 16.7 ms at
    /// least, so one event never jumps across thresholds a real finger crosses in turn.
    static func samples(_ duration: Double) -> Int { max(3, Int((duration * 60).rounded(.up))) }

    /// Random traces per setting: enough to find what an exploration of classes would
    /// miss, few enough for every run of the suite (`PAIRS_TRACES` for a longer hunt).
    static var traces: Int { ProcessInfo.processInfo.environment["PAIRS_TRACES"].flatMap(Int.init) ?? 60 }
}
