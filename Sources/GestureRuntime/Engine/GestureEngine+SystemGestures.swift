/// What the spec asks of the system's own gestures (docs/semantics.md §K), for the host
/// to pass on to the platform: the screen edges whose gestures the views on screen defer
/// (UIKit's `preferredScreenEdgesDeferringSystemGestures`) and the areas they claim from
/// the system's back gesture (Android's `View.setSystemGestureExclusionRects`).
///
/// Both follow the scene: a view counts while it is in it and shown (neither it nor a
/// view around it hidden or below 0.01 alpha), so a sheet that leaves takes its claim
/// with it.
extension GestureEngine {
    /// The union of the edges the roles of the views on screen defer.
    public var deferredSystemEdges: GestureDirections {
        var edges: GestureDirections = []
        for index in 0..<scene.count where isShown(index) {
            guard let view = view(at: index), let role = role(of: view), role < program.views.count else { continue }
            edges.formUnion(program.views[role].defersSystemGestures)
        }
        return edges
    }

    /// The window frames of the views on screen whose role excludes system gestures,
    /// in the order the views were added (a view in a removed one's slot is still the
    /// later).
    public var systemGestureExclusions: [Rect] {
        var areas: [(added: Int, frame: Rect)] = []
        for index in 0..<scene.count where isShown(index) {
            guard let view = view(at: index), let role = role(of: view), role < program.views.count,
                program.views[role].excludesSystemGestures, let frame = scene.windowFrame(of: index),
                let added = additionOrder(of: index)
            else { continue }
            areas.append((added, frame))
        }
        return areas.sorted { $0.added < $1.added }.map(\.frame)
    }

    /// Whether the view is in the scene and neither it nor a view around it is hidden
    /// or transparent. The walk up is bounded by the scene's size (parents come first).
    func isShown(_ view: Int) -> Bool {
        var current: Int? = view
        var steps = 0
        while let index = current, steps <= scene.count {
            guard let properties = scene.properties(of: index), !properties.hidden, properties.alpha >= 0.01 else {
                return false
            }
            current = scene.parent(of: index)
            steps += 1
        }
        return current == nil
    }
}

extension GestureProgram {
    /// The program for a platform whose system answers the back swipe (Android's
    /// gesture navigation): every recognizer with `backSwipe` starts disabled, as a
    /// table that declares `enabled: false` does, and the system's gesture takes its
    /// place (docs/semantics.md §K, S5).
    public func backSwipesDisabled() -> GestureProgram {
        var program = self
        for index in program.recognizers.indices where program.recognizers[index].backSwipe {
            program.recognizers[index].enabled = false
        }
        return program
    }
}
