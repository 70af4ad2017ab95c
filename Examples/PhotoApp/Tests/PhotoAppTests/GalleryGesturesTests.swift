import Foundation
import GestureRuntime
import PhotoApp
import Testing

/// Loading a gesture program shipped with an app update, and falling back to the
/// compiled-in one.
@Suite("Gesture updates")
struct GalleryGesturesTests {
    let updatePath = packageDirectory.appendingPathComponent("Updates/Gallery.gdlp").path

    @Test("the shipped update loads and changes behaviour: a photo is picked up after 300 ms")
    func updateLoads() throws {
        let gestures = GalleryGestures.load(updateAt: updatePath)
        #expect(gestures.source == .update(path: updatePath))
        #expect(gestures.problem == nil)
        #expect(gestures.program != Gallery.program)

        let updated = try GalleryScreen(photoCount: 12, program: gestures.program)
        var replay = try Replay("press-and-drag-editing", into: updated)
        try replay.run(until: 0.3)
        #expect(updated.state.moving?.photo == 4)

        let builtIn = try GalleryScreen(photoCount: 12)
        var original = try Replay("press-and-drag-editing", into: builtIn)
        try original.run(until: 0.3)
        #expect(builtIn.state.moving == nil, "the compiled-in program waits 500 ms")
    }

    @Test("no update file: the compiled-in program, with nothing to report")
    func noUpdate() {
        let gestures = GalleryGestures.load(updateAt: packageDirectory.appendingPathComponent("Updates/none.gdlp").path)
        #expect(gestures.source == .compiledIn)
        #expect(gestures.problem == nil)
        #expect(gestures.program == Gallery.program)
    }

    @Test("a damaged update is reported and the compiled-in program is used")
    func damagedUpdate() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: updatePath)))
        bytes[bytes.count - 10] ^= 0x01
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("PhotoApp-damaged-\(getpid()).gdlp").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let gestures = GalleryGestures.load(updateAt: path)
        #expect(gestures.source == .compiledIn)
        #expect(gestures.program == Gallery.program)
        let problem = try #require(gestures.problem)
        #expect(problem.hasPrefix("\(path): checksum mismatch"), "\(problem)")
    }
}
