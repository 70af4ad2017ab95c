import GestureHost
import GestureRuntime

/// The gallery screen without UIKit: a window, a scrolling grid of thumbnails and a
/// close button, whose gestures a `GestureHost` runs. On iOS the host is a
/// `GestureHostView`'s (GalleryView.swift); the tests give it the events of a fake
/// platform replaying recorded traces (Tests/PhotoAppTests/FakePlatform.swift).
public final class GalleryScreen {
    /// The host an iOS app has: touches are UIKit's objects, views the screen's keys.
    public typealias Host = GestureHost<Gallery, ObjectIdentifier, AnyHashable>

    /// Photos per row and the side of a thumbnail, in points.
    public static let columns = 3
    public static let thumbnailSide = 130.0
    /// The window the screen lays itself out in.
    public static let windowSize = Point(x: 390, y: 844)

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

    /// The screen's views, as the host knows them.
    public enum ViewKey: Hashable, Sendable {
        case window, grid, closeButton
        case photo(Int)
    }

    /// Touch phases a view received, with the platform's touches: what an app's
    /// `touchesBegan` and friends would see.
    public struct ViewEvent: Equatable {
        public var view: ViewKey
        public var phase: TouchDelivery.Phase
        public var touches: [ObjectIdentifier]
    }

    public private(set) var state = State()
    public let settings: Settings
    public private(set) var viewLog: [ViewEvent] = []
    public let host: Host

    /// The photos in the grid, in their order: the slots they fill.
    private var shown: [Int]
    private var scrollAtPanStart = 0.0

    /// Lays out `photoCount` thumbnails in `host`'s window and handles its gestures.
    public init(host: Host, photoCount: Int, settings: Settings = Settings()) throws {
        self.host = host
        self.settings = settings
        shown = Array(0..<photoCount)
        try host.resizeWindow(to: Self.windowSize)
        try host.register(
            ViewKey.window, role: .window, frame: Rect(x: 0, y: 0, width: Self.windowSize.x, height: Self.windowSize.y))
        try host.register(
            ViewKey.grid, role: .grid, parent: ViewKey.window, frame: Rect(x: 0, y: 100, width: 390, height: 744))
        for photo in shown {
            try host.register(ViewKey.photo(photo), role: .thumbnail, parent: ViewKey.grid, frame: Self.frame(ofSlot: photo))
        }
        try host.register(
            ViewKey.closeButton, role: .closeButton, parent: ViewKey.window, frame: Rect(x: 350, y: 50, width: 24, height: 24))
        try host.answer(.canRearrange) { settings.isEditing }
        for recognizer in Gallery.Recognizer.allCases {
            host.onAction(of: recognizer) { [weak self] action in self?.perform(action) }
        }
        for view in shown.map(ViewKey.photo) + [.closeButton] {
            host.onTouches(of: view) { [weak self] delivery in self?.deliver(delivery, to: view) }
        }
    }

    /// A screen with a host of its own, running `program`: `Gallery.program`,
    /// compiled in, or an update (`GalleryGestures`).
    public convenience init(photoCount: Int, program: GestureProgram = Gallery.program, settings: Settings = Settings()) throws {
        try self.init(host: Host(program: program, windowSize: Self.windowSize), photoCount: photoCount, settings: settings)
    }

    /// Where the thumbnail in a slot of the grid is, in the grid's content.
    private static func frame(ofSlot slot: Int) -> Rect {
        Rect(
            x: Double(slot % columns) * thumbnailSide, y: Double(slot / columns) * thumbnailSide,
            width: thumbnailSide, height: thumbnailSide)
    }

    /// The photo was deleted (by the user elsewhere, or by a sync) at `time`: its
    /// thumbnail leaves the grid, even under a finger, and the photos after it move up
    /// a slot. A gesture on it ends: a pick-up is cancelled, a tap fails (R16); the
    /// finger's later moves reach no one.
    public func deletePhoto(_ photo: Int, time: Double) throws {
        guard let slot = shown.firstIndex(of: photo) else { return }
        try host.unregister(ViewKey.photo(photo), timestamp: time)
        shown.remove(at: slot)
        for (slot, photo) in shown.enumerated().dropFirst(slot) {
            try host.layout(ViewKey.photo(photo), frame: Self.frame(ofSlot: slot))
        }
        state.favourites.remove(photo)
        if state.openPhoto == photo { state.openPhoto = nil }
    }

    // MARK: - The host's outputs

    private func perform(_ action: Host.Action) {
        let photo: Int? = if case .photo(let photo) = action.view?.base as? ViewKey { photo } else { nil }
        switch (action.recognizer, action.phase) {
        case (.open, .ended):
            state.openPhoto = photo
        case (.favourite, .ended):
            if let photo, state.favourites.remove(photo) == nil { state.favourites.insert(photo) }
        case (.pickUp, .began), (.pickUp, .changed):
            // The long press's values, as the struct generated for its kind.
            if let photo, let press = action.reportedValues(as: Gallery.LongPressValues.self) {
                state.moving = Moving(photo: photo, location: press.location)
            }
        case (.pickUp, .ended), (.pickUp, .cancelled):
            state.moving = nil
        case (.scroll, .began):
            scrollAtPanStart = state.scrollOffset
            fallthrough
        case (.scroll, .changed):
            // Dragging up scrolls down: the grid's content moves with the finger, and
            // new touches find the thumbnails where they now are. The grid is there for
            // the screen's life, and a pan's translation is finite: nothing to refuse.
            if let pan = action.reportedValues(as: Gallery.PanValues.self) {
                state.scrollOffset = scrollAtPanStart - pan.translation.y
                try? host.scroll(ViewKey.grid, to: Point(x: 0, y: state.scrollOffset))
            }
        case (.close, .ended):
            state.openPhoto = nil
        default:
            break
        }
    }

    private func deliver(_ delivery: Host.Delivery, to view: ViewKey) {
        viewLog.append(ViewEvent(view: view, phase: delivery.phase, touches: delivery.touches.map(\.touch)))
        guard case .photo(let photo) = view else { return }
        switch delivery.phase {
        case .began: state.pressedPhotos.insert(photo)
        case .moved: break
        case .ended, .cancelled: state.pressedPhotos.remove(photo)
        }
    }
}
