/// A sequence of an indirect pointer's input that is not a touch: a scroll, a
/// trackpad's pinch and rotation, or a hover (UIKit's `UIEvent.EventType.scroll`,
/// `.transform` and `.hover`, in an app that takes pointer input as such,
/// `UIApplicationSupportsIndirectInputEvents`).
///
/// The engine runs one as it runs a touch, from its start (`down`) through its changes
/// (`move`) to its end (`up`) or `cancel`, with two differences (docs/semantics.md,
/// R88–R90): it reaches only the recognizers that take its kind of input
/// (`allowedScrollTypes`, `receivesTransform`, `receivesHover`), and no view; and a
/// recognizer that follows a scroll or a transform counts no touch (`touchCount` is 0,
/// as UIKit's `numberOfTouches`), where a hover has its one touch. A hover is found
/// again under the pointer as it moves, so that it reaches the recognizers of each view
/// it comes over. The scroll types' raw
/// values are UIKit's `UIScrollType`'s.
public enum PointerInput: UInt8, Hashable, Sendable, CaseIterable {
    /// A scroll wheel's notches (`UIScrollType.discrete`).
    case discreteScroll = 0
    /// A trackpad's or Magic Mouse's two-finger scroll (`UIScrollType.continuous`).
    case continuousScroll = 1
    /// A trackpad's pinch and rotation (`UIEvent.EventType.transform`).
    case transform = 2
    /// The pointer, or Apple Pencil, over the screen with nothing pressed
    /// (`UIEvent.EventType.hover`): its touch type says which.
    case hover = 3

    /// The name the traces use: `continuousScroll`.
    public var name: String {
        switch self {
        case .discreteScroll: "discreteScroll"
        case .continuousScroll: "continuousScroll"
        case .transform: "transform"
        case .hover: "hover"
        }
    }

    /// The input a name names (`name`), or nil.
    public init?(name: String) {
        guard let input = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = input
    }

    /// The scroll type it is, or nil for a transform.
    public var scrollType: ScrollType? {
        switch self {
        case .discreteScroll: .discrete
        case .continuousScroll: .continuous
        case .transform, .hover: nil
        }
    }
}

/// What scrolls: UIKit's `UIScrollType`, with its raw values.
public enum ScrollType: UInt8, Hashable, Sendable, CaseIterable {
    /// A scroll wheel, notch by notch.
    case discrete = 0
    /// A trackpad or a Magic Mouse, with phases.
    case continuous = 1

    /// The name the language uses, which is UIKit's: `continuous`.
    public var name: String {
        switch self {
        case .discrete: "discrete"
        case .continuous: "continuous"
        }
    }

    /// The type a name names (`name`), or nil.
    public init?(name: String) {
        guard let type = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }
}

/// A set of scroll types: the ones a recognizer receives (`allowedScrollTypes`,
/// UIKit's `allowedScrollTypesMask`, whose bits these are: discrete 1, continuous 2).
public struct ScrollTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public init(_ type: ScrollType) {
        self.init(rawValue: 1 << type.rawValue)
    }

    public static let discrete = ScrollTypes(.discrete)
    public static let continuous = ScrollTypes(.continuous)
    /// Both: UIKit's `.all`, which a scroll view's pan takes.
    public static let all: ScrollTypes = [.discrete, .continuous]

    public func contains(_ type: ScrollType) -> Bool {
        rawValue & (1 << type.rawValue) != 0
    }

    /// The types held, in `ScrollType`'s order.
    public var types: [ScrollType] {
        ScrollType.allCases.filter { contains($0) }
    }
}
