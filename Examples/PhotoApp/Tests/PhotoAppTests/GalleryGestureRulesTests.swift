import GestureRuntime
import GestureTesting
import PhotoApp
import Testing

/// The gallery's gesture rules, tested as a user's hand meets them, with
/// `GestureTesting` (docs/testing.md): the compiled set alone, no screen code.
@Suite("Gallery gesture rules")
struct GalleryGestureRulesTests {
    /// The grid of the recorded scene (Traces/Gallery.scene.json), two thumbnails of it.
    func gallery() throws -> GestureTester<Gallery> {
        let tester = try GestureTester<Gallery> { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.fileID, filePath: failure.filePath, line: failure.line, column: failure.column))
        }
        let window = try tester.view("window", .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let grid = try tester.view("grid", .grid, in: window, frame: Rect(x: 0, y: 100, width: 390, height: 744))
        try tester.view("photo0", .thumbnail, in: grid, frame: Rect(x: 0, y: 0, width: 130, height: 130))
        try tester.view("photo1", .thumbnail, in: grid, frame: Rect(x: 130, y: 0, width: 130, height: 130))
        return tester
    }

    @Test("a tap opens the photo once the favourite's double tap has failed (R53, R55)")
    func tapOpens() throws {
        let tester = try gallery()
        try tester.tap(on: "photo1")
        // Down a second in, up 50 ms later, then the double tap's 350 ms.
        tester.expect(.open, .recognized, on: "photo1", at: 1.4)
        tester.expectNever(.favourite)
    }

    @Test("a double tap favourites and never opens")
    func doubleTapFavourites() throws {
        let tester = try gallery()
        try tester.doubleTap(on: "photo0")
        tester.expect(.favourite, .recognized, on: "photo0")
        tester.expectNever(.open)
    }

    @Test("a drag scrolls the grid and takes the thumbnail's touch (R39)")
    func dragScrolls() throws {
        let tester = try gallery()
        try tester.drag(on: "photo0", by: Point(x: 0, y: -200))
        tester.expect(.scroll, .began)
        tester.expectNever(.open)
        tester.expect(view: "photo0", receives: .cancelled)
    }

    @Test("a long press picks a photo up only while rearranging (R59)")
    func pickUpWhileRearranging() throws {
        let tester = try gallery()
        try tester.longPress(on: "photo0")
        tester.expectNever(.pickUp, .began)
        tester.set(.canRearrange, true)
        try tester.longPress(on: "photo0")
        tester.expect(.pickUp, .began)
    }
}
