#if canImport(UIKit)
    import GestureRuntime
    import UIKit

    /// One view the host shows VoiceOver and Switch Control (docs/accessibility.md): an
    /// element of `GestureHostView`, whose activation, escape, scroll, magic tap and
    /// custom actions go back to the host as `AccessibilityRequest`s. Not generic, so
    /// that UIKit's accessibility can see its overrides.
    @MainActor
    public final class GestureAccessibilityElement: UIAccessibilityElement {
        /// Performs a request on the element's view; false when nothing took it.
        var perform: (AccessibilityRequest) -> Bool = { _ in false }

        public override func accessibilityActivate() -> Bool { perform(.activate) }
        public override func accessibilityPerformEscape() -> Bool { perform(.escape) }
        public override func accessibilityPerformMagicTap() -> Bool { perform(.magicTap) }

        /// UIKit names where the content goes, as `AccessibilityRequest.scroll` does;
        /// next and previous are down-and-right and up-and-left.
        public override func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool {
            let directions: GestureDirections =
                switch direction {
                case .right: [.right]
                case .left: [.left]
                case .up: [.up]
                case .down: [.down]
                case .next: [.down, .right]
                case .previous: [.up, .left]
                @unknown default: []
                }
            return perform(.scroll(directions))
        }
    }

    extension GestureHostView {
        /// The elements the host lists now (`GestureHost.accessibilityElements()`), each
        /// kept for its view so that VoiceOver's focus stays on it.
        func currentAccessibilityElements() -> [Any] {
            var kept: [AnyHashable: GestureAccessibilityElement] = [:]
            var elements: [Any] = []
            for listed in host.accessibilityElements() {
                let element = accessibilityElementCache[listed.view] ?? GestureAccessibilityElement(accessibilityContainer: self)
                let key = listed.view
                element.perform = { [weak self] request in
                    guard let self else { return false }
                    return self.host.performAccessibility(request, on: key, timestamp: ProcessInfo.processInfo.systemUptime)
                }
                element.accessibilityLabel = listed.label
                element.accessibilityFrameInContainerSpace = CGRect(
                    x: listed.frame.x, y: listed.frame.y, width: listed.frame.width, height: listed.frame.height)
                element.accessibilityTraits = listed.activation != nil || listed.activationEvent != nil ? .button : .none
                element.accessibilityCustomActions = listed.customActions.map { action in
                    UIAccessibilityCustomAction(name: action.label) { [weak element] _ in
                        element?.perform(.custom(label: action.label)) ?? false
                    }
                }
                kept[key] = element
                elements.append(element)
            }
            accessibilityElementCache = kept
            return elements
        }

        /// Tells VoiceOver the elements changed: views came, went or moved.
        func accessibilityLayoutChanged() {
            UIAccessibility.post(notification: .layoutChanged, argument: nil)
        }
    }
#endif
