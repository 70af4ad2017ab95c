import GestureCompiler
import GestureDSL
import TestSupport
import Testing

@testable import GestureImport

/// Drafts `text` as the file `name` and returns the draft, after checking it compiles.
func draft(_ text: String, name: String = "Screen.swift", sourceLocation: SourceLocation = #_sourceLocation) -> Importer.Result {
    let result = Importer.run([sourceFile(name, text)])
    let build = Compilation.build(roots: [SourceFile(path: "draft.gdl", text: result.draft)], loader: InMemorySourceLoader([:]))
    let errors = build.compilation.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "the draft does not check: \(errors)\n\(result.draft)", sourceLocation: sourceLocation)
    return result
}

/// The draft's lines without their `// from` comments, spaces collapsed.
func lines(_ result: Importer.Result) -> [String] {
    result.draft.split(separator: "\n").map { line in
        let code = line.range(of: "  // from").map { String(line[..<$0.lowerBound]) } ?? String(line)
        return code.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

@Suite struct SwiftSetUpTests {
    @Test func recognizersTheirSettingsAndTheirViews() {
        let result = draft(
            """
            class ListViewController: UIViewController {
                var refresh: UIPanGestureRecognizer!
                override func viewDidLoad() {
                    let press = UILongPressGestureRecognizer(target: self, action: #selector(menu))
                    press.minimumPressDuration = 1.5
                    press.numberOfTouchesRequired = 2
                    press.cancelsTouchesInView = false
                    tableView.addGestureRecognizer(press)
                    refresh = UIPanGestureRecognizer(target: self, action: #selector(pull))
                    self.refresh.maximumNumberOfTouches = 1
                    self.view.addGestureRecognizer(self.refresh)
                    cell.contentView.addGestureRecognizer(UISwipeGestureRecognizer(target: self, action: #selector(archive)))
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("recognizer press = longPress(minimumDuration: 1500ms, touches: 2) on tableView {"))
        #expect(text.contains("cancelsTouchesInView: false"))
        #expect(text.contains("recognizer refresh = pan(maximumTouches: 1) on listView"))
        // Made inline: named after its action, on the cell (a cell's contentView is the cell's).
        #expect(text.contains("recognizer archive = swipe on cell"))
        #expect(text.contains("view listView {"))
    }

    @Test func localsOfOneNameInTwoMethodsAreTwoRecognizers() {
        let result = draft(
            """
            class PairView: UIView {
                func setUpLeft() {
                    let tap = UITapGestureRecognizer(target: self, action: #selector(left))
                    tap.numberOfTapsRequired = 2
                    leftView.addGestureRecognizer(tap)
                }
                func setUpRight() {
                    let tap = UITapGestureRecognizer(target: self, action: #selector(right))
                    rightView.addGestureRecognizer(tap)
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("recognizer leftViewTap = tap(taps: 2) on leftView"))
        #expect(text.contains("recognizer rightViewTap = tap on rightView"))
    }

    @Test func failureRequirementsAndTheScrollViewsOwnRecognizers() {
        let result = draft(
            """
            class PagerViewController: UIViewController {
                let swipe = UISwipeGestureRecognizer(target: self, action: #selector(next))
                override func viewDidLoad() {
                    swipe.direction = .left
                    view.addGestureRecognizer(swipe)
                    collectionView.panGestureRecognizer.require(toFail: swipe)
                    swipe.require(toFail: navigationController!.interactivePopGestureRecognizer!)
                    scrollView.pinchGestureRecognizer?.require(toFail: swipe)
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("use scrollView on collectionView"))
        #expect(text.contains("collectionViewPan requires swipe to fail"))
        #expect(text.contains("use navigationBack on pagerView"))
        #expect(text.contains("swipe requires pagerViewBack to fail"))
        #expect(text.contains("use zoomingScrollView on scrollView"))
        #expect(text.contains("scrollViewZoom requires swipe to fail"))
    }

    @Test func controlsAndViewsWithRecognizersOfTheirOwn() {
        let result = draft(
            """
            class PlayerViewController: UIViewController {
                @IBOutlet weak var scrubber: UISlider!
                let playButton = UIButton(type: .system)
                var toggle: UISwitch = UISwitch()
                let notes = UITextView()
                override func viewDidLoad() {
                    view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(hideControls)))
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("view scrubber { control: slider }"))
        #expect(text.contains("view playButton { control: button }"))
        #expect(text.contains("view toggle { control: switch }"))
        #expect(text.contains("use textSelection on notes"))
    }

    @Test func aTypeThatSetsUpNoGestureIsNoSet() {
        let result = draft("class Plain: UIViewController { let button = UIButton() }")
        #expect(result.setup.screens.isEmpty)
        #expect(result.draft.contains("sets up no gestures"))
    }
}

@Suite struct DelegateTranslationTests {
    func delegate(_ methods: String) -> Importer.Result {
        draft(
            """
            class PhotoViewController: UIViewController, UIGestureRecognizerDelegate {
                let pan = UIPanGestureRecognizer(target: self, action: #selector(drag))
                let pinch = UIPinchGestureRecognizer(target: self, action: #selector(zoom))
                override func viewDidLoad() {
                    pan.delegate = self
                    pinch.delegate = self
                    photo.addGestureRecognizer(pan)
                    photo.addGestureRecognizer(pinch)
                }
            \(methods)
            }
            """)
    }

    func properties(_ result: Importer.Result, of name: String) -> [String] {
        result.setup.screens.first?.recognizers.first { $0.name == name }?.properties.map { "\($0.label): \($0.value)" } ?? []
    }

    @Test func aConstantAnswer() {
        let result = delegate(
            """
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
                return true
            }
            """)
        #expect(properties(result, of: "pan") == ["shouldRecognizeSimultaneously: true"])
        #expect(properties(result, of: "pinch") == ["shouldRecognizeSimultaneously: true"])
    }

    @Test func whichRecognizerAsksIsDecidedForEach() {
        let result = delegate(
            """
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
                if gestureRecognizer == pan {
                    return otherGestureRecognizer == pinch
                }
                return otherGestureRecognizer is UIPanGestureRecognizer
            }
            """)
        #expect(properties(result, of: "pan") == ["shouldRecognizeSimultaneously: other == pinch"])
        #expect(properties(result, of: "pinch") == ["shouldRecognizeSimultaneously: other.kind == pan"])
    }

    @Test func velocityAndAppStateInShouldBegin() {
        let result = delegate(
            """
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                guard let drag = gestureRecognizer as? UIPanGestureRecognizer else { return true }
                let v = drag.velocity(in: view)
                return abs(v.x) > abs(v.y) * 2 && v.x > 300 && !self.isEditing
            }
            """)
        #expect(properties(result, of: "pan") == ["shouldBegin: abs(velocity.x) > abs(velocity.y) * 2 && velocity.x > 300pt / 1s && !isEditing"])
        #expect(properties(result, of: "pinch").isEmpty)
        #expect(result.setup.screens[0].hooks.map(\.name) == ["isEditing"])
        #expect(result.setup.notes.contains { $0.category == .hook })
    }

    @Test func aComparisonOfAppStateIsOneHookNamedAfterIt() {
        let result = delegate(
            """
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                return scrollView.contentOffset.y <= 0
            }
            """)
        #expect(properties(result, of: "pan") == ["shouldBegin: scrollViewContentOffsetYAtMost0"])
    }

    @Test func aHookOnlyADefaultAnswerReadsIsNeitherDeclaredNorReported() {
        // `isLocked || true` is UIKit's default answer whatever the app says: nothing
        // is written, so nothing names the hook.
        let result = delegate(
            """
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                return isLocked || true
            }
            """)
        #expect(properties(result, of: "pan").isEmpty)
        #expect(result.setup.screens[0].hooks.isEmpty)
        #expect(!result.summary.contains("isLocked"))
    }

    @Test func theTouchesView() {
        let result = delegate(
            """
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                if touch.view == photo { return true }
                return !(touch.view?.isDescendant(of: toolbar) ?? false)
            }
            """)
        // `?? false` is not read: the method is a TODO, with UIKit's default.
        #expect(properties(result, of: "pan") == ["shouldReceiveTouch: shouldReceiveTouchTodo"])
        let simple = delegate(
            """
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                return touch.view != photo
            }
            """)
        #expect(properties(simple, of: "pan") == ["shouldReceiveTouch: touchedView != photo"])
    }

    @Test func requirementQuestionsBecomeRequirements() {
        let result = delegate(
            """
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
                return gestureRecognizer === pan && otherGestureRecognizer === pinch
            }
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
                return gestureRecognizer == pinch && other == pan
            }
            """)
        let relations = result.setup.screens[0].relations.map(\.form)
        #expect(relations == [.requires(dependent: "pan", required: "pinch")])
    }

    @Test func anUntranslatableMethodIsAHookWithATodoThatQuotesIt() {
        let result = delegate(
            """
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
                for item in items where item.isActive { return true }
                return false
            }
            """)
        #expect(properties(result, of: "pan") == ["shouldRecognizeSimultaneously: recognizesTogetherTodo"])
        let hook = result.setup.screens[0].hooks.first
        #expect(hook?.todo == true && hook?.defaultValue == false)
        #expect(hook?.quote.contains("for item in items") == true)
        #expect(result.draft.contains("hook recognizesTogetherTodo = false"))
        #expect(result.summary.contains("TODO"))
    }
}

@Suite struct ObjectiveCSetUpTests {
    @Test func touchTypesInTheirSpellings() {
        // R87: UIKit's touch types by case, by raw value in an NSNumber array, and by
        // Objective-C's constants, the old `stylus` among them.
        let swift = draft(
            """
            class CanvasViewController: UIViewController {
                override func viewDidLoad() {
                    let draw = UIPanGestureRecognizer(target: self, action: #selector(stroke))
                    draw.allowedTouchTypes = [UITouch.TouchType.pencil.rawValue as NSNumber]
                    draw.requiresExclusiveTouchType = false
                    canvas.addGestureRecognizer(draw)
                    let scroll = UIPanGestureRecognizer(target: self, action: #selector(move))
                    scroll.allowedTouchTypes = [NSNumber(value: UITouch.TouchType.direct.rawValue), NSNumber(value: UITouch.TouchType.indirectPointer.rawValue)]
                    view.addGestureRecognizer(scroll)
                }
            }
            """)
        let text = lines(swift)
        #expect(text.contains("allowedTouchTypes: pencil"), "\(swift.draft)")
        #expect(text.contains("requiresExclusiveTouchType: false"))
        #expect(text.contains("allowedTouchTypes: [direct, indirectPointer]"))
        let objectiveC = draft(
            """
            @implementation CanvasViewController
            - (void)viewDidLoad {
                UITapGestureRecognizer *mark = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(mark:)];
                mark.allowedTouchTypes = @[@(UITouchTypeStylus)];
                [self.canvas addGestureRecognizer:mark];
            }
            @end
            """, name: "CanvasViewController.m")
        #expect(lines(objectiveC).contains("allowedTouchTypes: pencil"), "\(objectiveC.draft)")
    }

    @Test func scrollTypesInTheirSpellings() {
        // R88: a pan's `allowedScrollTypesMask` in Swift's option set and Objective-C's
        // constants; both types are `all`.
        let swift = draft(
            """
            class MapViewController: UIViewController {
                override func viewDidLoad() {
                    let wheel = UIPanGestureRecognizer(target: self, action: #selector(zoom))
                    wheel.allowedScrollTypesMask = .discrete
                    map.addGestureRecognizer(wheel)
                    let drag = UIPanGestureRecognizer(target: self, action: #selector(move))
                    drag.allowedScrollTypesMask = [.discrete, .continuous]
                    view.addGestureRecognizer(drag)
                }
            }
            """)
        let text = lines(swift)
        #expect(text.contains("allowedScrollTypes: discrete"), "\(swift.draft)")
        #expect(text.contains("allowedScrollTypes: all"))
        let objectiveC = draft(
            """
            @implementation MapViewController
            - (void)viewDidLoad {
                UIPanGestureRecognizer *drag = [[UIPanGestureRecognizer alloc] initWithTarget:self action:@selector(move:)];
                drag.allowedScrollTypesMask = UIScrollTypeMaskContinuous;
                [self.map addGestureRecognizer:drag];
            }
            @end
            """, name: "MapViewController.m")
        #expect(lines(objectiveC).contains("allowedScrollTypes: continuous"), "\(objectiveC.draft)")
    }

    @Test func aHoverRecognizerIsTheHoverKind() {
        // R90: UIKit's hover recognizer is the prelude's hover, its touch types kept.
        let swift = draft(
            """
            class ToolbarViewController: UIViewController {
                override func viewDidLoad() {
                    let glow = UIHoverGestureRecognizer(target: self, action: #selector(highlight))
                    glow.allowedTouchTypes = [UITouch.TouchType.pencil.rawValue as NSNumber]
                    button.addGestureRecognizer(glow)
                }
            }
            """)
        let text = lines(swift)
        #expect(text.contains { $0.contains("= hover on") }, "\(swift.draft)")
        #expect(text.contains("allowedTouchTypes: pencil"))
    }

    @Test func aTouchsTypeInTheDelegateIsTheTouchTypeFeature() {
        // R87: `touch.type` compared with a type, in Swift's and Objective-C's spellings.
        let swift = draft(
            """
            class CanvasViewController: UIViewController, UIGestureRecognizerDelegate {
                override func viewDidLoad() {
                    let mark = UITapGestureRecognizer(target: self, action: #selector(stamp))
                    mark.delegate = self
                    canvas.addGestureRecognizer(mark)
                }
                func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                    return touch.type == .pencil || touch.type == UITouch.TouchType.indirectPointer
                }
            }
            """)
        #expect(lines(swift).contains("shouldReceiveTouch: touchType == pencil || touchType == indirectPointer"), "\(swift.draft)")
        let objectiveC = draft(
            """
            @implementation CanvasViewController
            - (void)viewDidLoad {
                UITapGestureRecognizer *mark = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(stamp:)];
                mark.delegate = self;
                [self.canvas addGestureRecognizer:mark];
            }
            - (BOOL)gestureRecognizer:(UIGestureRecognizer *)gestureRecognizer shouldReceiveTouch:(UITouch *)touch {
                return touch.type != UITouchTypeStylus;
            }
            @end
            """, name: "CanvasViewController.m")
        #expect(lines(objectiveC).contains("shouldReceiveTouch: touchType != pencil"), "\(objectiveC.draft)")
    }

    @Test func theSpellingsOfObjectiveC() {
        let result = draft(
            """
            @implementation GalleryViewController
            - (void)viewDidLoad {
                UITapGestureRecognizer *doubleTap = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(zoom:)];
                [doubleTap setNumberOfTapsRequired:2];
                doubleTap.delaysTouchesBegan = YES;
                [self.imageView addGestureRecognizer:doubleTap];
                UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(toggle:)];
                [tap requireGestureRecognizerToFail:doubleTap];
                tap.delegate = self;
                [self.imageView addGestureRecognizer:tap];
                UISwipeGestureRecognizer *swipe = [[UISwipeGestureRecognizer alloc] initWithTarget:self action:@selector(next:)];
                swipe.direction = UISwipeGestureRecognizerDirectionLeft | UISwipeGestureRecognizerDirectionRight;
                [self.view addGestureRecognizer:swipe];
            }
            - (BOOL)gestureRecognizer:(UIGestureRecognizer *)gestureRecognizer shouldRecognizeSimultaneouslyWithGestureRecognizer:(UIGestureRecognizer *)otherGestureRecognizer {
                return [otherGestureRecognizer isKindOfClass:[UISwipeGestureRecognizer class]];
            }
            - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
                CGPoint velocity = [(UIPanGestureRecognizer *)gestureRecognizer velocityInView:self.view];
                return fabs(velocity.y) < 100 || _allowsTap;
            }
            @end
            """, name: "GalleryViewController.m")
        let text = lines(result)
        #expect(text.contains("recognizer doubleTap = tap(taps: 2) on imageView {"))
        #expect(text.contains("delaysTouchesBegan: true"))
        #expect(text.contains("tap requires doubleTap to fail"))
        #expect(text.contains("recognizer swipe = swipe(direction: [left, right]) on galleryView"))
        #expect(text.contains("shouldRecognizeSimultaneously: other.kind == swipe"))
        #expect(text.contains("shouldBegin: abs(velocity.y) < 100pt / 1s || allowsTap"))
    }
}

@Suite struct HostileSourceTests {
    @Test(arguments: [
        "class A: UIView { let s = \"never ends",
        "class A: UIView { /* /* nested */ never closed",
        "class A: UIView { func f() { addGestureRecognizer(",
        "}}}}]]])))) class { { UITapGestureRecognizer( ",
        "let x = \"\\(\"\\(\"\\(deep)\")\")\" ; UIPanGestureRecognizer.require(toFail:",
        String(repeating: "(", count: 10_000) + "UITapGestureRecognizer" + String(repeating: "}", count: 10_000),
        String(repeating: "/*", count: 200) + "x",
        "- (BOOL)gestureRecognizer:(UIGestureRecognizer *)g shouldReceiveTouch:(UITouch *)t { return [[[[[[",
        "class A: UIView { let t = UITapGestureRecognizer.init",
        "class A: UIView { let t = UITapGestureRecognizer.init )",
        "struct V: View { var body: some View { Text(\"a\").gesture(TapGesture().simultaneously():x) } }",
        "func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { return "
            + String(repeating: "!(", count: 500) + "true" + String(repeating: ")", count: 500) + " }",
    ])
    func malformedSourceGivesNotesNeverACrash(_ text: String) {
        let result = draft("class Host: UIView { let t = UITapGestureRecognizer(target: self, action: #selector(f)) }\n" + text, name: "Bad.swift")
        #expect(result.draft.hasPrefix("// Drafted by"))
    }

    @Test func valuesBelowTheKindsBoundsAreRaisedToThem() {
        // Found by the fuzz target: `count: 0` drafted `tap(taps: 0)`, which no tap meets.
        let result = draft(
            """
            struct Grid: View {
                var body: some View { Image("a").onTapGesture(count: 0) { } }
            }
            class Hold: UIView {
                func setUp() {
                    let press = UILongPressGestureRecognizer(target: self, action: #selector(down))
                    press.minimumPressDuration = 0
                    addGestureRecognizer(press)
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(drag))
                    pan.minimumNumberOfTouches = 3
                    pan.maximumNumberOfTouches = 2
                    addGestureRecognizer(pan)
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("recognizer imageTap = tap(taps: 1) on image"))
        #expect(text.contains("recognizer press = longPress(minimumDuration: 1ms) on hold"))
        #expect(text.contains("recognizer pan = pan(maximumTouches: 2) on hold"))
        #expect(result.setup.notes.filter { $0.message.contains("the draft") && $0.message.contains("least") }.count == 2)
    }

    @Test func twoTypesNamedAlikeInTheLanguageGiveTwoSets() {
        // Found by the fuzz target: a name with letters the language does not take.
        let result = draft(
            """
            struct PhotoGrid: View { var body: some View { Image("a").onTapGesture { } } }
            struct PhotoéGrid: View { var body: some View { Image("b").onTapGesture { } } }
            """)
        #expect(result.draft.contains("gestures PhotoGrid {"))
        #expect(result.draft.contains("gestures PhotoGrid2 {"))
    }

    @Test func aSetThatWouldNotCheckIsCommentedOutAndNoted() {
        let file = sourceFile("A.swift", "class A: UIView {}")
        let screen = Screen(name: "A", flavor: .view, place: CodePlace(file: 0, offset: 0))
        let writer = DraftWriter(setup: CodeSetup(), files: [file])
        let (text, problem) = writer.checked("gestures A {\n  view a\n  recognizer r = nope on a\n}\n", of: screen)
        #expect(problem?.contains("nope") == true)
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
        #expect(text.contains("// gestures A {"))
    }

    @Test func randomTokenSoupEndsAndDraftsASpecThatChecks() {
        var generator = SplitMix64(seed: 7)
        let pieces = [
            "class V: UIView {", "}", "{", "(", ")", "[", "]", "let tap = ", "UITapGestureRecognizer(target: self)", "tap.",
            "numberOfTapsRequired = ", "2", "addGestureRecognizer(tap)", "tap.require(toFail: tap)", "\"", "/*", "*/", "\n",
            "func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {", "return ", "g == tap", "&&", "||", "!",
            "[[UIPanGestureRecognizer alloc] init]", "delegate = self", "if ", "guard ", "else", "as? UIPanGestureRecognizer",
            ".velocity(in: view).x", " > ", "#selector(f)", "@selector(g:)", "UIButton()", "let b: UISlider", ";",
        ]
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<generator.below(80) { text += pieces[generator.below(pieces.count)] + " " }
            _ = draft(text, name: "Soup.swift")
        }
    }
}

@Suite struct SceneNestingTests {
    @Test func rolesNestAsTheScenesViews() throws {
        let scene = SceneNesting(views: [
            .init(id: "root", role: "listView", parent: nil),
            .init(id: "table", role: "tableView", parent: "root"),
            .init(id: "cell", role: "cell", parent: "table"),
            .init(id: "wrapper", role: "wrapper", parent: "cell"),
            .init(id: "star", role: "starButton", parent: "wrapper"),
        ])
        let source = """
            class ListViewController: UIViewController {
                let starButton = UIButton()
                override func viewDidLoad() {
                    cell.addGestureRecognizer(UILongPressGestureRecognizer(target: self, action: #selector(menu)))
                    tableView.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(drag)))
                }
            }
            """
        let result = Importer.run([sourceFile("List.swift", source)], scene: scene)
        let parents = Dictionary(uniqueKeysWithValues: result.setup.screens[0].roles.map { ($0.name, $0.parent ?? "-") })
        #expect(parents == ["listView": "-", "tableView": "listView", "cell": "tableView", "starButton": "cell"])
        #expect(lines(result).contains("view starButton { control: button }"))
    }

    @Test func aSceneReadFromItsJSON() throws {
        let file = SourceFile(
            path: "s.json", text: #"{"views": [{"id": "w", "role": "window", "frame": [0,0,1,1]}, {"id": "p", "parent": "w", "frame": [0,0,1,1]}]}"#)
        guard case .success(let scene) = SceneNesting.read(file) else {
            Issue.record("the scene did not read")
            return
        }
        #expect(scene.views == [.init(id: "w", role: "window", parent: nil), .init(id: "p", role: "p", parent: "w")])
        guard case .failure(let error) = SceneNesting.read(SourceFile(path: "s.json", text: "[1, 2]")) else {
            Issue.record("an array is no scene")
            return
        }
        #expect(error.reason.contains("views"))
    }
}

@Suite struct ImportCheckTests {
    let code = """
        class PhotoViewController: UIViewController {
            override func viewDidLoad() {
                let doubleTap = UITapGestureRecognizer(target: self, action: #selector(zoom))
                doubleTap.numberOfTapsRequired = 2
                photo.addGestureRecognizer(doubleTap)
                let tap = UITapGestureRecognizer(target: self, action: #selector(toggle))
                tap.require(toFail: doubleTap)
                photo.addGestureRecognizer(tap)
            }
        }
        """

    func compare(_ spec: String) -> [ImportCheck.Difference] {
        let files = [sourceFile("Sources/Photo.swift", code)]
        let result = Importer.run(files)
        let build = Compilation.build(roots: [SourceFile(path: "Photo.gdl", text: spec)], loader: InMemorySourceLoader([:]))
        #expect(!build.sets.isEmpty)
        return ImportCheck.compare(draft: result, files: files, specSets: build.sets)
    }

    @Test func aReviewedSpecThatSaysWhatTheCodeDoesAgrees() {
        let differences = compare(
            """
            gestures Photos {
              view window { view photo }
              /// Zooms.
              recognizer doubleTap = tap(taps: 2) on photo
              recognizer tap = tap on photo { shouldBegin: true }
              tap requires doubleTap to fail
            }
            """)
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test func touchTypesTheCodeSetsAreHeldToTheSpec() {
        // R87: the code draws with the Pencil only and mixes types; a spec that says
        // otherwise differs on both settings.
        let files = [
            sourceFile(
                "Sources/Canvas.swift",
                """
                class CanvasViewController: UIViewController {
                    override func viewDidLoad() {
                        let draw = UIPanGestureRecognizer(target: self, action: #selector(stroke))
                        draw.allowedTouchTypes = [UITouch.TouchType.pencil.rawValue as NSNumber]
                        draw.requiresExclusiveTouchType = false
                        canvas.addGestureRecognizer(draw)
                    }
                }
                """)
        ]
        func differences(_ properties: String) -> [String] {
            let spec = "gestures Canvas {\n  view window { view canvas }\n  recognizer draw = pan on canvas \(properties)\n}\n"
            let build = Compilation.build(roots: [SourceFile(path: "Canvas.gdl", text: spec)], loader: InMemorySourceLoader([:]))
            return ImportCheck.compare(draft: Importer.run(files), files: files, specSets: build.sets).map(\.message)
        }
        #expect(differences("{ allowedTouchTypes: pencil; requiresExclusiveTouchType: false }") == [])
        #expect(
            differences("{ allowedTouchTypes: [direct, pencil] }") == [
                "'draw': requiresExclusiveTouchType is false in the code and true in the spec",
                "'draw': allowedTouchTypes is [pencil] in the code and [direct, pencil] in the spec",
            ])
    }

    @Test func scrollTypesTheCodeSetsAreHeldToTheSpec() {
        // R88: the code's pan takes the trackpad's scrolls; a spec that takes none differs.
        let files = [
            sourceFile(
                "Sources/Map.swift",
                """
                class MapViewController: UIViewController {
                    override func viewDidLoad() {
                        let drag = UIPanGestureRecognizer(target: self, action: #selector(move))
                        drag.allowedScrollTypesMask = .continuous
                        map.addGestureRecognizer(drag)
                    }
                }
                """)
        ]
        func differences(_ properties: String) -> [String] {
            let spec = "gestures Map {\n  view window { view map }\n  recognizer drag = pan on map \(properties)\n}\n"
            let build = Compilation.build(roots: [SourceFile(path: "Map.gdl", text: spec)], loader: InMemorySourceLoader([:]))
            return ImportCheck.compare(draft: Importer.run(files), files: files, specSets: build.sets).map(\.message)
        }
        #expect(differences("{ allowedScrollTypes: continuous }") == [])
        #expect(differences("") == ["'drag': allowedScrollTypes is [continuous] in the code and [] in the spec"])
    }

    @Test func differencesBothWaysWithTheirPlaces() {
        let differences = compare(
            """
            gestures Photos {
              view window { view photo }
              recognizer doubleTap = tap(taps: 3) on photo
              recognizer tap = longPress on photo
              recognizer spin = rotation on window
              simultaneous doubleTap, spin
            }
            """)
        #expect(
            differences.map(\.message) == [
                "'doubleTap': taps is 2 in the code and 3 in the spec",
                "'tap' is a tap in the code and a longPress in the spec",
                "the spec declares 'spin'; the code makes no recognizer of that name",
                "the code has 'tap requires doubleTap to fail'; the spec does not",
            ])
        #expect(differences[0].code == "Sources/Photo.swift:3:25")
        #expect(differences[0].spec == "Photo.gdl:3:14")
        #expect(differences[2].code == nil && differences[2].spec == "Photo.gdl:5:14")
    }
}
