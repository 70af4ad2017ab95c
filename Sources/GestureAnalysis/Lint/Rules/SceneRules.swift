import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// The rules `lint --scene SCENE` adds: what only real frames show. Each looks at the
/// view instances of the scene whose roles have recognizers, hit-testing points of
/// their touch targets as the engine does (R1–R7), and reports at the view in the
/// scene, with a note at its role in the spec.
enum SceneRules {
    static let smallTarget = LintRuleInfo(
        id: "GDL214", name: "scene-small-target", severity: .warning,
        summary: "a view with recognizers whose touch target in the scene is under 44 × 44 pt",
        explanation: """
            Apple's guidelines ask for touch targets of at least 44 × 44 pt; smaller ones
            are missed. With `--scene`, lint measures each view that has recognizers as the
            scene places it: its frame grown by its role's `hitSlop`, then to its
            `minimumTarget` (R7). Under 44 pt in either direction, it warns and says how
            much `hitSlop` would reach 44 pt.

            Triggers (a 20 × 20 pt button in the scene):

                view closeButton
                recognizer close = tap on closeButton

            Does not:

                view closeButton { minimumTarget: 44pt }
            """)

    static let unreachable = LintRuleInfo(
        id: "GDL215", name: "scene-unreachable", severity: .warning,
        summary: "a view with recognizers that no touch in the scene can reach",
        explanation: """
            Recognizers see the touches whose hit-test view is their view or inside it
            (R18). With `--scene`, lint hit-tests a grid of points over each touch target:
            when none reaches the view, its recognizers never run there. The finding says
            why: the view or a parent is hidden, not interactive or transparent (R1, R8),
            it lies outside its parent's bounds, where hit-testing never looks (R2), or a
            view in front takes every touch (R4).

            Triggers: a button placed outside its toolbar's frame; a card under a full-size
            overlay that is interactive.

            Does not: the same button inside the toolbar; an overlay that is not
            interactive or is transparent where empty.
            """)

    static let covered = LintRuleInfo(
        id: "GDL216", name: "scene-covered", severity: .warning,
        summary: "a view with recognizers partly covered by a view in front that takes the touches",
        explanation: """
            A view in front that takes touches hides what is behind it from hit-testing
            (R4), although both are drawn: a badge over a cell's corner, a transparent but
            interactive overlay over part of a button. With `--scene`, lint hit-tests a
            grid of points over each view's frame and warns when a quarter or more of it
            is taken by a view that is neither inside it nor one of its parents.

            Triggers: a 100 pt cell with an interactive 60 pt badge over its corner.

            Does not: a badge made not interactive, or placed inside the cell (its touches
            then reach the cell's recognizers too).
            """)

    static let infos = [smallTarget, unreachable, covered]

    /// Points per side of the grid hit-tested over a target.
    static let grid = 9

    /// The most views all the hit tests of one scene may visit (an estimate: each
    /// point may visit every view).
    static let maximumVisits = 20_000_000

    /// The findings of `scene`, a scene of `program` read from a file in `sources`.
    static func check(
        _ scene: SceneDescription, of program: GestureProgram, sources: SourceManager, disabled: Set<DiagnosticID>,
        maximumVisits: Int = SceneRules.maximumVisits
    ) -> [LintFinding] {
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
        /// The view, or the nearest of its parents, that hit-testing skips with its subtree.
        func skipped(_ index: Int) -> Int? {
            var view: Int? = index
            while let current = view {
                if skipsHitTesting(scene.views[current].properties) { return current }
                view = scene.views[current].parent
            }
            return nil
        }

        var findings: [LintFinding] = []
        func report(_ rule: LintRuleInfo, _ message: String, _ index: Int, notes: [String] = []) {
            guard !disabled.contains(rule.id) else { return }
            let view = scene.views[index]
            let role = program.views[view.role]
            var all = notes.map { Note($0, at: view.range) }
            all.append(Note("its role '\(role.name)' is declared here", at: range(of: role.location, in: sources)))
            findings.append(
                LintFinding(
                    rule: rule, severity: rule.severity, message: message, range: view.range, notes: all, counterexample: nil))
        }

        // Hit-testing a point, and walking up from the view it finds, may visit every
        // view, so hit-testing for every view of a scene costs their number squared: a
        // budget of visits bounds it, and a scene too large to hit-test whole says how
        // much was (docs/limits.md). Sizes cost nothing and are checked for every view.
        let checked = scene.views.indices.filter { withRecognizers.contains(scene.views[$0].role) }
        let costPerView = 4 * grid * grid * max(scene.views.count, 1)
        let affordable = max(1, maximumVisits / costPerView)
        if checked.count > affordable, let first = checked.first, !disabled.contains(unreachable.id) {
            findings.append(
                LintFinding(
                    rule: unreachable, severity: .note,
                    message:
                        "reachability and cover were checked for the first \(affordable) of the scene's \(checked.count) views with recognizers; "
                        + "a scene of \(scene.views.count) views is larger than lint --scene hit-tests whole",
                    range: scene.views[first].range, notes: [], counterexample: nil))
        }
        for (position, index) in checked.enumerated() {
            let view = scene.views[index]
            guard let target = hit.touchTarget(of: index), let frame = hit.windowFrame(of: index) else { continue }
            let names = program.recognizers.filter { $0.role == view.role }.map { "'\($0.name)'" }
            let recognizers = names.count == 1 ? "its recognizer \(names[0])" : "its recognizers " + names.joined(separator: ", ")
            let neverRun = names.count == 1 ? "never runs" : "never run"

            // Why nothing could reach it, before sampling: hidden or not hit-testable.
            if let blocker = skipped(index) {
                let what = blocker == index ? "it is" : "its parent '\(scene.views[blocker].id)' is"
                report(
                    unreachable, "no touch reaches view '\(view.id)': \(what) \(why(scene.views[blocker].properties)), so \(recognizers) \(neverRun)",
                    index)
                continue
            }

            if target.width < 44 || target.height < 44 {
                let slop = (44 - min(target.width, target.height)) / 2 + view.properties.hitSlop
                report(
                    smallTarget,
                    "view '\(view.id)' takes touches in \(size(target)), under 44 × 44pt",
                    index,
                    notes: ["'minimumTarget: 44pt' or 'hitSlop: \(QuantityText.format(slop.rounded(.up), .distance))' on its role reaches 44pt (R7)"])
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
                        unreachable,
                        "no touch reaches view '\(view.id)': it lies outside its parent '\(scene.views[parent].id)', where hit-testing never looks (R2), so \(recognizers) \(neverRun)",
                        index)
                } else if let front = mostFrequent(takers) {
                    report(
                        unreachable,
                        "no touch reaches view '\(view.id)': '\(scene.views[front].id)' in front takes them all (R4), so \(recognizers) \(neverRun)",
                        index)
                } else {
                    report(unreachable, "no touch reaches view '\(view.id)', so \(recognizers) \(neverRun)", index)
                }
                continue
            }

            // Hit-test the frame: how much of it does a view in front take?
            var taken: [Int: Int] = [:]
            let points = samples(frame)
            for point in points {
                guard let taker = hit.hitTest(point), !contains(index, taker), !contains(taker, index) else { continue }
                taken[taker, default: 0] += 1
            }
            let total = taken.values.reduce(0, +)
            if total * 4 >= points.count, let front = mostFrequent(taken) {
                let percent = Int((Double(total) * 100 / Double(points.count)).rounded())
                report(
                    covered,
                    "\(percent)% of view '\(view.id)' is covered by '\(scene.views[front].id)', which takes the touches there (R4)",
                    index,
                    notes: ["make '\(scene.views[front].id)' not interactive, or move it, if \(recognizers) should see those touches"])
            }
        }
        return findings
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

    static func size(_ rect: Rect) -> String {
        "\(NumberText.format((rect.width * 10).rounded() / 10)) × \(QuantityText.format(rect.height, .distance))"
    }

    /// The word at a program location in the spec.
    static func range(of location: SourceLocation, in sources: SourceManager) -> SourceRange {
        let file = sources[FileID(location.file)]
        let start = min(file.lineRange(location.line).lowerBound + location.column - 1, file.bytes.count)
        return SourceRange(file: FileID(location.file), start: start, end: min(start + 1, file.bytes.count))
    }
}
