import GestureCompiler

/// The names of UIKit's gesture API that import reads, and what each is in the
/// language. One table per question, so that a name added here is read everywhere.
enum UIKitVocabulary {
    /// Recognizer classes and the prelude kind each stands for (the checker's table).
    static let recognizerKinds: [String: String] = UIKitNames.recognizerKinds

    /// Recognizer classes the language has no kind for.
    static let unknownRecognizers: Set<String> = ["UIGestureRecognizer"]

    /// Control classes and the language's control for each.
    static let controls: [String: String] = [
        "UIButton": "button", "UISwitch": "switch", "UISlider": "slider", "UIStepper": "stepper",
        "UISegmentedControl": "segmentedControl", "UIPageControl": "pageControl", "UIControl": "custom",
    ]

    /// Views that bring recognizers of their own, and the prelude component for them.
    static let components: [String: String] = [
        "UIScrollView": "scrollView", "UITableView": "scrollView", "UICollectionView": "scrollView",
        "UITextView": "textSelection", "WKWebView": "webView",
    ]

    /// What a property of a recognizer is in the language: an argument of the kind or
    /// a recognizer property, and how its value is written.
    enum Target {
        case argument(String, Value)
        case property(String, Value)
        /// `delegate`: ties the type's delegate methods to the recognizer.
        case delegate
    }

    enum Value {
        case count, seconds, points, directions, edges, bool, touchTypes, scrollTypes
    }

    /// `property` set on a recognizer of `kind`, or nil when the language has no place
    /// for it.
    static func target(of property: String, kind: String) -> Target? {
        switch (property, kind) {
        case ("numberOfTapsRequired", "tap"), ("numberOfTapsRequired", "longPress"):
            return .argument("taps", .count)
        case ("numberOfTouchesRequired", "tap"), ("numberOfTouchesRequired", "longPress"),
            ("numberOfTouchesRequired", "swipe"):
            return .argument("touches", .count)
        case ("minimumPressDuration", "longPress"): return .argument("minimumDuration", .seconds)
        case ("allowableMovement", "longPress"): return .argument("allowableMovement", .points)
        case ("minimumNumberOfTouches", "pan"): return .argument("minimumTouches", .count)
        case ("maximumNumberOfTouches", "pan"): return .argument("maximumTouches", .count)
        case ("direction", "swipe"): return .argument("direction", .directions)
        case ("edges", "screenEdgePan"): return .argument("edges", .edges)
        case ("cancelsTouchesInView", _), ("delaysTouchesBegan", _), ("delaysTouchesEnded", _),
            ("requiresExclusiveTouchType", _):
            return .property(property, .bool)
        case ("allowedTouchTypes", _): return .property(property, .touchTypes)
        case ("allowedScrollTypesMask", "pan"): return .property("allowedScrollTypes", .scrollTypes)
        case ("isEnabled", _), ("enabled", _): return .property("enabled", .bool)
        case ("delegate", _): return .delegate
        default: return nil
        }
    }

    /// Every property name `target(of:kind:)` may know, and a few more the reader
    /// reports as not in the language rather than miss.
    static let propertyNames: Set<String> = [
        "numberOfTapsRequired", "numberOfTouchesRequired", "minimumPressDuration", "allowableMovement",
        "minimumNumberOfTouches", "maximumNumberOfTouches", "direction", "edges", "cancelsTouchesInView",
        "delaysTouchesBegan", "delaysTouchesEnded", "isEnabled", "enabled", "delegate",
        "requiresExclusiveTouchType", "allowedTouchTypes", "allowedPressTypes", "allowedScrollTypesMask",
        "buttonMaskRequired",
    ]

    /// Objective-C's setter for a property (`setNumberOfTapsRequired`).
    static let setters: [String: String] = {
        var table: [String: String] = [:]
        for name in propertyNames {
            let base = name == "isEnabled" ? "enabled" : name
            table["set" + base.prefix(1).uppercased() + base.dropFirst()] = name
        }
        return table
    }()

    /// A touch type of UIKit (`.pencil`, `UITouch.TouchType.pencil`,
    /// `UITouchTypePencil`, the old `stylus`) in the language's word, or nil.
    static func touchType(_ word: String) -> String? {
        let name = word.hasPrefix("UITouchType") ? String(word.dropFirst("UITouchType".count)) : word
        switch name.prefix(1).lowercased() + name.dropFirst() {
        case "direct": return "direct"
        case "indirect": return "indirect"
        case "pencil", "stylus": return "pencil"
        case "indirectPointer": return "indirectPointer"
        default: return nil
        }
    }

    /// A scroll type's word in Swift's or Objective-C's spelling (`.continuous`,
    /// `UIScrollTypeMaskDiscrete`, `.all`) in the language, or nil (R88).
    static func scrollType(_ word: String) -> String? {
        let name = word.hasPrefix("UIScrollTypeMask") ? String(word.dropFirst("UIScrollTypeMask".count)) : word
        switch name.prefix(1).lowercased() + name.dropFirst() {
        case "discrete": return "discrete"
        case "continuous": return "continuous"
        case "all": return "all"
        default: return nil
        }
    }

    /// A direction word of UIKit (`.left`, `UISwipeGestureRecognizerDirectionLeft`,
    /// `UIRectEdgeTop`) in the language, which names an edge by the direction it faces.
    static func direction(_ word: String) -> [String]? {
        let lowered = word.lowercased()
        for (suffix, directions) in [
            ("left", ["left"]), ("right", ["right"]), ("up", ["up"]), ("down", ["down"]), ("top", ["up"]),
            ("bottom", ["down"]), ("all", ["left", "right", "up", "down"]),
        ] where lowered.hasSuffix(suffix) {
            return directions
        }
        return nil
    }
}
