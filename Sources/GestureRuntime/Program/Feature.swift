/// A quantity the engine computes from a recognizer's touches, once per input event.
///
/// Kind guards and delegate predicates read features by name (`touchCount`,
/// `translation`, …). The engine is the authority on what each one means, so the list
/// lives here; the compiler resolves names against it and lowers them to these ids.
public enum Feature: UInt8, CaseIterable, Sendable {
    /// Touches the recognizer is tracking that are currently down.
    case touchCount
    /// Centroid of the tracked touches that are down (the last centroid once all lifted).
    case location
    /// Centroid at the first touch-down of the recognizer's sequence (R64: a tap
    /// reports the location of its first tap).
    case startLocation
    /// Cumulative movement of the centroid from `startLocation` (R70).
    case translation
    /// Velocity of the centroid in points per second, from touch timestamps (R17).
    case velocity
    /// The greatest distance any tracked touch has moved from where it went down, in
    /// screen coordinates (R68).
    case movement
    /// Distance between the first two tracked touches (0 with fewer than two).
    case spread
    /// `spread` relative to its value when the second touch went down (R72).
    case scale
    /// Rate of change of `scale`, per second.
    case scaleVelocity
    /// Angle of the line through the first two touches relative to its angle when the
    /// second touch went down; positive is clockwise on screen (R73).
    case rotation
    /// Rate of change of `rotation`, in radians per second.
    case rotationVelocity
    /// Time since the first touch-down of the recognizer's sequence.
    case elapsed
    /// `UITouch.tapCount` of the touch that changed last (R65).
    case tapCount
    /// The direction (left, right, up or down) of the larger component of
    /// `translation`.
    case dominantDirection
    /// The view role the touch that changed last is bound to (its hit-test view, R5).
    case touchedView
    /// Width and height of the window the touches are in.
    case windowSize
    /// The directions of finger movement in which the content of the recognizer's view
    /// can scroll no further (R81a): `down` when its content is at its top (a drag down
    /// would pull past it), `up` at its bottom, `right` at its left end, `left` at its
    /// right end; both directions of an axis its content does not overflow. Empty
    /// while the view's content size is unknown (`ViewProperties.contentWidth` and
    /// `contentHeight` 0). `!(dominantDirection in cannotScroll)` as a scroll's
    /// `shouldBegin` hands the drag to a scroll view around it, as UIKit's scroll views
    /// do since iOS 17.4.
    case cannotScroll
    /// Whether the recognizer is a scroll view's pan (`scrollPan`) whose content is
    /// still gliding after a flick (`Glide`): the pan's last gesture ended at speed, and
    /// the glide it started has not run out. A finger that lands then catches the
    /// content, so the prelude's pan begins at once (docs/semantics.md, "Scrolling that
    /// glides"). False for every other recognizer.
    case gliding
    /// The type of the touch that changed last (R87), as a set of one type's bit
    /// (`TouchTypes`): `touchType == pencil`, `touchType in [pencil, indirectPointer]`.
    case touchType
    /// Whether the recognizer follows a pointer's scroll, a wheel's or a trackpad's
    /// (R88), rather than touches. A scroll has no touch: `touchCount` is 0, and
    /// `translation` is how far it has scrolled.
    case scrolling
    /// Whether the recognizer follows a trackpad's pinch and rotation (R89), rather than
    /// touches: `scale` and `rotation` are the trackpad's, and `touchCount` is 0.
    case transforming
    /// Whether the touch that changed last is over the recognizer's view (its hit-test
    /// view is the view or inside it): a touch stays over the view it went down on; a
    /// hover is over the view under the pointer as it moves (R90).
    case pointerInside

    /// The name a `.gdl` file uses for the feature.
    public var name: String {
        switch self {
        case .touchCount: "touchCount"
        case .location: "location"
        case .startLocation: "startLocation"
        case .translation: "translation"
        case .velocity: "velocity"
        case .movement: "movement"
        case .spread: "spread"
        case .scale: "scale"
        case .scaleVelocity: "scaleVelocity"
        case .rotation: "rotation"
        case .rotationVelocity: "rotationVelocity"
        case .elapsed: "elapsed"
        case .tapCount: "tapCount"
        case .dominantDirection: "dominantDirection"
        case .touchedView: "touchedView"
        case .windowSize: "windowSize"
        case .cannotScroll: "cannotScroll"
        case .gliding: "gliding"
        case .touchType: "touchType"
        case .scrolling: "scrolling"
        case .transforming: "transforming"
        case .pointerInside: "pointerInside"
        }
    }

    /// The feature a `.gdl` name refers to, if any.
    public init?(name: String) {
        guard let feature = Feature.byName[name] else { return nil }
        self = feature
    }

    private static let byName: [String: Feature] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
