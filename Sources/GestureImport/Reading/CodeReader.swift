import GestureDSL

/// Reads Swift and Objective-C sources into a `CodeSetup`: the recognizers each type
/// makes, what it sets on them, where it adds them, their failure requirements, its
/// delegate methods, and the controls and scroll views it holds. It matches the call
/// shapes UIKit's gesture API is written in over a token stream (`CodeScanner`), in
/// both languages, and resolves names as Swift scopes them (the innermost block that
/// declares one). It never fails: what it cannot read becomes an `ImportNote`.
public enum CodeReader {
    public static func read(_ files: [SourceFile]) -> CodeSetup {
        var reading = Reading(files: files)
        reading.run()
        return reading.finish()
    }
}

/// A type declaration: its name, what it inherits, and its body's tokens.
struct TypeSpan {
    var name: String
    var supertypes: [String]
    var file: Int
    /// The token range of its body, braces (or `@implementation … @end`) excluded.
    var body: Range<Int>
    var keyword: String
}

enum SwiftUIRelation {
    /// The first requires the second to fail.
    case requires
    case simultaneous
}

/// A screen as it is being read.
struct ScreenBuilder {
    var screen: Screen
    /// Recognizers by (the brace that scopes the name, or -1 for a property, name).
    var recognizerKeys: [RecognizerKey: Int] = [:]
    /// Views the type holds, by name: a control's kind or a component.
    var typedViews: [(name: String, control: String?, component: String?, place: CodePlace)] = []
    /// Views around the type's own, in the order declared: the lists a cell holds and
    /// the scroll views a view holds weakly. The first is outermost.
    var containers: [String] = []
    /// The type's declaration lists a cell class among what it inherits.
    var isCell = false
    var typedViewNames: Set<String> = []
    /// Failure requirements, resolved to names once every recognizer has its own.
    var requirements: [(dependent: Operand, required: Operand, place: CodePlace)] = []
    /// SwiftUI's gesture modifiers in the order read: the recognizers each made, the
    /// modifier, the first token of its view's chain, and the file.
    var swiftUIModifiers: [(made: [Int], modifier: String, primary: Int, file: Int)] = []
    /// SwiftUI's roles by "file:token" of their view's first token.
    var swiftUIRoles: [String: String] = [:]
    /// Relations between SwiftUI's gestures, by recognizer index.
    var swiftUIRelations: [(form: SwiftUIRelation, first: Int, second: Int, place: CodePlace)] = []
    var rolePlaces: [String: CodePlace] = [:]
    var roleOrder: [String] = []
    var rootName: String

    /// A recognizer in a relation: one the type makes, or a component's by name.
    enum Operand {
        case made(Int)
        case named(String)
    }

    struct RecognizerKey: Hashable {
        var file: Int
        var scope: Int
        var name: String
    }
}

struct Reading {
    let files: [SourceFile]
    var indexes: [TokenIndex] = []
    var types: [TypeSpan] = []
    /// The type around each token of each file, as an index into `types`, or -1.
    var typeAt: [[Int]] = []
    var screens: [String: ScreenBuilder] = [:]
    var screenOrder: [String] = []
    var notes: [ImportNote] = []
    /// Recognizer classes of the app, by name, with the kind of the UIKit class they
    /// descend from (nil: a direct `UIGestureRecognizer` subclass, a kind of its own).
    var customRecognizers: [String: String?] = [:]
    var customControls: [String: String] = [:]
    /// An app's scroll views, text views and web views (`class Pager: UIScrollView`):
    /// the component and the UIKit class each descends from.
    var customComponents: [String: (component: String, base: String)] = [:]
    /// Per file, the first `var` or `let` of each name (SwiftUI's gesture properties).
    var declarations: [Int: [String: Int]] = [:]

    init(files: [SourceFile]) { self.files = files }

    mutating func run() {
        for (number, file) in files.enumerated() {
            let scanned = CodeScanner.scan(path: file.path, bytes: file.bytes)
            for problem in scanned.problems {
                notes.append(ImportNote(.notUnderstood, problem.message, at: CodePlace(file: number, offset: problem.offset)))
            }
            indexes.append(TokenIndex(file: number, source: file, scanned: scanned))
        }
        for index in indexes { findTypes(in: index) }
        resolveSubclasses()
        for index in indexes { paintTypes(of: index) }
        for index in indexes { readCalls(in: index) }
    }

    // MARK: Types

    mutating func findTypes(in index: TokenIndex) {
        var i = 0
        while i < index.tokens.count {
            defer { i += 1 }
            let word = index.text(i)
            switch word {
            case "class", "struct", "extension", "enum", "actor":
                // `class func` and `class var` declare members, not types.
                guard index.isWord(i + 1), !["func", "var", "let", "override"].contains(index.text(i + 1)) else {
                    continue
                }
                var k = i + 2
                var supertypes: [String] = []
                // Skip generics and dotted names (`extension Foo.Bar`).
                while k < index.tokens.count, index.text(k) == "." || (index.text(k - 1) == "." && index.isWord(k)) {
                    k += 1
                }
                var name = index.text(i + 1)
                if k > i + 2 { name = index.text(k - 1) }
                while k < index.tokens.count && index.text(k) != "{" && index.text(k) != ";" && k - i < 200 {
                    if index.isWord(k) && ["where"].contains(index.text(k)) { break }
                    if index.isWord(k) && (index.text(k - 1) == ":" || index.text(k - 1) == ",") {
                        supertypes.append(index.text(k))
                    }
                    k += 1
                }
                while k < index.tokens.count && index.text(k) != "{" && k - i < 200 { k += 1 }
                guard index.text(k) == "{" else { continue }
                let close = index.partner[k]
                types.append(TypeSpan(name: name, supertypes: supertypes, file: index.file, body: (k + 1)..<close, keyword: word))
            case "@interface", "@implementation":
                guard index.isWord(i + 1) else { continue }
                var supertypes: [String] = []
                if index.text(i + 2) == ":" && index.isWord(i + 3) { supertypes.append(index.text(i + 3)) }
                var k = i + 2
                while k < index.tokens.count && index.text(k) != "@end" { k += 1 }
                types.append(TypeSpan(name: index.text(i + 1), supertypes: supertypes, file: index.file, body: (i + 2)..<k, keyword: word))
                i = k
            default:
                break
            }
        }
    }

    /// An app's recognizer and control subclasses, through any depth of app classes.
    mutating func resolveSubclasses() {
        var parents: [String: String] = [:]
        for type in types where type.keyword != "extension" {
            if let first = type.supertypes.first { parents[type.name] = first }
        }
        for name in parents.keys {
            var ancestor = parents[name]
            var steps = 0
            while let current = ancestor, steps < 32 {
                if let kind = UIKitVocabulary.recognizerKinds[current] {
                    customRecognizers[name] = .some(kind)
                    break
                }
                if current == "UIGestureRecognizer" {
                    customRecognizers[name] = .some(nil)
                    break
                }
                if let control = UIKitVocabulary.controls[current] {
                    customControls[name] = control
                    break
                }
                if let component = UIKitVocabulary.components[current] {
                    customComponents[name] = (component, current)
                    break
                }
                ancestor = parents[current]
                steps += 1
            }
        }
    }

    /// Marks each token with the innermost type around it.
    mutating func paintTypes(of index: TokenIndex) {
        var painted = [Int](repeating: -1, count: index.tokens.count)
        let spans = types.indices.filter { types[$0].file == index.file }.sorted { types[$0].body.lowerBound < types[$1].body.lowerBound }
        var open: [Int] = []
        var next = 0
        for i in 0..<index.tokens.count {
            while let top = open.last, types[top].body.upperBound <= i { open.removeLast() }
            while next < spans.count && types[spans[next]].body.lowerBound <= i {
                if types[spans[next]].body.upperBound > i { open.append(spans[next]) }
                next += 1
            }
            painted[i] = open.last ?? -1
        }
        typeAt.append(painted)
    }

    /// The screen for the type around token `i`, made when first asked for.
    mutating func screenName(at i: Int, in index: TokenIndex) -> String? {
        let t = typeAt[index.file][i]
        guard t >= 0 else { return nil }
        let name = types[t].name
        if screens[name] == nil {
            let declaration = types.first { $0.name == name && $0.keyword != "extension" } ?? types[t]
            let flavor = Self.flavor(of: declaration)
            let place = CodePlace(file: declaration.file, offset: indexes[declaration.file][declaration.body.lowerBound - 1]?.start ?? 0)
            var builder = ScreenBuilder(screen: Screen(name: name, flavor: flavor, place: place), rootName: Self.rootName(of: name, flavor))
            builder.isCell = declaration.supertypes.contains { $0.hasSuffix("Cell") }
            builder.roleOrder.append(builder.rootName)
            builder.rolePlaces[builder.rootName] = place
            screens[name] = builder
            screenOrder.append(name)
        }
        return name
    }

    /// What a type is, by what it inherits (`UIViewController`, a `View`); by its name
    /// only when the code read declares none (an extension of a type from elsewhere).
    static func flavor(of type: TypeSpan) -> Screen.Flavor {
        if type.keyword == "struct" && type.supertypes.contains("View") { return .swiftUI }
        let evidence = type.supertypes.isEmpty ? [type.name] : type.supertypes
        if evidence.contains(where: { $0.hasSuffix("ViewController") || $0.hasSuffix("NavigationController") }) {
            return .controller
        }
        return .view
    }

    /// The root role's name: a controller's view is named after the controller
    /// (`PhotoViewController` gives `photoView`), a view after its type.
    static func rootName(of type: String, _ flavor: Screen.Flavor) -> String {
        var base = type
        if flavor == .controller {
            for suffix in ["ViewController", "Controller"] where base.hasSuffix(suffix) && base.count > suffix.count {
                base = String(base.dropLast(suffix.count))
                break
            }
            base += "View"
        }
        return Names.identifier(lowerCamel(base), avoiding: "View")
    }

    // MARK: Calls

    mutating func readCalls(in index: TokenIndex) {
        // A test target's file sets gestures up to test them, not as a screen does.
        if let k = index.tokens.indices.first(where: { index.text($0) == "import" && ["XCTest", "Testing"].contains(index.text($0 + 1)) }) {
            notes.append(ImportNote(.notUnderstood, "a test file (it imports \(index.text(k + 1))): not read", at: index.place(k)))
            return
        }
        for i in 0..<index.tokens.count where index.tokens[i].kind == .word {
            let word = index.tokens[i].text
            if UIKitVocabulary.recognizerKinds[word] != nil || customRecognizers[word] != nil
                || UIKitVocabulary.unknownRecognizers.contains(word)
            {
                readCreation(of: word, at: i, in: index)
            } else if UIKitVocabulary.controls[word] != nil || customControls[word] != nil
                || UIKitVocabulary.components[word] != nil || customComponents[word] != nil
            {
                readTypedView(word, at: i, in: index)
            }
            switch word {
            case _
            where Self.swiftUIModifiers.contains(word) && index.text(i - 1) == "."
                && (index.text(i + 1) == "(" || index.text(i + 1) == "{"):
                readSwiftUIModifier(at: i, in: index)
            case "addGestureRecognizer": readAttach(at: i, in: index)
            case "gestureRecognizers" where index.text(i - 1) == "." && index.text(i + 1) == "=":
                readRecognizerList(at: i, in: index)
            case "require" where index.text(i + 1) == "(" && index.text(i + 2) == "toFail":
                readRequirement(at: i, in: index, objectiveC: false)
            case "requireGestureRecognizerToFail" where index.text(i + 1) == ":":
                readRequirement(at: i, in: index, objectiveC: true)
            case "addInteraction": readInteraction(at: i, in: index)
            case "gestureRecognizer", "gestureRecognizerShouldBegin": readDelegateMethod(at: i, in: index)
            default:
                if UIKitVocabulary.propertyNames.contains(word) && index.text(i - 1) == "." && index.text(i + 1) == "=" {
                    readProperty(word, at: i, valueStart: i + 2, receiverEnd: i - 1, in: index)
                } else if let property = UIKitVocabulary.setters[word], index.text(i + 1) == ":" {
                    readObjectiveCSetter(property, at: i, in: index)
                }
            }
        }
    }

    /// `let tap = UITapGestureRecognizer(target:action:)`, `tap = …`, `self.tap = …`,
    /// `UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWith…]`, a
    /// `lazy var` whose closure returns one, or one made inline where it is added.
    mutating func readCreation(of className: String, at i: Int, in index: TokenIndex) {
        // `[[C alloc] init…]`, `[C new]`; `C(…)`, `C.init(…)`.
        let allocated = index.text(i - 1) == "[" && index.text(i - 2) == "[" && index.text(i + 1) == "alloc"
        let made = index.text(i - 1) == "[" && index.text(i + 1) == "new"
        let objectiveC = allocated || made
        let swift = index.text(i + 1) == "(" || (index.text(i + 1) == "." && index.text(i + 2) == "init")
        guard objectiveC || swift, let screenName = screenName(at: i, in: index) else { return }
        let start = allocated ? i - 2 : made ? i - 1 : i
        guard let kind = UIKitVocabulary.recognizerKinds[className] ?? customRecognizers[className] ?? nil else {
            notes.append(
                ImportNote(.notUnderstood, "'\(className)' has no kind in the language: write one (Grammar.md, \"Kinds\")", at: index.place(i)))
            return
        }
        if customRecognizers[className] != nil {
            notes.append(ImportNote(.notUnderstood, "'\(className)' is read as a \(kind): what it overrides is not read", at: index.place(i)))
        }
        // The call's closing bracket, or the creation's own token when the source ends
        // or breaks before one.
        let opener = objectiveC ? start : index.text(i + 1) == "(" ? i + 1 : i + 3
        let callEnd = ["(", "["].contains(index.text(opener)) ? index.partner[opener] : i
        let action = actionName(in: start..<max(start, min(callEnd + 1, index.tokens.count)), of: index)
        var (name, scope) = assignedName(before: start, in: index) ?? (action ?? "", -2)
        if scope == -2 { scope = index.enclosingBrace[i] }
        // Taken out of the table while it changes, so that its arrays are not copied.
        guard var builder = screens.removeValue(forKey: screenName) else { return }
        // In a closure that initializes a property, the local it returns is that
        // property: both names reach the recognizer.
        if let property = closureProperty(around: i, returning: name, in: index) {
            builder.recognizerKeys[.init(file: index.file, scope: scope, name: name)] = builder.screen.recognizers.count
            (name, scope) = (property, -1)
        }
        let recognizer = Recognizer(name: name, kind: kind, role: nil, place: index.place(i))
        builder.screen.recognizers.append(recognizer)
        builder.recognizerKeys[.init(file: index.file, scope: scope, name: name)] = builder.screen.recognizers.count - 1
        // `C(…).then { $0.numberOfTapsRequired = 2 }` (the Then library's form, and any
        // configuring closure): inside it, `$0` or its parameter is the recognizer.
        if callEnd + 3 < index.tokens.count, index.text(callEnd + 1) == ".", index.isWord(callEnd + 2),
            index.text(callEnd + 3) == "{"
        {
            let brace = callEnd + 3
            builder.recognizerKeys[.init(file: index.file, scope: brace, name: "$0")] = builder.screen.recognizers.count - 1
            if index.isWord(brace + 1) && index.text(brace + 2) == "in" {
                builder.recognizerKeys[.init(file: index.file, scope: brace, name: index.text(brace + 1))] = builder.screen.recognizers.count - 1
            }
        }
        screens[screenName] = builder
        // Made inline in `addGestureRecognizer(…)`: the attach call around it names
        // the view.
        if name.isEmpty || action == name, let attach = enclosingAttach(of: start, in: index) {
            attachRecognizer(builder.screen.recognizers.count - 1, screen: screenName, receiver: attach, in: index)
        }
    }

    /// The name a creation at `start` is assigned to, and the brace that scopes it
    /// (-1: a property of the type).
    func assignedName(before start: Int, in index: TokenIndex) -> (String, Int)? {
        guard index.text(start - 1) == "=" else { return nil }
        var k = start - 2
        // `let tap: UITapGestureRecognizer = …`, `UITapGestureRecognizer *tap = …`.
        if ["?", "!"].contains(index.text(k)) { k -= 1 }
        if index.isWord(k) && index.text(k - 1) == ":" && index.isWord(k - 2) { k -= 2 }
        guard index.isWord(k) else { return nil }
        let name = Names.stripIvar(index.text(k))
        let before = index.text(k - 1)
        let brace = index.enclosingBrace[k]
        let atTypeLevel = brace < 0 || typeAt[index.file][k] >= 0 && types[typeAt[index.file][k]].body.lowerBound == brace + 1
        if before == "." && index.text(k - 2) == "self" { return (name, -1) }
        if before == "let" || before == "var" || before == "*" {
            return (name, atTypeLevel ? -1 : brace)
        }
        // `tap = …`: a name declared elsewhere, most often a property.
        return (name, -1)
    }

    /// `#selector(handleTap(_:))` or `@selector(handleTap:)` in a creation's tokens.
    func actionName(in range: Range<Int>, of index: TokenIndex) -> String? {
        for k in range where index.text(k) == "#selector" || index.text(k) == "@selector" {
            var j = k + 2
            // `#selector(Self.handle)`, `#selector(self.handle)`: the last name.
            while index.isWord(j) && index.text(j + 1) == "." { j += 2 }
            if index.isWord(j) { return index.text(j) }
        }
        return nil
    }

    /// `lazy var tap: UITapGestureRecognizer = { let g = …; return g }()`: the
    /// property a closure around `i` initializes, when it returns `local`.
    func closureProperty(around i: Int, returning local: String, in index: TokenIndex) -> String? {
        let brace = index.enclosingBrace[i]
        guard brace >= 0, index.text(brace - 1) == "=" else { return nil }
        let close = index.partner[brace]
        guard close < index.tokens.count, index.text(close + 1) == "(" else { return nil }
        let returnsLocal = (brace..<close).contains { index.text($0) == "return" && index.text($0 + 1) == local }
        guard returnsLocal || local.isEmpty else { return nil }
        return assignedName(before: brace, in: index).map(\.0)
    }

    /// The receiver of the `addGestureRecognizer` call whose argument holds `start`.
    func enclosingAttach(of start: Int, in index: TokenIndex) -> Range<Int>? {
        // Swift: `receiver.addGestureRecognizer(` then the creation; with no receiver,
        // the view itself.
        if index.text(start - 1) == "(" && index.text(start - 2) == "addGestureRecognizer" {
            return receiverPath(endingBefore: start - 3, in: index) ?? (start - 2)..<(start - 2)
        }
        // Objective-C: `[receiver addGestureRecognizer:` then the creation.
        if index.text(start - 1) == ":" && index.text(start - 2) == "addGestureRecognizer" {
            return objectiveCReceiver(before: start - 2, in: index)
        }
        return nil
    }

    /// A dotted path ending at `end` (inclusive, the token before a `.member`):
    /// `self.imageView`, `cell.contentView`, `view`.
    func receiverPath(endingBefore end: Int, in index: TokenIndex) -> Range<Int>? {
        guard index.text(end) == "." else { return nil }
        var k = end - 1
        while ["?", "!"].contains(index.text(k)) { k -= 1 }
        guard index.isWord(k) else { return nil }
        var start = k
        while index.text(start - 1) == "." || ["?", "!"].contains(index.text(start - 1)) {
            var j = start - 2
            while ["?", "!", "."].contains(index.text(j)) { j -= 1 }
            guard index.isWord(j) else { break }
            start = j
        }
        return start..<(end)
    }

    /// In `[receiver message:…]`, the receiver before the message word at `message`.
    func objectiveCReceiver(before message: Int, in index: TokenIndex) -> Range<Int>? {
        var k = message - 1
        guard index.isWord(k) else { return nil }
        while index.text(k - 1) == "." && index.isWord(k - 2) { k -= 2 }
        guard index.text(k - 1) == "[" else { return nil }
        return k..<message
    }

    /// A path's words, `self`, `?` and `!` left out.
    func words(_ range: Range<Int>, in index: TokenIndex) -> [String] {
        range.filter { index.isWord($0) && index.text($0) != "self" }.map { Names.stripIvar(index.text($0)) }
    }

    /// The role a receiver path names: `self.imageView` is `imageView`, a cell's
    /// `contentView` is the cell's, and `view` or `self` is the screen's root.
    func roleName(for path: [String], screen: String) -> String {
        var path = path
        if path.count > 1, let last = path.last, ["contentView", "view", "layer"].contains(last) { path.removeLast() }
        guard let last = path.last, last != "view" else { return screens[screen]?.rootName ?? "root" }
        return Names.identifier(last, avoiding: "View")
    }

    mutating func ensureRole(_ name: String, in screen: String, at place: CodePlace) {
        guard screens[screen]?.rolePlaces[name] == nil, var builder = screens.removeValue(forKey: screen) else { return }
        builder.rolePlaces[name] = place
        builder.roleOrder.append(name)
        screens[screen] = builder
    }

    /// `receiver.addGestureRecognizer(tap)`, `addGestureRecognizer(tap)` in a view,
    /// `[receiver addGestureRecognizer:tap]`.
    mutating func readAttach(at i: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index) else { return }
        let objectiveC = index.text(i + 1) == ":"
        guard objectiveC || index.text(i + 1) == "(" else { return }
        let argument = i + 2
        // A creation inline is read where it is made.
        if UIKitVocabulary.recognizerKinds[index.text(argument)] != nil || index.text(argument) == "[" { return }
        let receiver: Range<Int> =
            objectiveC
            ? (objectiveCReceiver(before: i, in: index) ?? i..<i)
            : (receiverPath(endingBefore: i - 1, in: index) ?? i..<i)
        guard let reference = recognizerReference(at: argument, in: index, screen: screen) else {
            notes.append(
                ImportNote(
                    .notUnderstood,
                    "this recognizer is not one the import found made: '\(index.quote(argument..<index.statementEnd(from: argument)))'",
                    at: index.place(argument)))
            return
        }
        attachRecognizer(reference, screen: screen, receiver: receiver, in: index)
    }

    /// `view.gestureRecognizers = [tap, pan]` (`@[…]` in Objective-C): each is added.
    mutating func readRecognizerList(at i: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index) else { return }
        let receiver = receiverPath(endingBefore: i - 1, in: index) ?? i..<i
        var open = i + 2
        if index.text(open) == "@" { open += 1 }
        guard index.text(open) == "[" else { return }
        let close = min(index.partner[open], index.tokens.count)
        for k in (open + 1)..<max(open + 1, close) where index.isWord(k) && [",", "["].contains(index.text(k - 1)) {
            if let found = recognizerReference(at: k, in: index, screen: screen) {
                attachRecognizer(found, screen: screen, receiver: receiver, in: index)
            }
        }
    }

    mutating func attachRecognizer(_ recognizer: Int, screen: String, receiver: Range<Int>, in index: TokenIndex) {
        let role = roleName(for: words(receiver, in: index), screen: screen)
        ensureRole(role, in: screen, at: index.place(receiver.lowerBound))
        screens[screen]?.screen.recognizers[recognizer].role = role
    }

    /// The recognizer a name at `i` refers to, by Swift's scoping: the innermost block
    /// that declares it, then the type's properties, then any of the type's recognizers
    /// of that name. `self.tap` and `_tap` are `tap`.
    func recognizerReference(at i: Int, in index: TokenIndex, screen: String) -> Int? {
        var k = i
        if index.text(k) == "self" && index.text(k + 1) == "." { k += 2 }
        guard index.isWord(k), let builder = screens[screen] else { return nil }
        let name = Names.stripIvar(index.text(k))
        var brace = index.enclosingBrace[k]
        var steps = 0
        while brace >= 0 && steps < 64 {
            if let found = builder.recognizerKeys[.init(file: index.file, scope: brace, name: name)] { return found }
            brace = index.enclosingBrace[brace]
            steps += 1
        }
        if let found = builder.recognizerKeys.first(where: { $0.key.scope == -1 && $0.key.name == name })?.value {
            return found
        }
        return builder.recognizerKeys.filter { $0.key.name == name }.map(\.value).min()
    }

    /// A recognizer named in a relation: one the type makes, a scroll view's own
    /// (`tableView.panGestureRecognizer`, then the prelude's component is used on the
    /// scroll view), or the navigation's back swipe. Returns its name in the draft.
    mutating func relationOperand(_ range: Range<Int>, in index: TokenIndex, screen: String) -> ScreenBuilder.Operand? {
        if words(range, in: index).count == 1 && !range.contains(where: { ["(", "["].contains(index.text($0)) }),
            let found = recognizerReference(at: range.lowerBound, in: index, screen: screen)
        {
            return .made(found)
        }
        let path = words(range, in: index)
        guard let last = path.last else { return nil }
        switch last {
        case "panGestureRecognizer", "pinchGestureRecognizer":
            let role = roleName(for: Array(path.dropLast()), screen: screen)
            ensureRole(role, in: screen, at: index.place(range.lowerBound))
            let zooming = last == "pinchGestureRecognizer"
            useComponent(zooming ? "zoomingScrollView" : "scrollView", on: role, screen: screen, at: index.place(range.lowerBound))
            return .named(role + (zooming ? "Zoom" : "Pan"))
        case "interactivePopGestureRecognizer":
            guard let root = screens[screen]?.rootName else { return nil }
            useComponent("navigationBack", on: root, screen: screen, at: index.place(range.lowerBound))
            return .named(root + "Back")
        default:
            return nil
        }
    }

    mutating func useComponent(_ component: String, on role: String, screen: String, at place: CodePlace) {
        guard var builder = screens.removeValue(forKey: screen) else { return }
        if let k = builder.screen.uses.firstIndex(where: { $0.role == role && $0.component.hasSuffix("crollView") }),
            component.hasSuffix("crollView")
        {
            // A pinch named on a scroll view makes it the zooming one.
            if component == "zoomingScrollView" { builder.screen.uses[k].component = component }
        } else if !builder.screen.uses.contains(where: { $0.role == role && $0.component == component }) {
            builder.screen.uses.append(ComponentUse(component: component, role: role, place: place))
        }
        screens[screen] = builder
    }

    /// `a.require(toFail: b)`, `[a requireGestureRecognizerToFail:b]`.
    mutating func readRequirement(at i: Int, in index: TokenIndex, objectiveC: Bool) {
        guard let screen = screenName(at: i, in: index) else { return }
        let dependentRange: Range<Int>?
        let argument: Range<Int>
        if objectiveC {
            dependentRange = objectiveCReceiver(before: i, in: index)
            let close = dependentRange.map { index.partner[$0.lowerBound - 1] } ?? i
            argument = (i + 2)..<max(i + 2, min(close, index.tokens.count))
        } else {
            dependentRange = receiverPath(endingBefore: i - 1, in: index)
            argument = (i + 4)..<max(i + 4, min(index.partner[i + 1], index.tokens.count))
        }
        guard let dependentRange, !argument.isEmpty,
            let dependent = relationOperand(dependentRange, in: index, screen: screen),
            let required = relationOperand(argument, in: index, screen: screen)
        else {
            let start = dependentRange?.lowerBound ?? i
            notes.append(
                ImportNote(
                    .notUnderstood,
                    "a failure requirement between recognizers the import does not know: '\(index.quote(start..<index.statementEnd(from: start)))'",
                    at: index.place(i)))
            return
        }
        screens[screen]?.requirements.append((dependent, required, index.place(dependentRange.lowerBound)))
    }

    /// `recognizer.property = value` (Swift, and Objective-C's dot syntax).
    mutating func readProperty(_ property: String, at i: Int, valueStart: Int, receiverEnd: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index),
            let receiver = receiverPath(endingBefore: receiverEnd, in: index)
        else { return }
        let valueEnd = index.statementEnd(from: valueStart)
        // `tableView.panGestureRecognizer.delegate = self` and the like are the
        // component's; only the app's own recognizers take settings.
        guard let recognizer = recognizerReference(at: receiver.lowerBound, in: index, screen: screen),
            words(receiver, in: index).count == 1
        else { return }
        applySetting(property, value: valueStart..<valueEnd, to: recognizer, screen: screen, at: i, in: index)
    }

    /// `[recognizer setNumberOfTapsRequired:2]`.
    mutating func readObjectiveCSetter(_ property: String, at i: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index), let receiver = objectiveCReceiver(before: i, in: index),
            let recognizer = recognizerReference(at: receiver.lowerBound, in: index, screen: screen)
        else { return }
        let close = index.partner[receiver.lowerBound - 1]
        applySetting(property, value: (i + 2)..<min(close, index.tokens.count), to: recognizer, screen: screen, at: i, in: index)
    }

    mutating func applySetting(_ property: String, value: Range<Int>, to r: Int, screen: String, at i: Int, in index: TokenIndex) {
        guard var builder = screens.removeValue(forKey: screen) else { return }
        let kind = builder.screen.recognizers[r].kind
        let quoted = index.quote(value)
        let place = index.place(i)
        switch UIKitVocabulary.target(of: property, kind: kind) {
        case .delegate:
            if quoted == "self" {
                builder.screen.recognizers[r].delegatedToScreen = true
            } else {
                notes.append(
                    ImportNote(
                        .notUnderstood,
                        "the delegate of '\(builder.screen.recognizers[r].name)' is '\(quoted)', not this type: its methods are not read", at: place))
            }
        case .property(let name, let form):
            if let value = ValueText.value(quoted, words: value.map { index.text($0) }, as: form) {
                set(Setting(label: name, value: value, place: place), in: &builder.screen.recognizers[r].properties, named: property)
            } else {
                notes.append(
                    ImportNote(.notUnderstood, "'\(property)' is set to '\(quoted)', not a constant: the draft keeps the default", at: place))
            }
        case .argument(let label, let form):
            if let value = ValueText.value(quoted, words: value.map { index.text($0) }, as: form) {
                set(Setting(label: label, value: value, place: place), in: &builder.screen.recognizers[r].arguments, named: property)
            } else {
                notes.append(
                    ImportNote(.notUnderstood, "'\(property)' is set to '\(quoted)', not a constant: the draft keeps the kind's default", at: place))
            }
        case nil:
            notes.append(ImportNote(.notUnderstood, "'\(property)' of a \(kind) has no place in the language", at: place))
        }
        screens[screen] = builder
    }

    /// A setting, unless the code set it already: the first value read is the draft's
    /// (a recognizer set up, then switched at run time, as `isEnabled = false` later
    /// does), and a later one is noted.
    mutating func set(_ setting: Setting, in settings: inout [Setting], named property: String) {
        guard let first = settings.first(where: { $0.label == setting.label }) else {
            settings.append(setting)
            return
        }
        if first.value != setting.value {
            notes.append(
                ImportNote(
                    .notUnderstood, "'\(property)' is set again, to \(setting.value): the draft keeps the first value, \(first.value)",
                    at: setting.place))
        }
    }

    /// `view.addInteraction(UIContextMenuInteraction(delegate: self))`: the context
    /// menu's press, which the app does not own.
    mutating func readInteraction(at i: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index) else { return }
        let objectiveC = index.text(i + 1) == ":"
        let end = index.statementEnd(from: i)
        let interaction = ((i + 1)..<max(i + 1, end)).first { index.text($0).hasSuffix("Interaction") }.map { index.text($0) }
        let receiver = objectiveC ? objectiveCReceiver(before: i, in: index) : receiverPath(endingBefore: i - 1, in: index)
        let role = roleName(for: receiver.map { words($0, in: index) } ?? [], screen: screen)
        if interaction == "UIContextMenuInteraction" {
            ensureRole(role, in: screen, at: index.place(i))
            useComponent("contextMenu", on: role, screen: screen, at: index.place(i))
        } else {
            notes.append(ImportNote(.notUnderstood, "'\(interaction ?? "this interaction")' has no component in the language", at: index.place(i)))
        }
    }

    /// `let button = UIButton(…)`, `var slider: UISlider!`, `@IBOutlet weak var
    /// tableView: UITableView!`, `@property … UIButton *button;`, `UISwitch *toggle = …`.
    mutating func readTypedView(_ type: String, at i: Int, in index: TokenIndex) {
        var name: String?
        if index.text(i - 1) == ":" && index.isWord(i - 2) && ["let", "var"].contains(index.text(i - 3)) {
            name = index.text(i - 2)
        } else if index.text(i - 1) == "=" && index.isWord(i - 2) && ["let", "var"].contains(index.text(i - 3))
            && (index.text(i + 1) == "(" || index.text(i + 1) == ".")
        {
            name = index.text(i - 2)
        } else if index.text(i + 1) == "*" && index.isWord(i + 2) && [";", "="].contains(index.text(i + 3)) {
            name = index.text(i + 2)
        }
        guard let name, let screen = screenName(at: i, in: index) else { return }
        let role = Names.identifier(Names.stripIvar(name), avoiding: "View")
        guard screens[screen]?.typedViewNames.insert(role).inserted == true else { return }
        let control = UIKitVocabulary.controls[type] ?? customControls[type]
        let type = customComponents[type]?.base ?? type
        screens[screen]?.typedViews.append((role, control, UIKitVocabulary.components[type], index.place(i)))
        // A list a cell holds, or any scroll view a view holds weakly, is around it: a
        // weak reference in a view is to an ancestor (a controller's outlets are weak
        // too, to its subviews, so only views count).
        let weak = (max(0, i - 8)..<i).contains { index.text($0) == "weak" }
        if type == "UITableView" || type == "UICollectionView" || (weak && UIKitVocabulary.components[type] == "scrollView") {
            if screens[screen]?.isCell == true || (weak && screens[screen]?.screen.flavor == .view) {
                screens[screen]?.containers.append(role)
            }
        }
    }

    /// A `UIGestureRecognizerDelegate` method, in Swift or Objective-C: which question
    /// it answers, its parameter names and its body.
    mutating func readDelegateMethod(at i: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index) else { return }
        var parameters: [(label: String, name: String)] = []
        var bodyOpen: Int
        if index.text(i - 1) == "func" && index.text(i + 1) == "(" {
            let close = index.partner[i + 1]
            var k = i + 2
            while k < close {
                // `label name: Type` or `name: Type`, up to the next comma.
                var words: [String] = []
                while k < close && index.text(k) != ":" {
                    if index.isWord(k) { words.append(index.text(k)) }
                    k += 1
                }
                if let last = words.last { parameters.append((words.count > 1 ? words[0] : last, last)) }
                while k < close && index.text(k) != "," { k += 1 }
                k += 1
            }
            bodyOpen = close
            while bodyOpen < index.tokens.count && index.text(bodyOpen) != "{" && bodyOpen - close < 12 { bodyOpen += 1 }
            if parameters.count == 1 && index.text(i) == "gestureRecognizer" { return }
            if index.text(i) == "gestureRecognizerShouldBegin" { parameters[0].label = "shouldBegin" }
        } else if index.text(i + 1) == ":" && (index.text(i - 1) == ")" || index.text(i - 1) == "BOOL") {
            // `- (BOOL)gestureRecognizer:(UIGestureRecognizer *)g shouldReceiveTouch:(UITouch *)t {`
            var k = i
            while k < index.tokens.count && index.text(k) != "{" && index.text(k) != ";" && k - i < 40 {
                if index.isWord(k) && index.text(k + 1) == ":" && index.text(k + 2) == "(" {
                    let close = index.partner[k + 2]
                    parameters.append((index.text(k), index.text(close + 1)))
                    k = close + 2
                } else {
                    k += 1
                }
            }
            bodyOpen = k
            if index.text(i) == "gestureRecognizerShouldBegin", !parameters.isEmpty { parameters[0].label = "shouldBegin" }
        } else {
            return
        }
        guard index.text(bodyOpen) == "{", let first = parameters.first else { return }
        let second = parameters.dropFirst().first
        let question: DelegateMethod.Question
        switch (first.label, second?.label ?? "") {
        case ("shouldBegin", _):
            // `override func gestureRecognizerShouldBegin(_:)` in a view is UIView's: the
            // view asked about recognizers holding its touches (R45), not a delegate.
            let overridesView = (max(0, i - 4)..<i).contains { index.text($0) == "override" }
            question = overridesView && screens[screen]?.screen.flavor == .view ? .viewShouldBegin : .shouldBegin
        case (_, let label) where label.hasPrefix("shouldRecognizeSimultaneously"): question = .shouldRecognizeSimultaneously
        case (_, let label) where label.hasPrefix("shouldRequireFailure"): question = .shouldRequireFailure
        case (_, let label) where label.hasPrefix("shouldBeRequiredToFail"): question = .shouldBeRequiredToFail
        case (_, "shouldReceive"), (_, "shouldReceiveTouch"):
            let typeIsTouch = (i..<bodyOpen).contains { index.text($0) == "UITouch" }
            question = typeIsTouch ? .shouldReceiveTouch : .other
        default: question = .other
        }
        let close = index.partner[bodyOpen]
        let method = DelegateMethod(
            question: question, recognizerName: first.name,
            otherName: question == .shouldReceiveTouch || question == .shouldBegin ? nil : second?.name,
            touchName: question == .shouldReceiveTouch ? second?.name : nil,
            body: (bodyOpen + 1)..<min(close, index.tokens.count), file: index.file, place: index.place(i))
        screens[screen]?.screen.delegateMethods.append(method)
    }

    // MARK: The end

    /// The screens that set up gestures, with their roles in order, unique names, and
    /// the views they hold.
    mutating func finish() -> CodeSetup {
        var setup = CodeSetup()
        for name in screenOrder {
            guard var builder = screens[name] else { continue }
            let hasGestures =
                !builder.screen.recognizers.isEmpty || !builder.requirements.isEmpty || !builder.screen.uses.isEmpty
                || builder.screen.delegateMethods.contains { $0.question == .viewShouldBegin }
            guard hasGestures else {
                // Delegate methods of a type that makes no recognizer: the recognizers
                // they answer for are made elsewhere (a delegate object, a router).
                for method in builder.screen.delegateMethods {
                    notes.append(
                        ImportNote(
                            .notUnderstood,
                            "\(name) answers \(method.question.rawValue) for recognizers it does not make: read it beside the type that makes them",
                            at: method.place))
                }
                continue
            }
            for view in builder.typedViews {
                if builder.rolePlaces[view.name] == nil {
                    builder.rolePlaces[view.name] = view.place
                    builder.roleOrder.append(view.name)
                }
                if let component = view.component,
                    !builder.screen.uses.contains(where: { $0.role == view.name })
                {
                    builder.screen.uses.append(ComponentUse(component: component, role: view.name, place: view.place))
                }
            }
            var controls: [String: String] = [:]
            for view in builder.typedViews { if let control = view.control { controls[view.name] = control } }
            for role in builder.roleOrder {
                let isRoot = role == builder.rootName
                builder.screen.roles.append(
                    Role(
                        name: role, parent: isRoot ? nil : builder.rootName, control: controls[role],
                        place: builder.rolePlaces[role] ?? builder.screen.place))
            }
            // A view inside the views it holds as containers (`weak var tableView:
            // UITableView?` in a cell): they are the top of the tree, the view their child.
            var outer: String?
            for container in builder.containers {
                guard let k = builder.screen.roles.firstIndex(where: { $0.name == container }) else { continue }
                builder.screen.roles[k].parent = outer
                outer = container
            }
            if let outer { builder.screen.roles[0].parent = outer }
            composeSwiftUI(&builder)
            Names.makeRecognizerNamesUnique(&builder.screen)
            for k in builder.screen.recognizers.indices { ArgumentBounds.apply(to: &builder.screen.recognizers[k], notes: &notes) }
            for relation in builder.swiftUIRelations {
                let (a, b) = (builder.screen.recognizers[relation.first].name, builder.screen.recognizers[relation.second].name)
                let form: Relation.Form = relation.form == .requires ? .requires(dependent: a, required: b) : .simultaneous(a, b)
                if !builder.screen.relations.contains(where: { $0.form == form }) {
                    builder.screen.relations.append(Relation(form: form, place: relation.place))
                }
            }
            translateDelegates(of: &builder)
            for requirement in builder.requirements {
                let names = [requirement.dependent, requirement.required].map { operand in
                    switch operand {
                    case .made(let k): builder.screen.recognizers[k].name
                    case .named(let name): name
                    }
                }
                builder.screen.relations.append(
                    Relation(form: .requires(dependent: names[0], required: names[1]), place: requirement.place))
            }
            setup.screens.append(builder.screen)
        }
        setup.notes = notes
        return setup
    }
}

func lowerCamel(_ name: String) -> String {
    guard let first = name.first else { return name }
    // `URLView` gives `urlView`: a leading run of capitals is lowered but for the last
    // when a lowercase letter follows it.
    let capitals = name.prefix { $0.isUppercase }
    if capitals.count > 1 && capitals.count < name.count {
        return capitals.dropLast().lowercased() + name.dropFirst(capitals.count - 1)
    }
    return first.lowercased() + name.dropFirst()
}
