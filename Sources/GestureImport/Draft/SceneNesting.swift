import GestureDSL
import GestureSimulation

/// The view tree of a running app, from a scene (`docs/traces.md`, recorded or written),
/// used to nest a draft's roles. A draft role matches the scene view whose `role`, else
/// whose `id`, is its name (exactly, then ignoring case); it goes inside the nearest
/// ancestor of that view that matches another role of the same set, or stays inside
/// the root. Roles no view matches keep their place, with a note.
public struct SceneNesting: Sendable {
    public struct View: Sendable, Equatable {
        public var id: String
        public var role: String
        public var parent: String?

        public init(id: String, role: String, parent: String?) {
            self.id = id
            self.role = role
            self.parent = parent
        }
    }

    public var views: [View]

    public init(views: [View]) { self.views = views }

    /// Reads a scene's `views`: each one's `id`, `role` and `parent`. Nil, with the
    /// reason and where, when the file is not a scene.
    public static func read(_ file: SourceFile) -> Swift.Result<SceneNesting, LocatedJSONError> {
        let json: LocatedJSON
        do { json = try LocatedJSON.parse(file, id: FileID(0)) } catch { return .failure(error) }
        guard case .object(let members) = json.value,
            let list = members.first(where: { $0.key == "views" }), case .array(let items) = list.value.value
        else {
            return .failure(LocatedJSONError(reason: "a scene is an object with a \"views\" array", range: json.range))
        }
        var views: [View] = []
        for item in items {
            guard case .object(let fields) = item.value else {
                return .failure(LocatedJSONError(reason: "a view is an object with \"id\", \"role\" and \"parent\"", range: item.range))
            }
            func string(_ key: String) -> String? {
                guard let field = fields.first(where: { $0.key == key }), case .string(let text) = field.value.value else { return nil }
                return text
            }
            guard let id = string("id") else {
                return .failure(LocatedJSONError(reason: "this view has no \"id\"", range: item.range))
            }
            views.append(View(id: id, role: string("role") ?? id, parent: string("parent")))
        }
        return .success(SceneNesting(views: views))
    }

    func view(matching role: String) -> View? {
        views.first { $0.role == role } ?? views.first { $0.id == role }
            ?? views.first { $0.role.lowercased() == role.lowercased() || $0.id.lowercased() == role.lowercased() }
    }

    func nest(_ setup: inout CodeSetup) {
        let byID = Dictionary(views.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for s in setup.screens.indices {
            let screen = setup.screens[s]
            guard let root = screen.roles.first?.name else { continue }
            var matched: [String: String] = [:]  // scene view id -> role
            for role in screen.roles { if let view = view(matching: role.name) { matched[view.id] = role.name } }
            for r in screen.roles.indices where screen.roles[r].parent != nil {
                let role = screen.roles[r]
                guard let view = view(matching: role.name) else {
                    setup.notes.append(
                        ImportNote(.notUnderstood, "no view of the scene is '\(role.name)': it stays inside '\(root)'", at: role.place))
                    continue
                }
                var ancestor = view.parent
                var steps = 0
                var parent = root
                while let id = ancestor, steps < views.count {
                    if let found = matched[id], found != role.name {
                        parent = found
                        break
                    }
                    ancestor = byID[id]?.parent
                    steps += 1
                }
                setup.screens[s].roles[r].parent = parent
            }
            // Children before parents is fine for the writer; a cycle cannot arise, as
            // each parent is an ancestor in the scene's tree.
        }
    }
}
