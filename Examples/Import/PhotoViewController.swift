// An example for `gesturec import` (docs/import.md), written for the project: a photo
// screen set up the way UIKit apps commonly do it. It is read, never compiled.
import UIKit

final class PhotoViewController: UIViewController, UIGestureRecognizerDelegate {
    @IBOutlet weak var scrollView: UIScrollView!
    @IBOutlet weak var imageView: UIImageView!
    let closeButton = UIButton(type: .close)
    private var isZoomed = false

    private lazy var doubleTap: UITapGestureRecognizer = {
        let recognizer = UITapGestureRecognizer(target: self, action: #selector(zoom(_:)))
        recognizer.numberOfTapsRequired = 2
        return recognizer
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        imageView.addGestureRecognizer(doubleTap)

        let singleTap = UITapGestureRecognizer(target: self, action: #selector(toggleChrome))
        singleTap.require(toFail: doubleTap)
        imageView.addGestureRecognizer(singleTap)

        let press = UILongPressGestureRecognizer(target: self, action: #selector(share(_:)))
        press.minimumPressDuration = 0.8
        press.allowableMovement = 12
        press.delegate = self
        imageView.addGestureRecognizer(press)

        let dismiss = UIPanGestureRecognizer(target: self, action: #selector(dragToDismiss(_:)))
        dismiss.maximumNumberOfTouches = 1
        dismiss.delegate = self
        view.addGestureRecognizer(dismiss)
        scrollView.panGestureRecognizer.require(toFail: dismiss)

        let swipe = UISwipeGestureRecognizer(target: self, action: #selector(next))
        swipe.direction = [.left, .right]
        swipe.cancelsTouchesInView = false
        view.addGestureRecognizer(swipe)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let velocity = pan.velocity(in: view)
        return !isZoomed && velocity.y > abs(velocity.x)
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        if gestureRecognizer is UILongPressGestureRecognizer {
            return otherGestureRecognizer == scrollView.panGestureRecognizer
        }
        return false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        return touch.view != closeButton
    }

    @objc func zoom(_ sender: UITapGestureRecognizer) {}
    @objc func toggleChrome() {}
    @objc func share(_ sender: UILongPressGestureRecognizer) {}
    @objc func dragToDismiss(_ sender: UIPanGestureRecognizer) {}
    @objc func next() {}
}
