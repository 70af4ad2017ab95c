#if canImport(UIKit)
import GestureHost
import GestureRuntime
import UIKit

/// The gallery on iOS: the view a view controller puts on screen, a
/// `GestureHostView` whose host the screen drives, with the program an update ships if
/// there is a usable one (`GalleryGestures`). The app draws the screen's `state`;
/// every touch, timer, layout change and interruption reaches the host through the
/// view. Type-checked here against StandIns/ (scripts/check-adapters.sh); it awaits a
/// device to run.
@MainActor
public final class GalleryView {
    public let view: GestureHostView<Gallery>
    public let screen: GalleryScreen

    public init(photoCount: Int, updateAt path: String) throws {
        let gestures = GalleryGestures.load(updateAt: path)
        view = try GestureHostView<Gallery>(
            frame: CGRect(x: 0, y: 0, width: GalleryScreen.windowSize.x, height: GalleryScreen.windowSize.y),
            program: gestures.program)
        screen = try GalleryScreen(host: view.host, photoCount: photoCount)
    }
}
#endif
