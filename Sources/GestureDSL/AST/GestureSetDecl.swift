/// `gestures Name { … }`: view roles, recognizers, hooks and relations for one screen
/// or component.
public final class GestureSetDecl: Sendable {
    public let doc: DocComment?
    public let name: Identifier
    public let members: [SetMember]
    public let range: SourceRange

    public init(doc: DocComment?, name: Identifier, members: [SetMember], range: SourceRange) {
        self.doc = doc
        self.name = name
        self.members = members
        self.range = range
    }
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
public final class ViewDecl: Sendable {
    public let doc: DocComment?
    public let name: Identifier
    public let extraParents: [Identifier]
    public let properties: [PropertyDecl]
    public let subviews: [ViewDecl]
    public let range: SourceRange

    public init(doc: DocComment?, name: Identifier, extraParents: [Identifier], properties: [PropertyDecl], subviews: [ViewDecl], range: SourceRange) {
        self.doc = doc
        self.name = name
        self.extraParents = extraParents
        self.properties = properties
        self.subviews = subviews
        self.range = range
    }
}

/// `recognizer name = kind(arguments) on role { properties }`.
public final class RecognizerDecl: Sendable {
    public let doc: DocComment?
    public let name: Identifier
    public let kind: Identifier
    public let arguments: [ArgumentDecl]
    public let role: Identifier
    public let properties: [PropertyDecl]
    public let range: SourceRange

    public init(doc: DocComment?, name: Identifier, kind: Identifier, arguments: [ArgumentDecl], role: Identifier, properties: [PropertyDecl], range: SourceRange) {
        self.doc = doc
        self.name = name
        self.kind = kind
        self.arguments = arguments
        self.role = role
        self.properties = properties
        self.range = range
    }
}

/// `label: value` in a kind application, `tap(taps: 2)`.
public struct ArgumentDecl: Sendable {
    public var label: Identifier
    public var value: Expr
    public var range: SourceRange
}

/// `hook name [= default]`: a boolean the app answers at run time.
public final class HookDecl: Sendable {
    public let doc: DocComment?
    public let name: Identifier
    public let defaultValue: Expr?
    public let range: SourceRange

    public init(doc: DocComment?, name: Identifier, defaultValue: Expr?, range: SourceRange) {
        self.doc = doc
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
    }
}

/// `a requires b to fail [where condition]` (R53; with a condition, R56's dynamic
/// failure requirement).
public final class RequirementDecl: Sendable {
    public let dependent: Identifier
    public let required: Identifier
    public let condition: Expr?
    public let range: SourceRange

    public init(dependent: Identifier, required: Identifier, condition: Expr?, range: SourceRange) {
        self.dependent = dependent
        self.required = required
        self.condition = condition
        self.range = range
    }
}

/// `simultaneous a, b, c [where condition]`: every pair may recognize together (R48).
public final class SimultaneityDecl: Sendable {
    public let members: [Identifier]
    public let condition: Expr?
    public let range: SourceRange

    public init(members: [Identifier], condition: Expr?, range: SourceRange) {
        self.members = members
        self.condition = condition
        self.range = range
    }
}

/// `a cannot prevent b`: an explicit priority, UIKit's `canPrevent` answering false.
public final class PreventionDecl: Sendable {
    public let preventer: Identifier
    public let prevented: Identifier
    public let range: SourceRange

    public init(preventer: Identifier, prevented: Identifier, range: SourceRange) {
        self.preventer = preventer
        self.prevented = prevented
        self.range = range
    }
}

/// `recognizer.property: value` outside the recognizer's body.
public final class PropertyAssignmentDecl: Sendable {
    public let recognizer: Identifier
    public let property: PropertyDecl
    public let range: SourceRange

    public init(recognizer: Identifier, property: PropertyDecl, range: SourceRange) {
        self.recognizer = recognizer
        self.property = property
        self.range = range
    }
}
