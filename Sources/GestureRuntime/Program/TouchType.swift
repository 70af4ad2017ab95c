/// What made a touch: UIKit's `UITouch.TouchType`, with the same raw values, so that an
/// adapter converts one to the other by number (docs/semantics.md, "Touch types").
///
/// A finger on the screen is `direct`; a finger on a surface away from the screen
/// (Apple TV's remote) is `indirect`; Apple Pencil is `pencil`; a mouse's or a
/// trackpad's click, in an app that takes pointer input as such
/// (`UIApplicationSupportsIndirectInputEvents`), is `indirectPointer`. The engine
/// treats each alike but for which recognizers receive it (`allowedTouchTypes`,
/// `requiresExclusiveTouchType`); a view receives every type.
public enum TouchType: UInt8, Hashable, Sendable, CaseIterable {
    case direct = 0
    case indirect = 1
    case pencil = 2
    case indirectPointer = 3

    /// The name the language and the traces use, which is UIKit's: `pencil`.
    public var name: String {
        switch self {
        case .direct: "direct"
        case .indirect: "indirect"
        case .pencil: "pencil"
        case .indirectPointer: "indirectPointer"
        }
    }

    /// The type a name names (`name`), or nil.
    public init?(name: String) {
        guard let type = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }
}

/// A set of touch types: the ones a recognizer receives (`allowedTouchTypes`). Bit
/// `type.rawValue` stands for `type`.
public struct TouchTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public init(_ type: TouchType) {
        self.init(rawValue: 1 << type.rawValue)
    }

    public static let direct = TouchTypes(.direct)
    public static let indirect = TouchTypes(.indirect)
    public static let pencil = TouchTypes(.pencil)
    public static let indirectPointer = TouchTypes(.indirectPointer)
    /// Every type: UIKit's default for `allowedTouchTypes`.
    public static let all: TouchTypes = [.direct, .indirect, .pencil, .indirectPointer]

    public func contains(_ type: TouchType) -> Bool {
        rawValue & (1 << type.rawValue) != 0
    }

    /// The types held, in `TouchType`'s order.
    public var types: [TouchType] {
        TouchType.allCases.filter { contains($0) }
    }
}
