import GestureCompiler
import GestureDSL
import GestureRuntime

/// The readable text form of scenes and traces, for writing them by hand
/// (docs/traces.md):
///
/// ```
/// view window: window [0 0 390 844]
/// view photo: photo in window [0 100 390 400] interactive alpha=0.9
///
/// 0.000  down 1 at (150, 250)
/// 0.080  up 1 at (150, 250)
/// 0.100  down 2 at (100, 400); down 3 at (300, 400)
/// 0.300  down 4 at (200, 300) pencil
/// 0.500  disable pan on window
/// 0.600  set allowZoom false
/// 0.700  scroll window to (0, 120)
/// 0.800  add badge: badge in photo [10 10 20 20]
/// 0.900  remove photo
/// 1.000  interrupt
/// ```
///
/// It is read into the same tree as the JSON form, each value located at its text, so
/// that one reader checks both and reports mistakes in either at the right place.
public enum TraceText {
    /// Parses a whole file into `{"views": [...], "events": [...]}`, with `"device"`
    /// when a `device NAME` line gives one.
    public static func parse(_ file: SourceFile, id: FileID) throws(LocatedJSONError) -> LocatedJSON {
        try parse(file, id: id, lines: 1...max(1, file.lineStarts.count))
    }

    /// Parses only the given lines of a file (1-based, in order), so that a file of
    /// several traces, a `.gdltest`, reads each where it is written, at the cost of
    /// its own lines.
    public static func parse(_ file: SourceFile, id: FileID, lines: some Sequence<Int>) throws(LocatedJSONError)
        -> LocatedJSON
    {
        var views: [LocatedJSON] = []
        var events: [LocatedJSON] = []
        var device: (String, SourceRange, LocatedJSON)?
        for line in lines {
            var tokens = Tokens(file: file, id: id, range: file.lineRange(line))
            guard let first = tokens.peek() else { continue }
            if first.text == "device" {
                let keyword = try tokens.expect("device")
                if device != nil { throw LocatedJSONError(reason: "the device is given twice", range: keyword.range) }
                let name = try tokens.word("a device's name")
                device = ("device", keyword.range, string(name))
            } else if first.text == "view" {
                views.append(try view(&tokens))
            } else {
                events.append(try event(&tokens))
            }
            if let extra = tokens.next() { throw LocatedJSONError(reason: "unexpected '\(extra.text)'", range: extra.range) }
        }
        let whole = SourceRange(file: id, start: 0, end: file.bytes.count)
        return object(
            [
                ("views", whole, LocatedJSON(value: .array(views), range: whole)),
                ("events", whole, LocatedJSON(value: .array(events), range: whole)),
            ] + (device.map { [$0] } ?? []), whole)
    }

    /// `view ID: ROLE [in PARENT] [X Y W H] {NAME[=VALUE]}`, and the same after `add`
    /// in an event.
    private static func view(_ tokens: inout Tokens) throws(LocatedJSONError) -> LocatedJSON {
        try viewBody(try tokens.expect("view"), &tokens)
    }

    private static func viewBody(_ keyword: Token, _ tokens: inout Tokens) throws(LocatedJSONError) -> LocatedJSON {
        let id = try tokens.word("a view id")
        _ = try tokens.expect(":")
        let role = try tokens.word("a view role")
        var members = [("id", id.range, string(id)), ("role", role.range, string(role))]
        if tokens.peek()?.text == "in" {
            let word = try tokens.expect("in")
            let parent = try tokens.word("a parent view id")
            members.append(("parent", word.range, string(parent)))
        }
        members.append(try frame(&tokens))
        members += try properties(&tokens)
        return object(members, keyword.range.union(tokens.last))
    }

    /// `[X Y W H]`, as a `frame` member.
    private static func frame(_ tokens: inout Tokens) throws(LocatedJSONError) -> (String, SourceRange, LocatedJSON) {
        let open = try tokens.expect("[")
        var frame: [LocatedJSON] = []
        for _ in 0..<4 { frame.append(try tokens.number("a frame's value")) }
        let close = try tokens.expect("]")
        return ("frame", open.range, LocatedJSON(value: .array(frame), range: open.range.union(close.range)))
    }

    /// `(X, Y)`, as `x` and `y` members.
    private static func point(_ tokens: inout Tokens) throws(LocatedJSONError) -> [(String, SourceRange, LocatedJSON)] {
        _ = try tokens.expect("(")
        let x = try tokens.number("x")
        _ = try tokens.expect(",")
        let y = try tokens.number("y")
        _ = try tokens.expect(")")
        return [("x", x.range, x), ("y", y.range, y)]
    }

    /// `{NAME[=VALUE]}` to the end of the line: a bare name is true.
    private static func properties(_ tokens: inout Tokens) throws(LocatedJSONError) -> [(String, SourceRange, LocatedJSON)] {
        var members: [(String, SourceRange, LocatedJSON)] = []
        while let name = tokens.peek(), name.isWord {
            _ = tokens.next()
            if tokens.peek()?.text == "=" {
                _ = tokens.next()
                members.append((name.text, name.range, try tokens.value()))
            } else {
                members.append((name.text, name.range, LocatedJSON(value: .bool(true), range: name.range)))
            }
        }
        return members
    }

    /// `TIME ACTION {; ACTION}`: touch phases may share a line, which makes them one
    /// event (R12); anything else stands alone.
    private static func event(_ tokens: inout Tokens) throws(LocatedJSONError) -> LocatedJSON {
        let time = try tokens.number("a time in seconds")
        let start = time.range
        func event(_ key: String, _ keyRange: SourceRange, _ value: LocatedJSON) -> LocatedJSON {
            object([("t", time.range, time), (key, keyRange, value)], start.union(tokens.last))
        }
        var touches: [LocatedJSON] = []
        while true {
            let verb = try tokens.word("an action")
            guard ["down", "move", "up", "cancel"].contains(verb.text) else {
                guard touches.isEmpty else {
                    throw LocatedJSONError(reason: "only touch phases can share a line", range: verb.range)
                }
                let body = try action(verb, &tokens)
                let key = Self.actionKeys[verb.text] ?? verb.text
                return event(key, verb.range, body)
            }
            let touch = try tokens.number("a touch id")
            var members = [("id", touch.range, touch), ("phase", verb.range, string(verb))]
            if tokens.peek()?.text == "at" {
                _ = tokens.next()
                members += try point(&tokens)
            }
            // A recording's touch going down names the view the platform hit-tested.
            if tokens.peek()?.text == "on" {
                let on = tokens.next()
                let view = try tokens.word("a view id")
                members.append(("view", on?.range ?? view.range, string(view)))
            }
            // What made the touch, when not a finger: `down 1 at (10, 20) pencil` (R87), or
            // the pointer's input it is: `down 2 at (10, 20) continuousScroll` (R88); and a
            // transform's values: `move 3 at (10, 20) scale=1.5 rotation=0.2` (R89).
            // A hover may say whose it is: `down 4 at (10, 20) hover pencil` (R90).
            var words = 0
            var hover = false
            while let next = tokens.peek(), next.isWord, words == 0 || (hover && words == 1) || tokens.peek(1)?.text == "=" {
                let word = try tokens.word("a touch type")
                if tokens.peek()?.text == "=" {
                    _ = tokens.next()
                    members.append((word.text, word.range, try tokens.number("a number")))
                } else {
                    let key = PointerInput(name: word.text) == nil ? "touchType" : "pointer"
                    members.append((key, word.range, string(word)))
                    hover = word.text == PointerInput.hover.name
                    words += 1
                }
            }
            touches.append(object(members, verb.range.union(tokens.last)))
            guard tokens.peek()?.text == ";" else {
                return event("touches", start, LocatedJSON(value: .array(touches), range: start.union(tokens.last)))
            }
            _ = tokens.next()
        }
    }

    /// The JSON key of each action's verb; the others are their own. `setProperties` is
    /// one name in both forms; `change`, its earlier verb, is still read.
    private static let actionKeys = [
        "enable": "setEnabled", "disable": "setEnabled", "set": "setHook", "change": "setProperties",
        "add": "addView", "remove": "removeView", "frame": "setFrame", "reparent": "setParent",
    ]

    /// The body of an event that is not a touch phase, keyed as in JSON by the caller:
    /// `enable|disable RECOGNIZER on VIEW`, `set HOOK VALUE`, `setProperties VIEW {NAME[=VALUE]}`,
    /// `add` and a view line's rest, `remove VIEW`, `frame VIEW [X Y W H]`,
    /// `reparent VIEW in PARENT [X Y W H]`,
    /// `scroll VIEW to (X, Y)`, `interrupt`, `saw RECOGNIZER on VIEW STATE`.
    private static func action(_ verb: Token, _ tokens: inout Tokens) throws(LocatedJSONError) -> LocatedJSON {
        switch verb.text {
        case "enable", "disable":
            let recognizer = try tokens.word("a recognizer")
            _ = try tokens.expect("on")
            let view = try tokens.word("a view id")
            return object(
                [
                    ("recognizer", recognizer.range, string(recognizer)), ("view", view.range, string(view)),
                    ("value", verb.range, LocatedJSON(value: .bool(verb.text == "enable"), range: verb.range)),
                ],
                verb.range.union(tokens.last))
        case "set":
            let hook = try tokens.word("a hook")
            let value = try tokens.value()
            return object([("hook", hook.range, string(hook)), ("value", value.range, value)], verb.range.union(tokens.last))
        case "setProperties", "change":
            let view = try tokens.word("a view id")
            return object([("view", view.range, string(view))] + (try properties(&tokens)), verb.range.union(tokens.last))
        case "add":
            return try viewBody(verb, &tokens)
        case "remove":
            let view = try tokens.word("a view id")
            return object([("view", view.range, string(view))], verb.range.union(tokens.last))
        case "frame":
            let view = try tokens.word("a view id")
            return object([("view", view.range, string(view)), try frame(&tokens)], verb.range.union(tokens.last))
        case "reparent":
            let view = try tokens.word("a view id")
            _ = try tokens.expect("in")
            let parent = try tokens.word("a view id")
            return object(
                [("view", view.range, string(view)), ("parent", parent.range, string(parent)), try frame(&tokens)],
                verb.range.union(tokens.last))
        case "scroll":
            let view = try tokens.word("a view id")
            _ = try tokens.expect("to")
            return object([("view", view.range, string(view))] + (try point(&tokens)), verb.range.union(tokens.last))
        case "interrupt":
            return object([], verb.range)
        case "saw":
            let recognizer = try tokens.word("a recognizer")
            _ = try tokens.expect("on")
            let view = try tokens.word("a view id")
            let state = try tokens.word("a recognizer state (began, changed, ended, recognized or cancelled)")
            return object(
                [
                    ("recognizer", recognizer.range, string(recognizer)), ("view", view.range, string(view)),
                    ("state", state.range, string(state)),
                ],
                verb.range.union(tokens.last))
        default:
            throw LocatedJSONError(
                reason: "expected down, move, up, cancel, enable, disable, set, setProperties, add, remove, frame, "
                    + "reparent, scroll, interrupt or saw, found '\(verb.text)'",
                range: verb.range)
        }
    }

    private static func object(_ members: [(String, SourceRange, LocatedJSON)], _ range: SourceRange) -> LocatedJSON {
        LocatedJSON(value: .object(members.map { LocatedJSON.Member(key: $0.0, keyRange: $0.1, value: $0.2) }), range: range)
    }

    private static func string(_ token: Token) -> LocatedJSON {
        LocatedJSON(value: .string(token.text), range: token.range)
    }

    public struct Token: Sendable {
        public var text: String
        public var range: SourceRange
        public var isWord: Bool { text.first.map { $0.isLetter || $0 == "_" } ?? false }
    }

    /// Whether `text` reads back as one word of the text form (a view id, a role): it
    /// starts with a letter or `_` and holds no space, punctuation, `#` or control
    /// character. What is not cannot be written in a text scene or a test file.
    public static func isWord(_ text: String) -> Bool {
        Token(text: text, range: SourceRange(file: FileID(0), start: 0, end: 0)).isWord
            && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || " #:[](),;=".unicodeScalars.contains($0) }
    }

    /// The tokens of one line: words, numbers and the punctuation `: [ ] ( ) , ; =`;
    /// `#` starts a comment. Test files (`.gdltest`) read their lines with it too.
    public struct Tokens {
        private var tokens: [Token] = []
        private var position = 0
        /// The range of the last token taken, for the extent of what was read.
        public private(set) var last: SourceRange

        public init(file: SourceFile, id: FileID, range: Range<Int>) {
            last = SourceRange(file: id, start: range.lowerBound, end: range.lowerBound)
            let bytes = file.bytes
            var offset = range.lowerBound
            while offset < range.upperBound {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "#") { break }
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    offset += 1
                    continue
                }
                let start = offset
                if ":[](),;=".utf8.contains(byte) {
                    offset += 1
                } else {
                    while offset < range.upperBound, !" \t\r\n#:[](),;=".utf8.contains(bytes[offset]) { offset += 1 }
                }
                tokens.append(
                    Token(
                        text: String(decoding: bytes[start..<offset], as: UTF8.self),
                        range: SourceRange(file: id, start: start, end: offset)))
            }
        }

        public func peek() -> Token? { position < tokens.count ? tokens[position] : nil }

        /// The token `ahead` places after the next one.
        public func peek(_ ahead: Int) -> Token? { position + ahead < tokens.count ? tokens[position + ahead] : nil }

        public mutating func next() -> Token? {
            guard let token = peek() else { return nil }
            position += 1
            last = token.range
            return token
        }

        /// "expected WHAT, found 'X'", at the next token or the end of the line.
        public func missing(_ what: String) -> LocatedJSONError {
            LocatedJSONError(
                reason: "expected \(what)" + (peek().map { ", found '\($0.text)'" } ?? " at the end of the line"),
                range: peek()?.range ?? SourceRange(file: last.file, start: last.end, end: last.end))
        }

        public mutating func expect(_ text: String) throws(LocatedJSONError) -> Token {
            guard peek()?.text == text, let token = next() else { throw missing("'\(text)'") }
            return token
        }

        public mutating func word(_ what: String) throws(LocatedJSONError) -> Token {
            guard peek()?.isWord == true, let token = next() else { throw missing(what) }
            return token
        }

        mutating func number(_ what: String) throws(LocatedJSONError) -> LocatedJSON {
            guard let token = peek(), let value = Double(token.text), value.isFinite else { throw missing(what) }
            _ = next()
            return LocatedJSON(value: .number(value), range: token.range)
        }

        /// A number, `true` or `false`.
        mutating func value() throws(LocatedJSONError) -> LocatedJSON {
            guard let token = peek() else { throw missing("a value") }
            if token.text == "true" || token.text == "false" {
                _ = next()
                return LocatedJSON(value: .bool(token.text == "true"), range: token.range)
            }
            return try number("a value")
        }
    }
}
