import GestureRuntime

/// The gallery screen without UIKit: a window, a scrolling grid of thumbnails and a
/// close button, driven by the gesture engine. An iOS app would forward its touches
/// here from a `UIView` and draw the state this keeps (docs/embedding.md); the tests
/// feed it recorded traces instead.
public final class GalleryScreen {
    /// Photos per row and the side of a thumbnail, in points.
    public static let columns = 3
    public static let thumbnailSide = 130.0

    /// What the user has done, as the app would show it.
    public struct State: Equatable, Sendable {
        /// The photo open full screen.
        public var openPhoto: Int?
        public var favourites: Set<Int> = []
        /// The photo picked up, and where the finger holds it.
        public var moving: Moving?
        /// How far the grid has scrolled, in points (positive is down the grid).
        public var scrollOffset = 0.0
        /// The thumbnails showing their pressed look: those whose view holds a touch
        /// (`touchesBegan` without `touchesEnded` or `touchesCancelled` yet).
        public var pressedPhotos: Set<Int> = []

        public init() {}
    }

    public struct Moving: Equatable, Sendable {
        public var photo: Int
        public var location: Point

        public init(photo: Int, location: Point) {
            self.photo = photo
            self.location = location
        }
    }

    /// The app's settings, which the spec's hooks ask about.
    public final class Settings {
        /// Edit mode: photos may be picked up and moved (the `canRearrange` hook).
        public var isEditing = false
        public init() {}
    }

    public private(set) var state = State()
    public let settings: Settings
    /// Every touch phase the views received, in order, as `view phase ids`; what an
    /// app's `touchesBegan` and friends would see.
    public private(set) var viewLog: [String] = []

    private let engine: GestureEngine
    private let grid: ViewInstance
    /// Each photo's thumbnail view, by photo number; a deleted photo's stays here, so
    /// that the outputs of its removal still name it.
    private let photos: [ViewInstance]
    /// The photos in the grid, in their order: the slots they fill.
    private var shown: [Int]
    private let closeButton: ViewInstance
    private var scrollAtPanStart = 0.0

    /// Lays out `photoCount` thumbnails in a 390 × 844 pt window and runs `program`:
    /// `Gallery.program`, compiled in, or an update (`GestureUpdate`).
    public init(photoCount: Int, program: GestureProgram = Gallery.program, settings: Settings = Settings()) throws {
        let engine = try GestureEngine(program: program)
        try engine.setWindowSize(Point(x: 390, y: 844))
        let window = try engine.addView(
            role: Gallery.View.window, parent: nil, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let grid = try engine.addView(
            role: Gallery.View.grid, parent: window, frame: Rect(x: 0, y: 100, width: 390, height: 744))
        var photos: [ViewInstance] = []
        for photo in 0..<photoCount {
            photos.append(try engine.addView(role: Gallery.View.thumbnail, parent: grid, frame: Self.frame(ofSlot: photo)))
        }
        closeButton = try engine.addView(
            role: Gallery.View.closeButton, parent: window, frame: Rect(x: 350, y: 50, width: 24, height: 24))
        try engine.bind(Gallery.Hook.canRearrange) { settings.isEditing }
        self.engine = engine
        self.grid = grid
        self.photos = photos
        shown = Array(photos.indices)
        self.settings = settings
    }

    /// Where the thumbnail in a slot of the grid is, in the grid's content.
    private static func frame(ofSlot slot: Int) -> Rect {
        Rect(
            x: Double(slot % columns) * thumbnailSide, y: Double(slot / columns) * thumbnailSide,
            width: thumbnailSide, height: thumbnailSide)
    }

    // MARK: - Input from the host

    /// One input event: the touches that changed together, in window coordinates.
    public func handle(_ changes: [TouchChange], time: Double) throws {
        try engine.handle(changes, time: time)
        try apply()
    }

    /// Lets time pass to `time`, firing the timers due (a long press, a tap's wait).
    public func advance(to time: Double) throws {
        try engine.advance(to: time)
        try apply()
    }

    /// When the host must call `advance(to:)` next, if a timer runs.
    public var nextDeadline: Double? { engine.nextDeadline }

    /// The photo was deleted (by the user elsewhere, or by a sync) at `time`: its
    /// thumbnail leaves the grid, even under a finger, and the photos after it move up
    /// a slot. A gesture on it ends: a pick-up is cancelled, a tap fails (R16); the
    /// finger's later moves reach no one.
    public func deletePhoto(_ photo: Int, time: Double) throws {
        guard let slot = shown.firstIndex(of: photo) else { return }
        try engine.removeView(photos[photo], time: time)
        try apply()
        shown.remove(at: slot)
        for (slot, photo) in shown.enumerated().dropFirst(slot) {
            try engine.setFrame(Self.frame(ofSlot: slot), of: photos[photo])
        }
        state.favourites.remove(photo)
        if state.openPhoto == photo { state.openPhoto = nil }
    }

    // MARK: - Outputs to the app

    private func apply() throws {
        for output in engine.outputs {
            switch output {
            case .action(let action):
                try perform(action)
            case .touches(let delivery):
                deliver(delivery)
            case .decision:
                break  // For tools (`gesturec simulate --explain`); an app may log them.
            }
        }
    }

    private func perform(_ action: GestureAction) throws {
        guard let recognizer = try engine.name(of: action.recognizer, as: Gallery.Recognizer.self),
            let view = engine.view(of: action.recognizer)
        else { return }
        let photo = photos.firstIndex(of: view)
        switch (recognizer, action.phase) {
        case (.open, .ended):
            state.openPhoto = photo
        case (.favourite, .ended):
            if let photo, state.favourites.remove(photo) == nil { state.favourites.insert(photo) }
        case (.pickUp, .began), (.pickUp, .changed):
            // The long press's values, as the struct generated for its kind.
            if let photo, let press = engine.reportedValues(of: action, as: Gallery.LongPressValues.self) {
                state.moving = Moving(photo: photo, location: press.location)
            }
        case (.pickUp, .ended), (.pickUp, .cancelled):
            state.moving = nil
        case (.scroll, .began):
            scrollAtPanStart = state.scrollOffset
            fallthrough
        case (.scroll, .changed):
            // Dragging up scrolls down: the grid's content moves with the finger, and
            // new touches find the thumbnails where they now are.
            if let pan = engine.reportedValues(of: action, as: Gallery.PanValues.self) {
                state.scrollOffset = scrollAtPanStart - pan.translation.y
                try engine.setBoundsOrigin(Point(x: 0, y: state.scrollOffset), of: grid)
            }
        case (.close, .ended):
            state.openPhoto = nil
        default:
            break
        }
    }

    private func deliver(_ delivery: TouchDelivery) {
        let ids = engine.touchIDs(of: delivery).map(String.init).joined(separator: ",")
        viewLog.append("\(name(of: delivery.view)) \(delivery.phase) \(ids)")
        guard let photo = photos.firstIndex(of: delivery.view) else { return }
        switch delivery.phase {
        case .began: state.pressedPhotos.insert(photo)
        case .moved: break
        case .ended, .cancelled: state.pressedPhotos.remove(photo)
        }
    }

    private func name(of view: ViewInstance) -> String {
        if let photo = photos.firstIndex(of: view) { return "photo\(photo)" }
        return view == closeButton ? "closeButton" : "view\(view.index)"
    }
}
