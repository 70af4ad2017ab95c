import GestureCompiler
import GestureRuntime
import GestureSimulation

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
    /// The view the first finger lands on (an index into `views`), and, on a place of
    /// two views, the one the second finger lands on.
    var touched: Int
    var secondTouched: Int? = nil
    /// The roles of the hit-test path, root first, ending with the touched view's.
    var path: [Int]
    var starts: [Explorer.Start]
    /// "photo", or in a scene "'b1' (bubble)".
    var name: String

    /// The role of the view the first finger lands on: what the rules judge.
    var role: Int { views[touched].role }

    /// The place in a message: "'photo'" for a role laid out alone, and a scene's
    /// path as its name says it ("'b1' (bubble)").
    var quotedName: String { name.contains("'") ? name : "'\(name)'" }

    /// Keeps only the views that fingers land on, their parents and the roots
    /// (which size the window): hit-testing happens as a finger goes down, so the
    /// engine needs no other view to decide as the whole scene does, and a scene of
    /// thousands of views explores at the cost of its paths.
    mutating func keep(_ landings: [Int]) {
        var kept = Array(repeating: false, count: views.count)
        for (index, view) in views.enumerated() where view.parent == nil { kept[index] = true }
        for landing in landings {
            var current: Int? = landing
            while let index = current, views.indices.contains(index), !kept[index] || index == landing {
                kept[index] = true
                current = views[index].parent
            }
        }
        var newIndex = Array(repeating: -1, count: views.count)
        var remaining: [View] = []
        for (index, view) in views.enumerated() where kept[index] {
            newIndex[index] = remaining.count
            var copy = view
            copy.parent = view.parent.map { newIndex[$0] }
            remaining.append(copy)
        }
        touched = newIndex[touched]
        secondTouched = secondTouched.map { newIndex[$0] }
        views = remaining
    }

    /// A role laid out alone: the role and its ancestors along first parents, each
    /// filling a 1000 × 1000 pt window made hittable (R8 is a rule of its own), so a
    /// touch anywhere lands on the role.
    static func alone(_ role: Int, in program: GestureProgram, edges: Bool) -> Place {
        let chain = Place.chain(to: role, in: program)
        let frame = Rect(x: 0, y: 0, width: Probe.window.x, height: Probe.window.y)
        let views = chain.enumerated().map { index, role in
            View(
                id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: frame,
                properties: Place.explorationProperties(program.views[role]))
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
    /// explored. Hit tests stop at `maximumVisits` views visited in all.
    static func places(
        of scene: SceneDescription, in program: GestureProgram, edges: Bool, maximumVisits: Int
    ) -> (singles: [Place], pairs: [Place]) {
        var survey = SceneSurvey(scene: scene, program: program, maximumVisits: maximumVisits)
        survey.findPaths()
        var places = survey.found.map { found in
            Place(
                views: survey.views, window: survey.window, touched: found.touched, path: found.path,
                starts: [
                    Explorer.Start(
                        point: found.point, name: "at (\(NumberText.format(found.point.x)), \(NumberText.format(found.point.y)))",
                        severalFingers: true)
                ],
                name: "'\(survey.views[found.touched].id)' (\(program.views[survey.views[found.touched].role].name))")
        }
        var landings: [[Int]] = []
        for index in places.indices {
            let others = survey.otherFingers(of: survey.found[index])
            places[index].starts[0].others = others.map(\.point)
            landings.append([places[index].touched] + others.compactMap(\.view))
        }
        if edges { survey.addEdgeStarts(to: &places) }
        // Two fingers on two of the scene's paths, where a recognizer sits on a view
        // both lie in (`Place.pairs`).
        var pairs: [Place] = []
        for (first, second) in survey.pairsOfPaths(program) {
            let (a, b) = (survey.found[first], survey.found[second])
            var pair = Place(
                views: survey.views, window: survey.window, touched: a.touched, path: a.path,
                starts: [
                    Explorer.Start(
                        point: a.point,
                        name: "with finger 1 on '\(survey.views[a.touched].id)' and finger 2 on '\(survey.views[b.touched].id)'",
                        severalFingers: true, others: [b.point], secondFingerFirst: true)
                ],
                name: "'\(survey.views[a.touched].id)' and '\(survey.views[b.touched].id)'")
            pair.secondTouched = b.touched
            pair.keep([a.touched, b.touched])
            pairs.append(pair)
        }
        for index in places.indices { places[index].keep(landings[index]) }
        return (places, pairs)
    }
}

extension Place {
    /// The most views all the hit tests of one scene may visit (an estimate: each
    /// point may visit every view), shared by the places of a scene and the scene
    /// rules (docs/limits.md).
    static let maximumVisits = 20_000_000

    /// A view filling the window of a role laid out alone.
    static let frame = Rect(x: 0, y: 0, width: Probe.window.x, height: Probe.window.y)

    /// A fresh engine with the place's views, from a copy of `blank`, hooks bound to
    /// `hooks`; nil if a view does not fit the program (a place is built from it, so
    /// none should).
    func engine(from blank: GestureEngine, hooks: [Bool]) -> GestureEngine? {
        let engine = blank.copy()
        do throws(EngineError) {
            try engine.setWindowSize(window)
            var instances: [ViewInstance] = []
            for view in views {
                instances.append(
                    try engine.addView(role: view.role, parent: view.parent.map { instances[$0] }, frame: view.frame, properties: view.properties))
            }
        } catch {
            return nil
        }
        for (hook, value) in hooks.enumerated() where hook < engine.program.hooks.count { try? engine.bind(hook: hook) { value } }
        return engine
    }

    /// The role's properties, made hittable: a role that is not interactive or only
    /// hit through its subviews still has its recognizers explored (R8 is a rule of
    /// its own).
    static func explorationProperties(_ role: GestureProgram.ViewRole) -> ViewProperties {
        var properties = ViewProperties(role)
        properties.interactive = true
        properties.hidden = false
        properties.alpha = 1
        properties.transparentWhenEmpty = false
        return properties
    }

    /// The roles whose path (the role and its first-parent ancestors) holds a recognizer.
    static func targets(_ program: GestureProgram) -> [Int] {
        let withRecognizers = Set(program.recognizers.map(\.role))
        // Whether a recognizer is on each role's chain of first parents, found once per
        // role: the chains share their upper parts, so the walks together cost the
        // roles, not the roles times their depth.
        var onPath: [Bool?] = Array(repeating: nil, count: program.views.count)
        for role in program.views.indices where onPath[role] == nil {
            var walk: [Int] = []
            var current: Int? = role
            var answer = false
            while let view = current, walk.count <= program.views.count {
                if let known = onPath[view] {
                    answer = known
                    break
                }
                walk.append(view)
                if withRecognizers.contains(view) {
                    answer = true
                    break
                }
                current = program.views[view].parents.first
            }
            for view in walk { onPath[view] = answer }
        }
        return program.views.indices.filter { onPath[$0] == true }
    }

    /// Whether `ancestor` is a parent role of `role`, directly or further up, along any
    /// declared parent.
    static func isAncestor(_ ancestor: Int, of role: Int, in program: GestureProgram) -> Bool {
        var pending = program.views[role].parents
        var seen: Set<Int> = []
        while let next = pending.popLast() {
            if next == ancestor { return true }
            if seen.insert(next).inserted { pending += program.views[next].parents }
        }
        return false
    }

    /// The role's ancestors along first parents, root first, ending with the role.
    static func chain(to role: Int, in program: GestureProgram) -> [Int] {
        var chain = [role]
        var seen: Set<Int> = [role]
        while let parent = program.views[chain[chain.count - 1]].parents.first, seen.insert(parent).inserted {
            chain.append(parent)
        }
        return chain.reversed()
    }

    /// The places of the roles with recognizers on their path, each laid out alone, as
    /// many as `work` affords in declaration order, and the roles left out.
    ///
    /// A place holds its role's chain of views and the recognizers on it, and each
    /// state the explorer visits there copies and runs them, at least `minimumStates`
    /// times: a chain of n nested roles with recognizers along it makes n places of up
    /// to n views, n² in all. The places are taken while the sum of their sizes times
    /// `minimumStates` stays within `work`, so the search costs at most that whatever
    /// the spec's shape; the roles left out are said in a note (GDL292).
    static func places(_ program: GestureProgram, work: Int = Explorer.Bounds.standard.placeWork) -> (places: [Place], leftOut: [Int]) {
        let edges = FeatureClasses(program).edges
        // The views and recognizers on each role's chain of first parents, found once
        // per role: the chains share their upper parts.
        var recognizers = Array(repeating: 0, count: program.views.count)
        for recognizer in program.recognizers where recognizers.indices.contains(recognizer.role) {
            recognizers[recognizer.role] += 1
        }
        var size: [Int?] = Array(repeating: nil, count: program.views.count)
        func sizeOfChain(_ role: Int) -> Int {
            var walk: [Int] = []
            var current: Int? = role
            var above = 0
            while let view = current, walk.count <= program.views.count {
                if let known = size[view] {
                    above = known
                    break
                }
                walk.append(view)
                current = program.views[view].parents.first
                if current.map(walk.contains) == true { break }  // a cycle the checker reported
            }
            for view in walk.reversed() {
                above += 1 + recognizers[view]
                size[view] = above
            }
            return size[role] ?? 0
        }
        var places: [Place] = []
        var spent = 0
        let targets = targets(program)
        for role in targets {
            let cost = sizeOfChain(role) * Explorer.Bounds.minimumStates
            guard places.isEmpty || spent + cost <= work else { break }
            spent += cost
            places.append(Place.alone(role, in: program, edges: edges))
        }
        return (places, Array(targets[places.count...]))
    }
}

/// Hit tests over a scene for its places, within a budget of views visited (each hit
/// test may visit every view, so a large scene would cost its size squared).
private struct SceneSurvey {
    typealias View = Place.View

    let views: [View]
    let window: Point
    private var hit = GestureRuntime.Scene()
    private let withRecognizers: Set<Int>
    private let maximumVisits: Int
    private var visits = 0

    /// Each path found: the view a touch lands on, its roles root first, and the
    /// point nearest its view's middle, with that distance.
    private(set) var found: [(touched: Int, path: [Int], point: Point, distance: Double)] = []
    private var byPath: [[Int]: Int] = [:]

    init(scene: SceneDescription, program: GestureProgram, maximumVisits: Int) {
        for view in scene.views { hit.add(parent: view.parent, frame: view.frame, properties: view.properties) }
        var window = Point(x: 0, y: 0)
        for view in scene.views where view.parent == nil {
            window.x = max(window.x, view.frame.x + view.frame.width)
            window.y = max(window.y, view.frame.y + view.frame.height)
        }
        self.window = window
        views = scene.views.map { View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties) }
        withRecognizers = Set(program.recognizers.map(\.role))
        self.maximumVisits = maximumVisits
    }

    private var affordable: Bool { visits < maximumVisits }

    private mutating func hitTest(_ point: Point) -> Int? {
        visits += views.count
        return hit.hitTest(point)
    }

    /// The roles from the root to `view`.
    private func path(to view: Int) -> [Int] {
        var path: [Int] = []
        var current: Int? = view
        while let index = current, path.count <= views.count {
            path.append(views[index].role)
            current = views[index].parent
        }
        return path.reversed()
    }

    /// Hit-tests a 3 × 3 grid over every view's touch target, keeping each path once.
    mutating func findPaths() {
        for view in views.indices where affordable {
            guard let target = hit.touchTarget(of: view), target.width > 0, target.height > 0 else { continue }
            let middle = Point(x: target.x + target.width / 2, y: target.y + target.height / 2)
            for row in 1...3 {
                for column in 1...3 {
                    let point = Point(x: target.x + target.width * Double(column) / 4, y: target.y + target.height * Double(row) / 4)
                    guard let touched = hitTest(point) else { continue }
                    let roles = path(to: touched)
                    guard roles.contains(where: withRecognizers.contains) else { continue }
                    let distance = touched == view ? (point - middle).length : .infinity
                    if let known = byPath[roles] {
                        guard found[known].touched == touched, distance < found[known].distance else { continue }
                        found[known].point = point
                        found[known].distance = distance
                    } else {
                        byPath[roles] = found.count
                        found.append((touched, roles, point, distance))
                    }
                }
            }
        }
    }

    /// The pairs of paths found (indices into `found`) worth two fingers: those whose
    /// touched views lie in a view with a recognizer, a recognizer that counts several
    /// fingers there first, at most `Place.maximumPairs`.
    func pairsOfPaths(_ program: GestureProgram) -> [(Int, Int)] {
        let multiFinger = Place.rolesCountingSeveralFingers(program)
        func ancestors(_ view: Int) -> [Int] {
            var chain: [Int] = []
            var current: Int? = view
            while let index = current, chain.count <= views.count {
                chain.append(index)
                current = views[index].parent
            }
            return chain
        }
        var candidates: [(rank: Int, first: Int, second: Int)] = []
        for first in found.indices {
            let above = Set(ancestors(found[first].touched))
            for second in found.indices where second > first && found[second].touched != found[first].touched {
                let shared = ancestors(found[second].touched).filter(above.contains).map { views[$0].role }
                guard shared.contains(where: withRecognizers.contains) else { continue }
                candidates.append((shared.contains(where: multiFinger.contains) ? 0 : 1, first, second))
            }
        }
        return candidates.sorted { ($0.rank, $0.first, $0.second) < ($1.rank, $1.first, $1.second) }
            .prefix(Place.maximumPairs).map { ($0.first, $0.second) }
    }

    /// Where further fingers go down, and the views they land on: on the same view
    /// where it has room (its touch target 100 pt apart from the first and each other,
    /// or spread evenly over its width), so that several fingers on one view are
    /// explored as one hand's gesture; a view with no room takes them 100 pt aside,
    /// wherever that lands.
    mutating func otherFingers(of found: (touched: Int, path: [Int], point: Point, distance: Double))
        -> [(point: Point, view: Int?)]
    {
        let count = 2
        var same: [(point: Point, view: Int?)] = []
        if let target = hit.touchTarget(of: found.touched) {
            for finger in 1...count {
                var x = Explorer.spot(of: finger, from: found.point, in: window).x
                // Inside the target as hit testing sees it: its far edge is outside (R3).
                if !(x >= target.x && x < target.x + target.width) {
                    x = target.x + target.width * Double(finger) / Double(count + 1)
                }
                let point = Point(x: x, y: found.point.y)
                guard point != found.point, hitTest(point) == found.touched else { break }
                same.append((point, found.touched))
            }
        }
        if same.count == count { return same }
        return (1...count).map { finger in
            let point = Explorer.spot(of: finger, from: found.point, in: window)
            return (point, hitTest(point))
        }
    }

    /// Along each edge, 5 pt inside, at eighths of the edge and at every view's middle:
    /// a one-finger start for the place it lands on, once per edge.
    mutating func addEdgeStarts(to places: inout [Place]) {
        let inset = Explorer.edgeInset
        guard window.x > 2 * inset, window.y > 2 * inset else { return }
        for (edge, along) in [("left", false), ("right", false), ("top", true), ("bottom", true)] {
            var positions = [4, 1, 7, 2, 6, 3, 5].map { (along ? window.x : window.y) * Double($0) / 8 }
            for view in views.indices {
                guard let frame = hit.windowFrame(of: view) else { continue }
                positions.append(along ? frame.x + frame.width / 2 : frame.y + frame.height / 2)
            }
            var started: Set<Int> = []
            for position in positions where affordable {
                let point =
                    switch edge {
                    case "left": Point(x: inset, y: position)
                    case "right": Point(x: window.x - inset, y: position)
                    case "top": Point(x: position, y: inset)
                    default: Point(x: position, y: window.y - inset)
                    }
                guard point.x > 0, point.y > 0, point.x < window.x, point.y < window.y,
                    let touched = hitTest(point), let index = byPath[path(to: touched)],
                    places[index].touched == touched, started.insert(index).inserted
                else { continue }
                places[index].starts.append(Explorer.Start(point: point, name: Explorer.edgeName(edge), severalFingers: false))
            }
        }
    }
}
