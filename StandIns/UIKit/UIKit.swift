// A stand-in for UIKit, for type-checking the adapters on a machine without it
// (scripts/check-adapters.sh): exactly the members Sources/GestureHost/UIKit and
// Sources/GestureHost/SwiftUI use, each declared as Apple's documentation gives it
// (developer.apple.com/documentation/uikit, the page named on each). It is compiled
// only into a module for that check, never linked or run: the bodies are there so
// that the module compiles, and say nothing of what UIKit does.
//
// A signature the adapters use wrongly fails the check; a member used that is not
// declared here fails it too, so a new one is added here, from its documentation
// page, in the same change.

@_exported import Foundation

/// documentation/uikit/uiresponder
@MainActor @preconcurrency
open class UIResponder: NSObject {
    /// documentation/uikit/uiresponder/touchesbegan(_:with:)
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// documentation/uikit/uiresponder/touchesmoved(_:with:)
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// documentation/uikit/uiresponder/touchesended(_:with:)
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// documentation/uikit/uiresponder/touchescancelled(_:with:)
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // UIKit declares the accessibility members below on NSObject, as informal
    // protocols (UIAccessibility, UIAccessibilityContainer, UIAccessibilityAction),
    // which UIResponder and UIAccessibilityElement inherit; a stand-in cannot add
    // overridable members to Foundation's NSObject, so they are declared here.

    /// documentation/objectivec/nsobject-swift.class/isaccessibilityelement
    open var isAccessibilityElement = false
    /// documentation/objectivec/nsobject-swift.class/accessibilitylabel
    open var accessibilityLabel: String?
    /// documentation/objectivec/nsobject-swift.class/accessibilitytraits
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// documentation/objectivec/nsobject-swift.class/accessibilityelements
    open var accessibilityElements: [Any]?
    /// documentation/objectivec/nsobject-swift.class/accessibilitycustomactions
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// documentation/objectivec/nsobject-swift.class/accessibilityactivate()
    open func accessibilityActivate() -> Bool { false }
    /// documentation/objectivec/nsobject-swift.class/accessibilityperformescape()
    open func accessibilityPerformEscape() -> Bool { false }
    /// documentation/objectivec/nsobject-swift.class/accessibilityperformmagictap()
    open func accessibilityPerformMagicTap() -> Bool { false }
    /// documentation/objectivec/nsobject-swift.class/accessibilityscroll(_:)
    open func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool { false }
}

/// documentation/uikit/uiaccessibilityelement
@MainActor @preconcurrency
open class UIAccessibilityElement: UIResponder {
    /// documentation/uikit/uiaccessibilityelement/init(accessibilitycontainer:)
    public init(accessibilityContainer container: Any) {}
    /// documentation/uikit/uiaccessibilityelement/accessibilityframeincontainerspace
    open var accessibilityFrameInContainerSpace: CGRect = .zero
}

/// documentation/uikit/uiaccessibilitycustomaction
@MainActor @preconcurrency
open class UIAccessibilityCustomAction: NSObject {
    /// documentation/uikit/uiaccessibilitycustomaction/actionhandler-swift.typealias
    public typealias ActionHandler = (UIAccessibilityCustomAction) -> Bool
    /// documentation/uikit/uiaccessibilitycustomaction/init(name:actionhandler:)
    public init(name: String, actionHandler: @escaping ActionHandler) {}
}

/// documentation/uikit/uiaccessibilitytraits
public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// documentation/uikit/uiaccessibilitytraits/none
    public static let none = UIAccessibilityTraits([])
    /// documentation/uikit/uiaccessibilitytraits/button
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
}

/// documentation/uikit/uiaccessibilityscrolldirection
public enum UIAccessibilityScrollDirection: Int, Sendable {
    case right = 1, left, up, down, next, previous
}

/// documentation/uikit/uiaccessibility
public enum UIAccessibility {
    /// documentation/uikit/uiaccessibility/notification
    public struct Notification: Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// documentation/uikit/uiaccessibility/notification/layoutchanged
        public static let layoutChanged = Notification(rawValue: 1001)
    }

    /// documentation/uikit/uiaccessibility/post(notification:argument:)
    public static func post(notification: UIAccessibility.Notification, argument: Any?) {}
}

/// documentation/uikit/uiview
@MainActor @preconcurrency
open class UIView: UIResponder {
    /// documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) {
        self.frame = frame
        bounds = CGRect(origin: .zero, size: frame.size)
    }

    /// documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) {
        return nil
    }

    /// documentation/uikit/uiview/frame
    open var frame: CGRect
    /// documentation/uikit/uiview/bounds
    open var bounds: CGRect
    /// documentation/uikit/uiview/ismultipletouchenabled
    open var isMultipleTouchEnabled = false
    /// documentation/uikit/uiview/window
    open var window: UIWindow? { nil }
    /// documentation/uikit/uiview/superview
    open var superview: UIView? { nil }
    /// documentation/uikit/uiview/subviews
    open var subviews: [UIView] { [] }
    /// documentation/uikit/uiview/gesturerecognizers
    open var gestureRecognizers: [UIGestureRecognizer]?
    /// documentation/uikit/uiview/addgesturerecognizer(_:)
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    /// documentation/uikit/uiview/removegesturerecognizer(_:)
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    /// documentation/uikit/uiaccessibilityidentification/accessibilityidentifier
    /// (`UIAccessibilityIdentification`, which UIView adopts)
    open var accessibilityIdentifier: String?

    /// documentation/uikit/uiview/hittest(_:with:)
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
    /// documentation/uikit/uiview/layoutsubviews()
    open func layoutSubviews() {}
    /// documentation/uikit/uiview/didmovetowindow()
    open func didMoveToWindow() {}
    /// documentation/uikit/uiview/convert(_:to:)-4ryw8 (a rectangle)
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
}

/// documentation/uikit/uiwindow
@MainActor @preconcurrency
open class UIWindow: UIView {}

/// documentation/uikit/uitouch
@MainActor @preconcurrency
open class UITouch: NSObject {
    /// documentation/uikit/uitouch/phase-swift.enum
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// documentation/uikit/uitouch/timestamp
    open var timestamp: TimeInterval { 0 }
    /// documentation/uikit/uitouch/phase-swift.property
    open var phase: UITouch.Phase { .began }
    /// documentation/uikit/uitouch/view
    open var view: UIView? { nil }
    /// documentation/uikit/uitouch/window
    open var window: UIWindow? { nil }
    /// documentation/uikit/uitouch/location(in:)
    open func location(in view: UIView?) -> CGPoint { .zero }
    /// documentation/uikit/uitouch/touchtype
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }
    /// documentation/uikit/uitouch/type
    open var type: UITouch.TouchType { .direct }
}

/// documentation/uikit/uievent
@MainActor @preconcurrency
open class UIEvent: NSObject {
    /// documentation/uikit/uievent/eventtype
    public enum EventType: Int, Sendable {
        case touches = 0, motion = 1, remoteControl = 2, presses = 3, scroll = 10, hover = 11, transform = 14
    }

    /// documentation/uikit/uievent/type
    open var type: UIEvent.EventType { .touches }
    /// documentation/uikit/uievent/timestamp
    open var timestamp: TimeInterval { 0 }
    /// documentation/uikit/uievent/alltouches
    open var allTouches: Set<UITouch>? { nil }
}

/// documentation/uikit/uiapplication
@MainActor @preconcurrency
open class UIApplication: UIResponder {
    /// documentation/uikit/uiapplication/willresignactivenotification
    nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
}

/// documentation/uikit/uirectedge
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// documentation/uikit/uirectedge/top
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// documentation/uikit/uirectedge/left
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// documentation/uikit/uirectedge/bottom
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// documentation/uikit/uirectedge/right
    public static let right = UIRectEdge(rawValue: 1 << 3)
}

/// documentation/uikit/uigesturerecognizer, with the members of
/// `UIGestureRecognizerSubclass.h` a subclass overrides
@MainActor @preconcurrency
open class UIGestureRecognizer: NSObject {
    /// documentation/uikit/uigesturerecognizer/state-swift.enum
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
    }

    /// documentation/uikit/uigesturerecognizer/init(target:action:)
    public init(target: Any?, action: Selector?) {}

    /// documentation/uikit/uigesturerecognizer/state-swift.property (settable by a subclass)
    open var state: UIGestureRecognizer.State = .possible
    /// documentation/uikit/uigesturerecognizer/view
    open var view: UIView? { nil }
    /// documentation/uikit/uigesturerecognizer/name
    open var name: String?
    /// documentation/uikit/uigesturerecognizer/cancelstouchesinview
    open var cancelsTouchesInView = true
    /// documentation/uikit/uigesturerecognizer/delaystouchesbegan
    open var delaysTouchesBegan = false
    /// documentation/uikit/uigesturerecognizer/delaystouchesended
    open var delaysTouchesEnded = true
    /// documentation/uikit/uigesturerecognizer/delegate
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// documentation/uikit/uigesturerecognizer/allowedtouchtypes
    open var allowedTouchTypes: [NSNumber] = []

    /// documentation/uikit/uigesturerecognizer/location(in:)
    open func location(in view: UIView?) -> CGPoint { .zero }

    /// documentation/uikit/uigesturerecognizer/addtarget(_:action:)
    open func addTarget(_ target: Any, action: Selector) {}
    /// documentation/uikit/uigesturerecognizer/touchesbegan(_:with:)
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// documentation/uikit/uigesturerecognizer/touchesmoved(_:with:)
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// documentation/uikit/uigesturerecognizer/touchesended(_:with:)
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// documentation/uikit/uigesturerecognizer/touchescancelled(_:with:)
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// documentation/uikit/uigesturerecognizer/canprevent(_:)
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// documentation/uikit/uigesturerecognizer/canbeprevented(by:)
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}

/// documentation/objectivec/selector: the Objective-C run time's, which UIKit's
/// module re-exports; only its initializer from a name is used, where the check has no
/// Objective-C run time for `#selector`.
public struct Selector: Sendable {
    public init(_ name: String) {}
}

/// documentation/uikit/uigesturerecognizerdelegate: its methods are optional, which a
/// protocol extension stands in for.
@MainActor @preconcurrency
public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    /// documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldreceive:)-4xmwa (an event)
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool
    /// documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldrecognizesimultaneouslywith:)
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// documentation/uikit/uiscrolltypemask
public struct UIScrollTypeMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// documentation/uikit/uiscrolltypemask/discrete
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    /// documentation/uikit/uiscrolltypemask/continuous
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
}

/// documentation/uikit/uipangesturerecognizer
@MainActor @preconcurrency
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// documentation/uikit/uipangesturerecognizer/allowedscrolltypesmask
    open var allowedScrollTypesMask: UIScrollTypeMask = []
    /// documentation/uikit/uipangesturerecognizer/translation(in:)
    open func translation(in view: UIView?) -> CGPoint { .zero }
}

/// documentation/uikit/uipinchgesturerecognizer
@MainActor @preconcurrency
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// documentation/uikit/uipinchgesturerecognizer/scale
    open var scale: CGFloat = 1
}

/// documentation/uikit/uirotationgesturerecognizer
@MainActor @preconcurrency
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// documentation/uikit/uirotationgesturerecognizer/rotation
    open var rotation: CGFloat = 0
}

/// documentation/uikit/uihovergesturerecognizer
@MainActor @preconcurrency
open class UIHoverGestureRecognizer: UIGestureRecognizer {}

