import GestureRuntime
import PhotoApp
import Testing

/// The gallery with the gestures compiled into the app by the build plugin, its host
/// driven by a fake platform replaying the recorded traces in Traces/. Photo 4 is the middle of the second row, centred
/// at (195, 295) in the window.
@Suite("Gallery screen")
struct GalleryScreenTests {
    @Test("a tap opens the photo once the double tap has failed; the close button closes it")
    func openAndClose() throws {
        let screen = try GalleryScreen(photoCount: 12)
        var replay = try Replay("open-and-close", into: screen)
        try replay.run(until: 0.42)
        #expect(screen.state.openPhoto == nil, "held for the double tap's interval (R53, R55)")
        #expect(screen.state.pressedPhotos == [4], "the lift is held from the view (R40)")
        try replay.run(until: 0.43)
        #expect(screen.state.openPhoto == 4, "0.35 s after the lift")
        #expect(screen.state.pressedPhotos.isEmpty, "recognizing cancelled the view's touch (R38)")
        try replay.runToEnd()
        #expect(screen.state.openPhoto == nil)
        #expect(replay.viewLog == ["photo4 began 1", "photo4 cancelled 1", "closeButton began 2", "closeButton cancelled 2"])
    }

    @Test("a double tap marks a favourite and does not open the photo")
    func favourite() throws {
        let screen = try GalleryScreen(photoCount: 12)
        var replay = try Replay("favourite", into: screen)
        try replay.runToEnd()
        #expect(screen.state.favourites == [4])
        #expect(screen.state.openPhoto == nil)
        #expect(replay.viewLog == ["photo4 began 1", "photo4 cancelled 1"])
    }

    @Test("dragging scrolls the grid and takes the touch from the thumbnail")
    func scroll() throws {
        let screen = try GalleryScreen(photoCount: 12)
        var replay = try Replay("scroll", into: screen)
        try replay.runToEnd()
        #expect(screen.state.scrollOffset == 100, "dragged 100 pt up")
        #expect(screen.state.pressedPhotos.isEmpty)
        #expect(screen.state.openPhoto == nil)
        #expect(replay.viewLog == ["photo4 began 1", "photo4 moved 1", "photo4 cancelled 1"])
    }

    @Test("after a scroll, a tap opens the photo now under the finger")
    func tapAfterScroll() throws {
        let screen = try GalleryScreen(photoCount: 12)
        var replay = try Replay("scroll", into: screen)
        try replay.runToEnd()
        #expect(screen.state.scrollOffset == 100)
        // (195, 295) was photo 4's centre; 100 pt further down the grid, it is photo 7's
        // top half (the third row, 260–390 in the grid, 360–490 in the window before).
        try replay.platform.event([(2, .down, Point(x: 195, y: 295))], at: 2)
        try replay.platform.event([(2, .up, Point(x: 195, y: 295))], at: 2.05)
        try replay.platform.tick(to: 3)
        #expect(screen.state.openPhoto == 7)
        #expect(replay.viewLog.suffix(2) == ["photo7 began 2", "photo7 cancelled 2"])
    }

    @Test("a photo deleted while it is picked up: the pick-up is cancelled, the next photo takes its slot")
    func deleteWhileHeld() throws {
        let screen = try GalleryScreen(photoCount: 12)
        var replay = try Replay("press-and-drag-editing", into: screen)
        try replay.run(until: 0.55)
        #expect(screen.state.moving?.photo == 4)
        try screen.deletePhoto(4, time: 0.55)
        #expect(screen.state.moving == nil, "cancelled with its view (R16)")
        // The finger goes on moving and lifts: nothing hears of it.
        let logged = screen.viewLog.count
        try replay.runToEnd()
        #expect(screen.state.moving == nil && screen.viewLog.count == logged)
        try replay.platform.event([(2, .down, Point(x: 195, y: 295))], at: 2)
        try replay.platform.event([(2, .up, Point(x: 195, y: 295))], at: 2.05)
        try replay.platform.tick(to: 3)
        #expect(screen.state.openPhoto == 5, "photo 5 moved up into photo 4's slot")
    }

    @Test("a long press picks a photo up only in edit mode, through the canRearrange hook")
    func pickUpNeedsEditMode() throws {
        let browsing = try GalleryScreen(photoCount: 12)
        var plain = try Replay("press-and-drag", into: browsing)
        try plain.runToEnd()
        #expect(browsing.state.moving == nil, "canRearrange said no (R59)")
        #expect(browsing.state.scrollOffset == -105, "so the drag scrolls")

        let editing = try GalleryScreen(photoCount: 12)
        var replay = try Replay("press-and-drag-editing", into: editing)
        try replay.run(until: 0.49)
        #expect(editing.state.moving == nil)
        try replay.run(until: 0.5)
        #expect(editing.state.moving == GalleryScreen.Moving(photo: 4, location: Point(x: 195, y: 295)))
        try replay.run(until: 0.65)
        #expect(editing.state.moving == GalleryScreen.Moving(photo: 4, location: Point(x: 200, y: 400)))
        #expect(editing.state.scrollOffset == 0, "the pick-up excluded the scroll (R46)")
        try replay.runToEnd()
        #expect(editing.state.moving == nil, "dropped")
    }

    @Test("the scene the simulator replays the traces in lays the views out as the screen does")
    func sceneMatchesLayout() throws {
        let scene = try RecordedScene(named: "scene")
        let named = scene.views.filter { $0.role == "thumbnail" || $0.role == "closeButton" }
        #expect(named.count == 13, "twelve thumbnails and the close button")
        for view in named {
            // A fresh screen for each, so no tap counts towards another's double tap.
            let screen = try GalleryScreen(photoCount: 12)
            let platform = FakePlatform(screen.host)
            let centre = try scene.centreInWindow(of: view.id)
            try platform.event([(1, .down, centre)], at: 0)
            let expected = view.role == "closeButton" ? "closeButton" : view.id
            #expect(platform.describe(screen.viewLog) == ["\(expected) began 1"], "\(view.id) at (\(centre.x), \(centre.y))")
        }
    }
}
