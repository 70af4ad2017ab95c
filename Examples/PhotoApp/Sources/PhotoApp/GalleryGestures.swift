import Foundation
import GestureRuntime

/// The gesture program the gallery runs: an update shipped apart from the app when
/// there is a usable one, else the program compiled into the app.
public struct GalleryGestures {
    public enum Source: Equatable, Sendable {
        /// `Gallery.program`, compiled from Sources/PhotoApp/Gestures/Gallery.gdl.
        case compiledIn
        /// A binary (or JSON) program read from this file.
        case update(path: String)
    }

    public var program: GestureProgram
    public var source: Source
    /// Why an update that was there is not used, for the app's log; nil when the
    /// update loaded or there was none.
    public var problem: String?

    /// Reads the update at `path` (written by `gesturec build --emit binary`) and falls
    /// back to the compiled-in program when the file is missing, damaged, written
    /// for another table format, or does not fit the app's compiled names.
    public static func load(updateAt path: String) -> GalleryGestures {
        guard let data = FileManager.default.contents(atPath: path) else {
            return GalleryGestures(program: Gallery.program, source: .compiledIn, problem: nil)
        }
        do {
            let update = try Gallery.decodeUpdate(Array(data))
            return GalleryGestures(program: update, source: .update(path: path), problem: nil)
        } catch {
            let problem = "\(path): \(error); using the gestures built into the app"
            return GalleryGestures(program: Gallery.program, source: .compiledIn, problem: problem)
        }
    }
}
