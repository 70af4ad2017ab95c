/// UIKit's recognizer classes and the prelude's kinds that play their part: the
/// checker's fix for `UIPanGestureRecognizer on bubble`, and what `gesturec import`
/// reads an app's recognizers as.
package enum UIKitNames {
    package static let recognizerKinds = [
        "UITapGestureRecognizer": "tap",
        "UILongPressGestureRecognizer": "longPress",
        "UIPanGestureRecognizer": "pan",
        "UISwipeGestureRecognizer": "swipe",
        "UIPinchGestureRecognizer": "pinch",
        "UIRotationGestureRecognizer": "rotation",
        "UIScreenEdgePanGestureRecognizer": "screenEdgePan",
        "UIHoverGestureRecognizer": "hover",
    ]
}
