/// SwiftUI's gestures. A modifier (`.onTapGesture`, `.onLongPressGesture`, `.gesture`,
/// `.simultaneousGesture`, `.highPriorityGesture`) attaches a gesture to the view its
/// modifier chain starts from (`Image("a").resizable().onTapGesture {}` is on the
/// `Image`); that view is a role named after its type (`image`, `vStack`; a second of
/// one name is `image2`), inside the nearest view around it that has a gesture too, or
/// the type's root. The composition rules are Apple's words (docs/import.md):
///
/// - `.gesture` (and `.onTapGesture`, `.onLongPressGesture`) has "a lower precedence
///   than gestures defined by the view": it requires each gesture already on the view
///   (the modifiers inside it) and in its subviews to fail;
/// - `.highPriorityGesture` has "a higher precedence": each of those requires it to fail;
/// - `.simultaneousGesture` is processed "simultaneously with gestures defined by the
///   view": it is simultaneous with each.
///
/// A gesture value is `TapGesture(count:)`, `SpatialTapGesture(count:)`,
/// `LongPressGesture(minimumDuration:maximumDistance:)`, `DragGesture(minimumDistance:)`,
/// `MagnificationGesture()`/`MagnifyGesture()`, `RotationGesture()`/`RotateGesture()`,
/// a property holding one, or two combined by `simultaneously(with:)` or
/// `exclusively(before:)`; `sequenced(before:)` is noted as not understood.
extension Reading {
    static let swiftUIModifiers: Set<String> = [
        "onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture",
    ]

    /// SwiftUI's gesture types and the prelude's kinds.
    static let swiftUIGestures: [String: String] = [
        "TapGesture": "tap", "SpatialTapGesture": "tap", "LongPressGesture": "longPress", "DragGesture": "pan",
        "MagnificationGesture": "pinch", "MagnifyGesture": "pinch", "RotationGesture": "rotation",
        "RotateGesture": "rotation",
    ]

    /// A gesture modifier at `i` (the word after its `.`).
    mutating func readSwiftUIModifier(at i: Int, in index: TokenIndex) {
        guard let screen = screenName(at: i, in: index), let primary = chainStart(before: i - 1, in: index) else { return }
        let modifier = index.text(i)
        let arguments: Range<Int> = index.text(i + 1) == "(" ? (i + 2)..<min(index.partner[i + 1], index.tokens.count) : i..<i
        var made: [Int] = []
        switch modifier {
        case "onTapGesture":
            let count = labelled("count", in: arguments, of: index).flatMap { ValueText.value($0, words: [], as: .count) }
            made = addSwiftUIGesture(kind: "tap", arguments: count.map { [("taps", $0)] } ?? [], named: nil, screen: screen, at: i, in: index)
        case "onLongPressGesture":
            made = addSwiftUIGesture(
                kind: "longPress", arguments: longPressArguments(arguments, index), named: nil, screen: screen, at: i, in: index)
        default:
            made = gestures(in: arguments, screen: screen, at: i, in: index)
        }
        guard !made.isEmpty else { return }
        let role = swiftUIRole(primary: primary, screen: screen, in: index)
        for k in made {
            screens[screen]?.screen.recognizers[k].role = role
            // Named as SwiftUI names the gesture (`imageDrag`, `gridMagnify`).
            guard let recognizer = screens[screen]?.screen.recognizers[k] else { continue }
            if recognizer.name.isEmpty, let word = ["pan": "Drag", "pinch": "Magnify", "rotation": "Rotate"][recognizer.kind] {
                screens[screen]?.screen.recognizers[k].name = role + word
            }
        }
        screens[screen]?.swiftUIModifiers.append((made, modifier, primary, index.file))
        // A scroll view or list around the view scrolls with a pan of its own, which
        // the view's gestures compete with: it is a role too, with the prelude's
        // component.
        var brace = index.enclosingBrace[primary]
        var steps = 0
        while brace >= 0 && steps < 64 {
            if let owner = braceOwner(brace, in: index), ["ScrollView", "List"].contains(index.text(owner)) {
                let scroller = swiftUIRole(primary: owner, screen: screen, in: index)
                useComponent("scrollView", on: scroller, screen: screen, at: index.place(owner))
            }
            brace = index.enclosingBrace[brace]
            steps += 1
        }
    }

    /// The view whose trailing closure opens at `brace` (`VStack(spacing: 4) {`), if
    /// the brace is one.
    func braceOwner(_ brace: Int, in index: TokenIndex) -> Int? {
        var k = brace - 1
        if index.text(k) == ")" {
            k = index.partner[k] - 1
        }
        guard k >= 0, index.isWord(k), index.text(k).first?.isUppercase == true else { return nil }
        return k
    }

    /// The role a SwiftUI role sits in: the nearest view around it that is a role.
    func swiftUIParent(of key: String, builder: ScreenBuilder) -> String {
        let parts = key.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, indexes.indices.contains(parts[0]) else { return builder.rootName }
        let index = indexes[parts[0]]
        var brace = index.enclosingBrace[parts[1]]
        var steps = 0
        while brace >= 0 && steps < 64 {
            if let owner = braceOwner(brace, in: index), let role = builder.swiftUIRoles["\(parts[0]):\(owner)"] {
                return role
            }
            brace = index.enclosingBrace[brace]
            steps += 1
        }
        return builder.rootName
    }

    /// The token that starts the modifier chain ending just before `end` (a `.`):
    /// groups in brackets are stepped over, and `.member` links followed back.
    func chainStart(before end: Int, in index: TokenIndex) -> Int? {
        guard index.text(end) == "." else { return nil }
        var k = end - 1
        var steps = 0
        while k >= 0 && steps < 256 {
            steps += 1
            let text = index.text(k)
            if text == ")" || text == "}" || text == "]" {
                let opener = index.partner[k]
                guard opener >= 0 && opener < k else { return nil }
                k = opener - 1
                continue
            }
            guard index.isWord(k) else { return nil }
            if index.text(k - 1) == "." {
                k -= 2
                continue
            }
            return k
        }
        return nil
    }

    /// The role for the view a chain starts at, made the first time.
    mutating func swiftUIRole(primary: Int, screen: String, in index: TokenIndex) -> String {
        let key = "\(index.file):\(primary)"
        if let known = screens[screen]?.swiftUIRoles[key] { return known }
        let base = Names.identifier(lowerCamel(index.text(primary)), avoiding: "View")
        var name = base
        var number = 2
        while screens[screen]?.rolePlaces[name] != nil || name == screens[screen]?.rootName {
            name = base + String(number)
            number += 1
        }
        screens[screen]?.swiftUIRoles[key] = name
        ensureRole(name, in: screen, at: index.place(primary))
        return name
    }

    /// The gestures a modifier's argument makes, with their relations.
    mutating func gestures(in range: Range<Int>, screen: String, at i: Int, in index: TokenIndex, depth: Int = 0) -> [Int] {
        guard !range.isEmpty, depth < 8 else { return [] }
        // `A.simultaneously(with: B)`, `A.exclusively(before: B)`, at this level.
        var k = range.lowerBound
        while k < range.upperBound {
            if ["(", "[", "{"].contains(index.text(k)) {
                k = index.partner[k] + 1
                continue
            }
            if index.text(k) == "." && ["simultaneously", "exclusively", "sequenced"].contains(index.text(k + 1))
                && index.text(k + 2) == "("
            {
                let close = min(index.partner[k + 2], range.upperBound)
                let innerStart = k + 3 + (index.text(k + 4) == ":" ? 2 : 0)
                let inner = innerStart..<max(innerStart, close)
                let first = gestures(in: range.lowerBound..<k, screen: screen, at: i, in: index, depth: depth + 1)
                let second = gestures(in: inner, screen: screen, at: i, in: index, depth: depth + 1)
                let place = index.place(k + 1)
                switch index.text(k + 1) {
                case "simultaneously":
                    for a in first { for b in second { screens[screen]?.swiftUIRelations.append((.simultaneous, a, b, place)) } }
                case "exclusively":
                    for a in first { for b in second { screens[screen]?.swiftUIRelations.append((.requires, b, a, place)) } }
                default:
                    notes.append(
                        ImportNote(
                            .notUnderstood, "a gesture sequenced before another has no counterpart in the language: each is drafted alone", at: place)
                    )
                }
                return first + second
            }
            k += 1
        }
        // One gesture: a type's initializer, or a property that holds one.
        for k in range where index.isWord(k) {
            let word = index.text(k)
            if let kind = Self.swiftUIGestures[word] {
                let arguments = index.text(k + 1) == "(" ? (k + 2)..<min(index.partner[k + 1], index.tokens.count) : k..<k
                var settings: [(String, String)] = []
                switch kind {
                case "tap":
                    if let count = labelled("count", in: arguments, of: index).flatMap({ ValueText.value($0, words: [], as: .count) }) {
                        settings.append(("taps", count))
                    }
                case "longPress": settings = longPressArguments(arguments, index)
                case "pan":
                    if let distance = labelled("minimumDistance", in: arguments, of: index).flatMap({ ValueText.value($0, words: [], as: .points) }) {
                        settings.append(("hysteresis", distance))
                    }
                default: break
                }
                return addSwiftUIGesture(kind: kind, arguments: settings, named: nil, screen: screen, at: k, in: index)
            }
            if let held = gestureProperty(word, screen: screen, in: index) {
                let made = gestures(in: held, screen: screen, at: i, in: index, depth: depth + 1)
                for m in made { screens[screen]?.screen.recognizers[m].name = word }
                return made
            }
        }
        notes.append(ImportNote(.notUnderstood, "a gesture the import cannot read: '\(index.quote(range))'", at: index.place(range.lowerBound)))
        return []
    }

    /// `var drag: some Gesture { DragGesture()… }` or `let drag = DragGesture()` in the
    /// type: the tokens of what it holds.
    mutating func gestureProperty(_ name: String, screen: String, in index: TokenIndex) -> Range<Int>? {
        if declarations[index.file] == nil {
            // Every `var name` and `let name` of the file, found once.
            var found: [String: Int] = [:]
            for (k, token) in index.tokens.enumerated() where token.kind == .word && ["var", "let"].contains(index.text(k - 1)) {
                if found[token.text] == nil { found[token.text] = k }
            }
            declarations[index.file] = found
        }
        if let k = declarations[index.file]?[name] {
            var j = k + 1
            while j < index.tokens.count && j - k < 12 && !["{", "="].contains(index.text(j)) { j += 1 }
            if index.text(j) == "{" { return (j + 1)..<min(index.partner[j], index.tokens.count) }
            if index.text(j) == "=" { return (j + 1)..<index.statementEnd(from: j + 1) }
        }
        return nil
    }

    /// `label: value` among a call's arguments, as written.
    func labelled(_ label: String, in range: Range<Int>, of index: TokenIndex) -> String? {
        for k in range where index.text(k) == label && index.text(k + 1) == ":" {
            var end = k + 2
            while end < range.upperBound && index.text(end) != "," {
                if ["(", "["].contains(index.text(end)) { end = index.partner[end] }
                end += 1
            }
            return index.quote((k + 2)..<min(end, range.upperBound))
        }
        return nil
    }

    func longPressArguments(_ range: Range<Int>, _ index: TokenIndex) -> [(String, String)] {
        var settings: [(String, String)] = []
        if let duration = labelled("minimumDuration", in: range, of: index).flatMap({ ValueText.value($0, words: [], as: .seconds) }) {
            settings.append(("minimumDuration", duration))
        }
        if let distance = labelled("maximumDistance", in: range, of: index).flatMap({ ValueText.value($0, words: [], as: .points) }) {
            settings.append(("allowableMovement", distance))
        }
        return settings
    }

    mutating func addSwiftUIGesture(kind: String, arguments: [(String, String)], named: String?, screen: String, at i: Int, in index: TokenIndex)
        -> [Int]
    {
        var recognizer = Recognizer(name: named ?? "", kind: kind, role: nil, place: index.place(i))
        recognizer.arguments = arguments.map { Setting(label: $0.0, value: $0.1, place: index.place(i)) }
        screens[screen]?.screen.recognizers.append(recognizer)
        // The one index made, or none were the screen not there (it always is).
        return (screens[screen]?.screen.recognizers.count).map { [$0 - 1] } ?? []
    }

    /// The composition rules over every modifier read: which gestures each one's
    /// precedence is over (those inside it on its view, and those of the views inside
    /// its view's closure).
    mutating func composeSwiftUI(_ builder: inout ScreenBuilder) {
        let modifiers = builder.swiftUIModifiers
        guard !modifiers.isEmpty else { return }
        var parentRole: [String: String] = [:]
        for (key, role) in builder.swiftUIRoles { parentRole[role] = swiftUIParent(of: key, builder: builder) }
        for r in builder.screen.roles.indices where r > 0 {
            if let parent = parentRole[builder.screen.roles[r].name] { builder.screen.roles[r].parent = parent }
        }
        // Each role's modifiers in the order read, and the roles inside each.
        var onRole: [String: [Int]] = [:]
        var children: [String: [String]] = [:]
        for (m, modifier) in modifiers.enumerated() {
            onRole[builder.screen.recognizers[modifier.made[0]].role ?? builder.rootName, default: []].append(m)
        }
        for (role, parent) in parentRole.sorted(by: { $0.key < $1.key }) { children[parent, default: []].append(role) }
        /// The gestures of the views inside `role`, up to `limit`, depth first.
        func inside(_ role: String, limit: Int) -> [Int] {
            var found: [Int] = []
            var stack = children[role] ?? []
            var visited: Set<String> = []
            while let next = stack.popLast(), found.count < limit {
                guard visited.insert(next).inserted else { continue }
                for m in onRole[next] ?? [] { found += modifiers[m].made }
                stack += children[next] ?? []
            }
            return Array(found.prefix(limit))
        }
        let limit = 32
        for (role, list) in onRole {
            let below = inside(role, limit: limit)
            for (position, m) in list.enumerated() {
                let modifier = modifiers[m]
                // Gestures defined by the view: the modifiers before this one on its
                // view, and the gestures of the views inside it (at most `limit`).
                let earlier = list[..<position].filter { modifiers[$0].primary == modifier.primary }.flatMap { modifiers[$0].made }
                let defined = (earlier + below).prefix(limit)
                for g in modifier.made {
                    for d in defined {
                        let place = builder.screen.recognizers[g].place
                        switch modifier.modifier {
                        case "highPriorityGesture": builder.swiftUIRelations.append((.requires, d, g, place))
                        case "simultaneousGesture": builder.swiftUIRelations.append((.simultaneous, g, d, place))
                        default: builder.swiftUIRelations.append((.requires, g, d, place))
                        }
                    }
                }
            }
        }
        builder.swiftUIRelations.sort { ($0.place, $0.first, $0.second) < ($1.place, $1.first, $1.second) }
    }
}
