// An example for `gesturec import` (docs/import.md), written for the project: a view
// that sets up its own gestures, with a recognizer subclass of the app's and a context
// menu, which the app does not own.
import UIKit

final class FlickRecognizer: UIPanGestureRecognizer {}

final class CardView: UIView, UIContextMenuInteractionDelegate {
    let favouriteSwitch = UISwitch()
    let ratingSlider = UISlider()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let flick = FlickRecognizer(target: self, action: #selector(flicked))
        flick.minimumNumberOfTouches = 1
        addGestureRecognizer(flick)
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(flip)))
        addInteraction(UIContextMenuInteraction(delegate: self))

        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(peek))
        edge.edges = .right
        edge.requiresExclusiveTouchType = false
        addGestureRecognizer(edge)
    }

    required init?(coder: NSCoder) { fatalError() }

    @objc func flicked() {}
    @objc func flip() {}
    @objc func peek() {}
}
