import GestureCompiler
import GestureRuntime
import GestureSimulation

extension Exploration {
    /// Where an explored run's touches land: views laid out in a window, and the points
    /// where the first finger goes down, all on one hit-test path (the view the touch
    /// lands on and its parents). The exploration searches each place under each hook
    /// assignment; a counterexample is its views and an input.
    struct Place {
        /// A view of the layout, parents first.
        struct View {
            var id: String
            var role: Int
            var parent: Int?
            var frame: Rect
            var properties: ViewProperties
        }

        var views: [View]
        var window: Point
        /// The view the first finger lands on (an index into `views`).
        var touched: Int
        /// The roles of the hit-test path, root first, ending with the touched view's.
        var path: [Int]
        var starts: [Explorer.Start]
        /// "photo", or in a scene "'b1' (bubble)".
        var name: String

        /// The role of the view the first finger lands on: what the rules judge.
        var role: Int { views[touched].role }

        /// A role laid out alone: the role and its ancestors along first parents, each
        /// filling a 1000 × 1000 pt window made hittable (R8 is a rule of its own), so a
        /// touch anywhere lands on the role.
        static func alone(_ role: Int, in program: GestureProgram, edges: Bool) -> Place {
            let chain = Exploration.chain(to: role, in: program)
            let frame = Rect(x: 0, y: 0, width: Probe.window.x, height: Probe.window.y)
            let views = chain.enumerated().map { index, role in
                View(id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: frame,
                     properties: Exploration.explorationProperties(program.views[role]))
            }
            return Place(
                views: views, window: Probe.window, touched: views.count - 1, path: chain,
                starts: Explorer.standardStarts(window: Probe.window, edges: edges), name: program.views[role].name)
        }

        /// The places of a scene: one for each hit-test path of roles a touch can land on
        /// whose roles hold a recognizer. Each view's touch target is hit-tested on a
        /// 3 × 3 grid, as the engine does (R1–R7); a path's start is the point nearest
        /// the middle of the view it lands on. Where a kind reads the window's size,
        /// points 5 pt inside each window edge start one-finger sequences too. Views of
        /// the same roles on the same path (the cells of a list) are one place: the
        /// program cannot tell them apart but by their frames, and the first is
        /// explored.
        static func places(
            of scene: SceneDescription, in program: GestureProgram, edges: Bool, maximumVisits: Int
        ) -> [Place] {
            var hit = GestureRuntime.Scene()
            for view in scene.views { hit.add(parent: view.parent, frame: view.frame, properties: view.properties) }
            var window = Point(x: 0, y: 0)
            for view in scene.views where view.parent == nil {
                window.x = max(window.x, view.frame.x + view.frame.width)
                window.y = max(window.y, view.frame.y + view.frame.height)
            }
            let views = scene.views.map { View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties) }
            let withRecognizers = Set(program.recognizers.map(\.role))

            func path(to view: Int) -> [Int] {
                var path: [Int] = []
                var current: Int? = view
                while let index = current, path.count <= views.count {
                    path.append(views[index].role)
                    current = views[index].parent
                }
                return path.reversed()
            }

            // Each hit test may visit every view: a budget of visits keeps a large scene
            // linear, exploring the paths found before it ran out.
            var visits = 0
            var found: [(touched: Int, path: [Int], point: Point, distance: Double)] = []
            var byPath: [[Int]: Int] = [:]
            func consider(_ point: Point, aiming view: Int?) {
                visits += views.count
                guard let touched = hit.hitTest(point) else { return }
                let roles = path(to: touched)
                guard roles.contains(where: withRecognizers.contains) else { return }
                var distance = 0.0
                if let view, view == touched, let target = hit.touchTarget(of: view) {
                    distance = (point - Point(x: target.x + target.width / 2, y: target.y + target.height / 2)).length
                } else {
                    distance = .infinity
                }
                if let known = byPath[roles] {
                    guard found[known].touched == touched, distance < found[known].distance else { return }
                    found[known].point = point
                    found[known].distance = distance
                } else {
                    byPath[roles] = found.count
                    found.append((touched, roles, point, distance))
                }
            }
            for view in views.indices where visits < maximumVisits {
                guard let target = hit.touchTarget(of: view), target.width > 0, target.height > 0 else { continue }
                for row in 1...3 {
                    for column in 1...3 {
                        consider(Point(x: target.x + target.width * Double(column) / 4,
                                       y: target.y + target.height * Double(row) / 4), aiming: view)
                    }
                }
            }
            /// Where further fingers go down: on the same view where it has room (its
            /// touch target 100 pt apart from the first and each other, or spread evenly
            /// over its width), so that several fingers on one view are explored as one
            /// hand's gesture; a view with no room takes them 100 pt aside as elsewhere.
            func others(_ found: (touched: Int, path: [Int], point: Point, distance: Double)) -> [Point]? {
                guard let target = hit.touchTarget(of: found.touched) else { return nil }
                let count = 2
                var points: [Point] = []
                for finger in 1...count {
                    var x = Explorer.spot(of: finger, from: found.point, in: window).x
                    if !(target.x...(target.x + target.width)).contains(x) {
                        x = target.x + target.width * Double(finger) / Double(count + 1)
                    }
                    let point = Point(x: x, y: found.point.y)
                    visits += views.count
                    guard hit.hitTest(point) == found.touched, point != found.point else { return nil }
                    points.append(point)
                }
                return points
            }
            var places = found.map { found in
                Place(
                    views: views, window: window, touched: found.touched, path: found.path,
                    starts: [Explorer.Start(
                        point: found.point, name: "at (\(NumberText.format(found.point.x)), \(NumberText.format(found.point.y)))",
                        severalFingers: true, others: others(found))],
                    name: "'\(views[found.touched].id)' (\(program.views[views[found.touched].role].name))")
            }
            guard edges, window.x > 2 * Explorer.edgeInset, window.y > 2 * Explorer.edgeInset else { return places }
            // Along each edge, 5 pt inside, at eighths of the edge and at every view's
            // middle: a one-finger start for the place it lands on, once per edge.
            let inset = Explorer.edgeInset
            for (edge, along) in [("left", false), ("right", false), ("top", true), ("bottom", true)] {
                var positions = [4, 1, 7, 2, 6, 3, 5].map { (along ? window.x : window.y) * Double($0) / 8 }
                for view in views.indices {
                    guard let frame = hit.windowFrame(of: view) else { continue }
                    positions.append(along ? frame.x + frame.width / 2 : frame.y + frame.height / 2)
                }
                var started: Set<Int> = []
                for position in positions where visits < maximumVisits {
                    let point: Point =
                        switch edge {
                        case "left": Point(x: inset, y: position)
                        case "right": Point(x: window.x - inset, y: position)
                        case "top": Point(x: position, y: inset)
                        default: Point(x: position, y: window.y - inset)
                        }
                    guard point.x > 0, point.y > 0, point.x < window.x, point.y < window.y else { continue }
                    visits += views.count
                    guard let touched = hit.hitTest(point), let index = byPath[path(to: touched)],
                        places[index].touched == touched, started.insert(index).inserted
                    else { continue }
                    places[index].starts.append(
                        Explorer.Start(point: point, name: Explorer.edgeName(edge), severalFingers: false))
                }
            }
            return places
        }
    }
}
