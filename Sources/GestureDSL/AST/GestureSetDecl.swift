/// `gestures Name { … }`: view roles, recognizers, hooks and relations for one screen
/// or component.
public struct GestureSetDecl: Sendable {
    public var doc: DocComment?
    public var name: Identifier
    public var members: [SetMember]
    public var range: SourceRange
}

/// One declaration inside a gesture set.
public enum SetMember: Sendable {
    case view(ViewDecl)
    case recognizer(RecognizerDecl)
    case hook(HookDecl)
    case requirement(RequirementDecl)
    case simultaneity(SimultaneityDecl)
    case prevention(PreventionDecl)
    case propertyAssignment(PropertyAssignmentDecl)
}

/// `view name [in parent, …] { properties and nested views }`.
///
/// A nested view's parent is the view around it; `in` adds more possible parents, so a
/// role can sit in several places of the hierarchy.
public struct ViewDecl: Sendable {
    public var doc: DocComment?
    public var name: Identifier
    public var extraParents: [Identifier]
    public var properties: [PropertyDecl]
    public var subviews: [ViewDecl]
    public var range: SourceRange
}

/// `recognizer name = kind(arguments) on role { properties }`.
public struct RecognizerDecl: Sendable {
    public var doc: DocComment?
    public var name: Identifier
    public var kind: Identifier
    public var arguments: [ArgumentDecl]
    public var role: Identifier
    public var properties: [PropertyDecl]
    public var range: SourceRange
}

/// `label: value` in a kind application, `tap(taps: 2)`.
public struct ArgumentDecl: Sendable {
    public var label: Identifier
    public var value: Expr
    public var range: SourceRange
}

/// `hook name [= default]`: a boolean the app answers at run time.
public struct HookDecl: Sendable {
    public var doc: DocComment?
    public var name: Identifier
    public var defaultValue: Expr?
    public var range: SourceRange
}

/// `a requires b to fail [where condition]` (R53; with a condition, R56's dynamic
/// failure requirement).
public struct RequirementDecl: Sendable {
    public var dependent: Identifier
    public var required: Identifier
    public var condition: Expr?
    public var range: SourceRange
}

/// `simultaneous a, b, c [where condition]`: every pair may recognize together (R48).
public struct SimultaneityDecl: Sendable {
    public var members: [Identifier]
    public var condition: Expr?
    public var range: SourceRange
}

/// `a cannot prevent b`: an explicit priority, UIKit's `canPrevent` answering false.
public struct PreventionDecl: Sendable {
    public var preventer: Identifier
    public var prevented: Identifier
    public var range: SourceRange
}

/// `recognizer.property: value` outside the recognizer's body.
public struct PropertyAssignmentDecl: Sendable {
    public var recognizer: Identifier
    public var property: PropertyDecl
    public var range: SourceRange
}
