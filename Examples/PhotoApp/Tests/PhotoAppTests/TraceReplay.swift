import Foundation
import GestureRuntime
import PhotoApp
import Testing

/// A recorded trace in the JSON form `gesturec simulate --trace` reads
/// (docs/traces.md), played into a `GalleryScreen` through a fake platform, as an iOS
/// app's touches would reach it: the same files replay in the simulator and here.
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

/// A scene in the JSON form `gesturec simulate --scene` reads: views with frames in
/// their parent's coordinates.
struct RecordedScene: Decodable {
    struct View: Decodable {
        var id: String
        var role: String
        var parent: String?
        var frame: [Double]
    }

    var views: [View]

    /// `Examples/PhotoApp/Traces/Gallery.<name>.json`.
    init(named name: String) throws {
        let data = try Data(contentsOf: packageDirectory.appendingPathComponent("Traces/Gallery.\(name).json"))
        self = try JSONDecoder().decode(RecordedScene.self, from: data)
    }

    /// The centre of a view's frame in window coordinates, through its parents.
    func centreInWindow(of id: String) throws -> Point {
        var view = try #require(views.first { $0.id == id })
        var centre = Point(x: view.frame[0] + view.frame[2] / 2, y: view.frame[1] + view.frame[3] / 2)
        while let parentID = view.parent {
            view = try #require(views.first { $0.id == parentID })
            centre = Point(x: centre.x + view.frame[0], y: centre.y + view.frame[1])
        }
        return centre
    }
}

/// Plays a trace into a screen a stretch at a time, through a fake platform, so that
/// a test can look at the screen between stretches.
struct Replay {
    let trace: RecordedTrace
    let screen: GalleryScreen
    let platform: FakePlatform
    private var next = 0

    init(_ name: String, into screen: GalleryScreen) throws {
        trace = try RecordedTrace(named: name)
        self.screen = screen
        platform = FakePlatform(screen.host)
    }

    /// Plays the events up to `time`, then lets the clock run to `time` so that the
    /// timers due fire.
    mutating func run(until time: Double) throws {
        while next < trace.events.count, trace.events[next].t <= time {
            let event = trace.events[next]
            if let touches = event.touches {
                try platform.event(touches.map { ($0.id, $0.phase, Point(x: $0.x, y: $0.y)) }, at: event.t)
            }
            if let setHook = event.setHook, setHook.hook == "canRearrange" {
                screen.settings.isEditing = setHook.value
            }
            next += 1
        }
        try platform.tick(to: time)
    }

    /// Plays every event, then one more second for the timers.
    mutating func runToEnd() throws {
        try run(until: (trace.events.last?.t ?? 0) + 1)
    }

    /// What the screen's views saw, as `view phase fingers`.
    var viewLog: [String] { platform.describe(screen.viewLog) }
}

extension TouchChange.Phase: Decodable {}

/// Examples/PhotoApp.
let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
