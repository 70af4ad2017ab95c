import Foundation
import GestureRuntime
import PhotoApp

/// A recorded trace in the JSON form `gesturec simulate --trace` reads
/// (docs/traces.md), played into a `GalleryScreen` as an app's host would: the same
/// files replay in the simulator and here.
struct RecordedTrace: Decodable {
    struct Event: Decodable {
        var t: Double
        var touches: [Touch]?
        var setHook: SetHook?
    }

    struct Touch: Decodable {
        var id: Int
        var phase: TouchChange.Phase
        var x: Double
        var y: Double
    }

    struct SetHook: Decodable {
        var hook: String
        var value: Bool
    }

    var events: [Event]

    /// `Examples/PhotoApp/Traces/Gallery.<name>.json`.
    init(named name: String) throws {
        let data = try Data(contentsOf: packageDirectory.appendingPathComponent("Traces/Gallery.\(name).json"))
        self = try JSONDecoder().decode(RecordedTrace.self, from: data)
    }

}

/// Plays a trace into a screen a stretch at a time, so that a test can look at the
/// screen between stretches.
struct Replay {
    let trace: RecordedTrace
    let screen: GalleryScreen
    private var next = 0

    init(_ name: String, into screen: GalleryScreen) throws {
        trace = try RecordedTrace(named: name)
        self.screen = screen
    }

    /// Plays the events up to `time`, then lets the clock run to `time` so that the
    /// timers due fire.
    mutating func run(until time: Double) throws {
        while next < trace.events.count, trace.events[next].t <= time {
            let event = trace.events[next]
            if let touches = event.touches {
                let changes = touches.map { TouchChange(id: $0.id, phase: $0.phase, location: Point(x: $0.x, y: $0.y)) }
                try screen.handle(changes, time: event.t)
            }
            if let setHook = event.setHook, setHook.hook == "canRearrange" {
                screen.settings.isEditing = setHook.value
            }
            next += 1
        }
        try screen.advance(to: time)
    }

    /// Plays every event, then one more second for the timers.
    mutating func runToEnd() throws {
        try run(until: (trace.events.last?.t ?? 0) + 1)
    }
}

extension TouchChange.Phase: Decodable {}

/// Examples/PhotoApp.
let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
