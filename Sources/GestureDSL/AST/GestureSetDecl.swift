/// `gestures Name { … }`: view roles, recognizers, hooks and relations for one screen
/// or component.
public final class GestureSetDecl: Sendable {
    public let doc: DocComment?
    public let name: Identifier
    /// The members as written, a component's `use` among them.
    public let members: [SetMember]
    public let range: SourceRange

    public init(doc: DocComment?, name: Identifier, members: [SetMember], range: SourceRange) {
        self.doc = doc
        self.name = name
        self.members = members
        self.range = range
    }

    /// The members the set has: those written, each `use` followed by what its
    /// component brings (once the compilation has expanded it, `UseDecl.members`).
    public var allMembers: [SetMember] {
        members.flatMap { member -> [SetMember] in
            if case .use(let use) = member { [member] + use.members } else { [member] }
        }
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
    case use(UseDecl)
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

    public init(doc: DocComment?, name: Identifier, extraParents: [Identifier], properties: [PropertyDecl], subviews: [ViewDecl], range: SourceRange)
    {
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
    /// The `use` of a component that declared it, for a recognizer a component brings
    /// into a set (its name is then written nowhere: `ComponentExpansion`).
    public let use: UseDecl?

    public init(
        doc: DocComment?, name: Identifier, kind: Identifier, arguments: [ArgumentDecl], role: Identifier,
        properties: [PropertyDecl], range: SourceRange, use: UseDecl? = nil
    ) {
        self.doc = doc
        self.name = name
        self.kind = kind
        self.arguments = arguments
        self.role = role
        self.properties = properties
        self.range = range
        self.use = use
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

/// `component name(view) { recognizers and relations }`: recognizers that go together on
/// one view, declared once and brought into a set by `use` (UIKit's scroll view: a pan,
/// a pinch and a touch delay, R77). The members are written as in a set, on the view
/// the component names.
public final class ComponentDecl: Sendable {
    public let doc: DocComment?
    public let name: Identifier
    /// The view role its recognizers are on, which a `use` names.
    public let view: Identifier
    public let members: [SetMember]
    public let range: SourceRange

    public init(doc: DocComment?, name: Identifier, view: Identifier, members: [SetMember], range: SourceRange) {
        self.doc = doc
        self.name = name
        self.view = view
        self.members = members
        self.range = range
    }
}

/// `use component on role [as prefix]`: the component's recognizers and relations on
/// `role`, each recognizer named `prefix` + its name capitalized (`list` + `pan` is
/// `listPan`); the prefix is the role's name unless given.
public final class UseDecl: Sendable {
    public let doc: DocComment?
    public let component: Identifier
    public let role: Identifier
    public let prefix: Identifier?
    public let range: SourceRange
    /// What the component brings, its names made the set's: empty as parsed, filled
    /// when the compilation expands the use (`ComponentExpansion`).
    public let members: [SetMember]

    public init(
        doc: DocComment?, component: Identifier, role: Identifier, prefix: Identifier?, range: SourceRange,
        members: [SetMember] = []
    ) {
        self.doc = doc
        self.component = component
        self.role = role
        self.prefix = prefix
        self.range = range
        self.members = members
    }

    /// The name a member recognizer takes in the set.
    public func name(of member: String) -> String {
        (prefix ?? role).name + member.prefix(1).uppercased() + member.dropFirst()
    }
}
