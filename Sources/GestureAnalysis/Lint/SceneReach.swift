import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// Where a scene keeps touches from its views (`lint --scene`): a view with recognizers
/// that no touch reaches (hidden or not interactive, R1, R8; outside its parent, R2;
/// under a view in front, R4), or a quarter or more of whose frame a view in front
/// takes. Each is a place the view's recognizers are starved of, reported by the
/// starved rule (GDL203) at the view in the scene file; hit-testing points of each
/// target as the engine does, within a budget of view visits (docs/limits.md).
enum SceneReach {
    /// Points per side of the grid hit-tested over a target.
    static let grid = 9

    /// Reports the scene's views that touches cannot reach, or reach in part, as
    /// starved places.
    static func report(_ lintScene: LintScene, into context: inout LintContext) {
        let scene = lintScene.scene
        let program = context.program
        let sources = lintScene.sources
        let maximumVisits = lintScene.maximumVisits
        let rule = Starved.info
        var hit = Scene()
        for view in scene.views { hit.add(parent: view.parent, frame: view.frame, properties: view.properties) }
        let withRecognizers = Set(program.recognizers.map(\.role))
        /// Whether `inner` is `outer` or inside it, walking up the parents (a parent
        /// comes before its subviews, so the walk ends).
        func contains(_ outer: Int, _ inner: Int) -> Bool {
            var view: Int? = inner
            while let current = view, current >= outer {
                if current == outer { return true }
                view = scene.views[current].parent
            }
            return false
        }
        func report(_ message: String, _ index: Int, notes: [String] = []) {
            let view = scene.views[index]
            let role = program.views[view.role]
            var all = notes.map { Note($0, at: view.range) }
            all.append(Note("its role '\(role.name)' is declared here", at: range(of: role.location, in: sources)))
            context.report(rule, message, range: view.range, notes: all)
        }

        // Hit-testing a point, and walking up from the view it finds, may visit every
        // view, so hit-testing for every view of a scene costs their number squared: a
        // budget of visits bounds it, and a scene too large to hit-test whole says how
        // much was (docs/limits.md).
        let checked = scene.views.indices.filter { withRecognizers.contains(scene.views[$0].role) }
        let costPerView = 4 * grid * grid * max(scene.views.count, 1)
        let affordable = max(1, maximumVisits / costPerView)
        if checked.count > affordable, let first = checked.first {
            context.report(
                LintRules.explorationBounded,
                "reachability and cover were checked for the first \(affordable) of the scene's \(checked.count) views with recognizers; "
                    + "a scene of \(scene.views.count) views is larger than lint --scene hit-tests whole",
                range: scene.views[first].range)
        }
        for (position, index) in checked.enumerated() {
            let view = scene.views[index]
            guard let target = hit.touchTarget(of: index), let frame = hit.windowFrame(of: index) else { continue }
            let names = program.recognizers.filter { $0.role == view.role }.map { "'\($0.name)'" }
            let recognizers = names.count == 1 ? "its recognizer \(names[0])" : "its recognizers " + names.joined(separator: ", ")
            let neverRun = names.count == 1 ? "never runs" : "never run"

            // Why nothing could reach it, before sampling: hidden or not hit-testable.
            if let blocker = skipped(index, in: scene) {
                let what = blocker == index ? "it is" : "its parent '\(scene.views[blocker].id)' is"
                report(
                    "no touch reaches view '\(view.id)': \(what) \(why(scene.views[blocker].properties)), so \(recognizers) \(neverRun)",
                    index)
                continue
            }

            // Hit-test the target: does any touch reach the view?
            guard position < affordable else { continue }
            var reaching = 0
            var takers: [Int: Int] = [:]
            for point in samples(target) {
                guard let taker = hit.hitTest(point) else { continue }
                if contains(index, taker) { reaching += 1 } else { takers[taker, default: 0] += 1 }
            }
            if reaching == 0 {
                let parent = view.parent
                if let parent, let bounds = hit.touchTarget(of: parent), !overlaps(frame, bounds) || !overlaps(target, bounds) {
                    report(
                        "no touch reaches view '\(view.id)': it lies outside \(parent == view.parent ? "its parent" : "its ancestor") '\(scene.views[parent].id)', where hit-testing never looks (R2), so \(recognizers) \(neverRun)",
                        index)
                } else if let front = mostFrequent(takers) {
                    report(
                        "no touch reaches view '\(view.id)': '\(scene.views[front].id)' in front takes them all (R4), so \(recognizers) \(neverRun)",
                        index)
                } else {
                    report("no touch reaches view '\(view.id)', so \(recognizers) \(neverRun)", index)
                }
                continue
            }

            // Hit-test the frame: how much of it does a view in front take, and how much
            // lies outside a parent, where hit-testing never looks (R2)? A point whose
            // hit test ends at one of the view's ancestors is outside the first ancestor
            // that does not take it in.
            var taken: [Int: Int] = [:]
            var outside: [Int: Int] = [:]
            let points = samples(frame)
            for point in points {
                guard let taker = hit.hitTest(point), !contains(index, taker) else {
                    if let clipping = firstAncestor(of: index, notContaining: point, in: hit, scene: scene) {
                        outside[clipping, default: 0] += 1
                    }
                    continue
                }
                if contains(taker, index) {
                    if let clipping = firstAncestor(of: index, notContaining: point, in: hit, scene: scene) {
                        outside[clipping, default: 0] += 1
                    }
                } else {
                    taken[taker, default: 0] += 1
                }
            }
            func share(_ counts: [Int: Int]) -> (percent: Int, total: Int, most: Int)? {
                let total = counts.values.reduce(0, +)
                guard total * 4 >= points.count, let most = mostFrequent(counts) else { return nil }
                return (Int((Double(total) * 100 / Double(points.count)).rounded()), total, most)
            }
            let grid = "of the \(points.count) points of a grid over its frame"
            if let (percent, total, front) = share(taken) {
                report(
                    "touches on \(percent)% of view '\(view.id)''s area (\(total) \(grid)) land on '\(scene.views[front].id)', in front (R4), so \(recognizers) \(neverRun) there",
                    index,
                    notes: ["make '\(scene.views[front].id)' not interactive, or move it, if \(recognizers) should see those touches"])
            }
            if let (percent, total, clipping) = share(outside) {
                let holder = "\(clipping == view.parent ? "its parent" : "its ancestor") '\(scene.views[clipping].id)'"
                report(
                    "\(percent)% of view '\(view.id)''s area (\(total) \(grid)) lies outside \(holder), where hit-testing never looks (R2), so \(recognizers) \(neverRun) there",
                    index,
                    notes: [
                        "move '\(view.id)' inside '\(scene.views[clipping].id)', or grow '\(scene.views[clipping].id)' to hold it: a part that sticks out shows but takes no touch"
                    ])
            }
        }
    }

    /// The nearest ancestor of `index` whose target does not hold `point` (hit-testing
    /// looks no further, R2), when the point still shows: nil when every ancestor holds
    /// it, or when the point is outside the window (a root) or outside a view that
    /// scrolls, which clips its content as a scroll view does, so nothing shows there.
    static func firstAncestor(of index: Int, notContaining point: Point, in hit: Scene, scene: SceneDescription) -> Int? {
        var first: Int?
        var view = scene.views[index].parent
        while let current = view {
            let properties = scene.views[current].properties
            if let target = hit.touchTarget(of: current), !target.contains(point) {
                let clips = scene.views[current].parent == nil || properties.contentWidth > 0 || properties.contentHeight > 0
                if clips { return nil }
                first = first ?? current
            }
            view = scene.views[current].parent
        }
        return first
    }

    /// The view, or the nearest of its parents, that hit-testing skips with its subtree.
    static func skipped(_ index: Int, in scene: SceneDescription) -> Int? {
        var view: Int? = index
        while let current = view {
            if skipsHitTesting(scene.views[current].properties) { return current }
            view = scene.views[current].parent
        }
        return nil
    }

    /// A `grid` × `grid` lattice of points inside `rect`, at the centres of its cells.
    static func samples(_ rect: Rect) -> [Point] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        var points: [Point] = []
        for row in 0..<grid {
            for column in 0..<grid {
                points.append(
                    Point(
                        x: rect.x + rect.width * (Double(column) + 0.5) / Double(grid),
                        y: rect.y + rect.height * (Double(row) + 0.5) / Double(grid)))
            }
        }
        return points
    }

    static func skipsHitTesting(_ properties: ViewProperties) -> Bool {
        properties.hidden || !properties.interactive || !(properties.alpha >= 0.01)
    }

    static func why(_ properties: ViewProperties) -> String {
        if properties.hidden { return "hidden (R1)" }
        if !properties.interactive { return "not interactive (R1, R8)" }
        return "almost transparent, alpha \(NumberText.format(properties.alpha)) (R1)"
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// The key counted most often; the lowest index among equals, so output is stable.
    static func mostFrequent(_ counts: [Int: Int]) -> Int? {
        counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    }

    static func size(_ rect: Rect) -> String { QuantityText.size(width: rect.width, height: rect.height) }

    /// The word at a program location in the spec.
    static func range(of location: SourceLocation, in sources: SourceManager) -> SourceRange {
        let file = sources[FileID(location.file)]
        let start = min(file.lineRange(location.line).lowerBound + location.column - 1, file.bytes.count)
        return SourceRange(file: FileID(location.file), start: start, end: min(start + 1, file.bytes.count))
    }
}
