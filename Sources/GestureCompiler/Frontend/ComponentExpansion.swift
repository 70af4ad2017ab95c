import GestureDSL

/// Brings each `use` of a component into its set: the component's recognizers on the
/// role the use names, and its relations, every member's name made the set's
/// (`UseDecl.name(of:)`). What a use brings is attached to it (`UseDecl.members`), so
/// the set keeps its members as written and `allMembers` has them all; everything
/// after the front end sees plain recognizers and relations.
///
/// A recognizer brought in is declared, for diagnostics, at the use's prefix (or its
/// role, when it has none), so a clash of names is reported where the use is; its kind,
/// arguments and properties keep their places in the component. A use of a component
/// that does not exist brings nothing; the checker reports it.
enum ComponentExpansion {
    /// `files` with their uses expanded, the components found in `prelude` and in
    /// `files` (the first of a name wins, as for kinds).
    static func expand(_ files: [FileSyntax], prelude: FileSyntax) -> [FileSyntax] {
        var components: [String: ComponentDecl] = [:]
        for file in [prelude] + files {
            for component in file.components where components[component.name.name] == nil {
                components[component.name.name] = component
            }
        }
        guard files.contains(where: { $0.gestureSets.contains(where: uses) }) else { return files }
        return files.map { file in
            var expanded = file
            expanded.gestureSets = file.gestureSets.map { set in
                guard uses(set) else { return set }
                let members = set.members.map { member -> SetMember in
                    guard case .use(let use) = member, let component = components[use.component.name] else { return member }
                    return .use(expand(use, of: component))
                }
                return GestureSetDecl(doc: set.doc, name: set.name, members: members, range: set.range)
            }
            return expanded
        }
    }

    private static func uses(_ set: GestureSetDecl) -> Bool {
        set.members.contains { if case .use = $0 { true } else { false } }
    }

    /// The use with the component's members, renamed.
    private static func expand(_ use: UseDecl, of component: ComponentDecl) -> UseDecl {
        let names = Set(
            component.members.compactMap { member -> String? in
                if case .recognizer(let recognizer) = member { recognizer.name.name } else { nil }
            })
        /// A member's name as the set knows it; other names stay (the checker of the
        /// component reports them).
        func renamed(_ name: Identifier) -> Identifier {
            names.contains(name.name) ? Identifier(use.name(of: name.name), range: name.range) : name
        }
        let declaredAt = (use.prefix ?? use.role).range
        let members = component.members.compactMap { member -> SetMember? in
            switch member {
            case .recognizer(let recognizer):
                return .recognizer(
                    RecognizerDecl(
                        doc: recognizer.doc, name: Identifier(use.name(of: recognizer.name.name), range: declaredAt),
                        kind: recognizer.kind, arguments: recognizer.arguments,
                        role: recognizer.role.name == component.view.name ? use.role : recognizer.role,
                        properties: recognizer.properties, range: recognizer.range, use: use))
            case .requirement(let requirement):
                return .requirement(
                    RequirementDecl(
                        dependent: renamed(requirement.dependent), required: renamed(requirement.required),
                        condition: requirement.condition, range: requirement.range))
            case .simultaneity(let simultaneity):
                return .simultaneity(
                    SimultaneityDecl(
                        members: simultaneity.members.map(renamed), condition: simultaneity.condition, range: simultaneity.range))
            case .prevention(let prevention):
                return .prevention(
                    PreventionDecl(
                        preventer: renamed(prevention.preventer), prevented: renamed(prevention.prevented), range: prevention.range))
            case .propertyAssignment(let assignment):
                return .propertyAssignment(
                    PropertyAssignmentDecl(
                        recognizer: renamed(assignment.recognizer), property: assignment.property, range: assignment.range))
            case .view, .hook, .use:
                return nil  // not a component's (the checker says so at the component)
            }
        }
        return UseDecl(
            doc: use.doc, component: use.component, role: use.role, prefix: use.prefix, range: use.range, members: members)
    }
}
