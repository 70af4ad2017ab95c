import GestureHost
import GestureRuntime
import PhotoApp

/// A platform as UIKit is to the host, without UIKit: each finger an object of its
/// own for as long as it is down (a new one when it lands again), the fingers that
/// changed in one event reported together, and a display link that ticks the host's
/// clock every frame between events. Recorded traces name fingers by number; the
/// platform keeps each finger's number to name its touches in what the views saw.
final class FakePlatform {
    /// A finger on the glass, as a `UITouch` is: compared by identity.
    final class Finger {}

    static let frameInterval = 1.0 / 60

    let host: GalleryScreen.Host
    private var down: [Int: Finger] = [:]
    /// Every finger that touched, kept so that no identity is reused, with its number.
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var fingers: [Finger] = []
    private var clock = 0.0

    init(_ host: GalleryScreen.Host) {
        self.host = host
    }

    /// One event: the fingers that changed in it, by number, in window coordinates.
    /// The frames since the last event tick the clock first.
    func event(_ changes: [(finger: Int, phase: TouchChange.Phase, location: Point)], at time: Double) throws {
        try tick(to: time)
        let inputs = changes.map { change -> GalleryScreen.Host.TouchInput in
            let finger: Finger
            if change.phase == .down {
                finger = Finger()
                fingers.append(finger)
                numbers[ObjectIdentifier(finger)] = change.finger
                down[change.finger] = finger
            } else {
                // A finger the platform never saw land is a touch the host does not know.
                finger = down[change.finger] ?? Finger()
            }
            if change.phase == .up || change.phase == .cancel { down[change.finger] = nil }
            let phase: GalleryScreen.Host.TouchInput.Phase =
                switch change.phase {
                case .down: .began
                case .move: .moved
                case .up: .ended
                case .cancel: .cancelled
                }
            return .init(ObjectIdentifier(finger), phase, at: change.location)
        }
        try host.handle(inputs, timestamp: time)
    }

    /// The display link's frames up to `time`, and a last tick at `time` itself.
    func tick(to time: Double) throws {
        while clock + Self.frameInterval < time {
            clock += Self.frameInterval
            try host.tick(at: clock)
        }
        clock = max(clock, time)
        try host.tick(at: time)
    }

    /// What the views saw, as `view phase fingers`: `photo4 began 1`.
    func describe(_ log: [GalleryScreen.ViewEvent]) -> [String] {
        log.map { event in
            let view: String =
                switch event.view {
                case .photo(let photo): "photo\(photo)"
                case .closeButton: "closeButton"
                case .window: "window"
                case .grid: "grid"
                }
            let fingers = event.touches.map { numbers[$0].map(String.init) ?? "?" }.joined(separator: ",")
            return "\(view) \(event.phase) \(fingers)"
        }
    }
}
