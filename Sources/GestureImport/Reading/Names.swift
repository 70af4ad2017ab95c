import GestureCompiler
import GestureDSL
import GestureRuntime

/// Names in the draft: identifiers the language accepts, unique in their set.
enum Names {
    /// Words a draft may not use as a name: the language's keywords, its built-in names
    /// (features, constants, functions, `other`) and the contextual words of relations,
    /// taken from the tables the lexer and the checker use.
    static let reserved: Set<String> = Set(Keyword.allCases.map(\.rawValue))
        .union(Feature.allCases.map(\.name)).union(Builtins.constants).union(Builtins.functions.keys)
        .union(["other", "requires", "to", "fail", "cannot", "prevent", "use"])

    /// `name` as an identifier of the language: characters it does not allow dropped,
    /// and `suffix` added to a reserved word (`view` as a role is `viewView`).
    static func identifier(_ name: String, avoiding suffix: String) -> String {
        var scalars = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        while let first = scalars.first, ("0"..."9").contains(first) { scalars.removeFirst() }
        var result = String(String.UnicodeScalarView(scalars))
        if result.isEmpty { result = "unnamed" }
        if reserved.contains(result) { result += suffix }
        return result
    }

    /// An Objective-C instance variable's name without its `_`.
    static func stripIvar(_ name: String) -> String {
        name.count > 1 && name.hasPrefix("_") ? String(name.dropFirst()) : name
    }

    /// Gives every recognizer of `screen` a name of its own: a name used twice (two
    /// methods each making a local `tap`) takes its role's name in front
    /// (`imageViewTap`), and one with none is named after its role and kind.
    static func makeRecognizerNamesUnique(_ screen: inout Screen) {
        for k in screen.recognizers.indices where screen.recognizers[k].name.isEmpty {
            let recognizer = screen.recognizers[k]
            let taps = recognizer.kind == "tap" ? recognizer.arguments.first { $0.label == "taps" }?.value : nil
            let word = taps == "2" ? "DoubleTap" : taps == "3" ? "TripleTap" : capitalized(recognizer.kind)
            screen.recognizers[k].name = (recognizer.role ?? "") + word
        }
        for k in screen.recognizers.indices {
            screen.recognizers[k].name = identifier(lowerCamel(screen.recognizers[k].name), avoiding: "Gesture")
        }
        var counts: [String: Int] = [:]
        for recognizer in screen.recognizers { counts[recognizer.name, default: 0] += 1 }
        let roles = Set(screen.roles.map(\.name))
        // A name a component brings (`listPan`) is taken too.
        let brought = screen.uses.flatMap { use in
            (Reading.componentMembers[use.component] ?? []).map { (use.prefix ?? use.role) + $0.suffix }
        }
        for k in screen.recognizers.indices where brought.contains(screen.recognizers[k].name) {
            counts[screen.recognizers[k].name, default: 0] += 2
        }
        var taken = Set(screen.recognizers.map(\.name)).union(roles).union(brought)
        for k in screen.recognizers.indices where counts[screen.recognizers[k].name, default: 0] > 1 {
            let base = lowerCamel((screen.recognizers[k].role ?? "") + capitalized(screen.recognizers[k].name))
            var candidate = base
            var number = 2
            while taken.contains(candidate) {
                candidate = base + String(number)
                number += 1
            }
            taken.insert(candidate)
            screen.recognizers[k].name = candidate
        }
        // A recognizer named as a role would clash with it: the recognizer gives way.
        for k in screen.recognizers.indices where roles.contains(screen.recognizers[k].name) {
            var candidate = screen.recognizers[k].name + capitalized(screen.recognizers[k].kind)
            var number = 2
            while taken.contains(candidate) {
                candidate = screen.recognizers[k].name + capitalized(screen.recognizers[k].kind) + String(number)
                number += 1
            }
            taken.insert(candidate)
            screen.recognizers[k].name = candidate
        }
    }

    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}

/// UIKit's constant values in the language's spelling.
enum ValueText {
    static func bool(_ text: String) -> String? {
        switch text {
        case "true", "YES": "true"
        case "false", "NO": "false"
        default: nil
        }
    }

    /// A constant of the form a property takes: a count, seconds, points, a set of
    /// directions. `words` are the value's tokens.
    static func value(_ text: String, words: [String], as form: UIKitVocabulary.Value) -> String? {
        switch form {
        case .bool:
            return bool(text)
        case .count:
            guard let number = Int(text.filter { $0 != "_" }), number >= 0 else { return nil }
            return String(number)
        case .seconds:
            guard let seconds = number(text) else { return nil }
            let milliseconds = (seconds * 1000).rounded()
            guard milliseconds >= 0, milliseconds < 1e9 else { return nil }
            return String(Int(milliseconds)) + "ms"
        case .points:
            guard let points = number(text), points >= 0, points < 1e9 else { return nil }
            return points == points.rounded() ? String(Int(points)) + "pt" : String(points) + "pt"
        case .directions, .edges:
            var found: [String] = []
            for word in words {
                if ["UISwipeGestureRecognizer", "UIRectEdge", "Direction", "init"].contains(word) { continue }
                guard word.first?.isLetter == true else { continue }
                guard let directions = UIKitVocabulary.direction(word) else { return nil }
                for direction in directions where !found.contains(direction) { found.append(direction) }
            }
            guard !found.isEmpty else { return nil }
            return found.count == 1 ? found[0] : "[" + found.joined(separator: ", ") + "]"
        case .touchTypes:
            // `[UITouch.TouchType.pencil.rawValue as NSNumber]`, `@[@(UITouchTypePencil)]`:
            // the type names, whatever wraps them.
            var found: [String] = []
            for word in words where word.first?.isLetter == true {
                if ["UITouch", "TouchType", "rawValue", "NSNumber", "value", "as", "init", "Int"].contains(word) { continue }
                guard let type = UIKitVocabulary.touchType(word) else { return nil }
                if !found.contains(type) { found.append(type) }
            }
            guard !found.isEmpty else { return nil }
            return found.count == 1 ? found[0] : "[" + found.joined(separator: ", ") + "]"
        case .scrollTypes:
            // `.all`, `[.discrete, .continuous]`, `UIScrollTypeMaskDiscrete | UIScrollTypeMaskContinuous` (R88).
            var found: [String] = []
            for word in words where word.first?.isLetter == true {
                if ["UIScrollTypeMask", "UIScrollType", "rawValue", "init"].contains(word) { continue }
                guard let type = UIKitVocabulary.scrollType(word) else { return nil }
                if !found.contains(type) { found.append(type) }
            }
            if found.contains("all") || Set(found) == ["discrete", "continuous"] { return "all" }
            guard !found.isEmpty else { return nil }
            return found.count == 1 ? found[0] : "[" + found.joined(separator: ", ") + "]"
        }
    }

    /// A number literal, with Objective-C's and Swift's decorations
    /// (`0.5`, `1_000`, `0.3f`, `CGFloat(2)`).
    static func number(_ text: String) -> Double? {
        var text = text.filter { $0 != "_" && $0 != " " }
        for wrapper in ["CGFloat(", "TimeInterval(", "Double("] where text.hasPrefix(wrapper) && text.hasSuffix(")") {
            text = String(text.dropFirst(wrapper.count).dropLast())
        }
        if text.hasSuffix("f") || text.hasSuffix("F") { text.removeLast() }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

/// The prelude kinds' bounds on the arguments import writes (`require taps >= 1`): a
/// value the code gives below one is raised to it, with a note, so that the draft
/// checks (`minimumPressDuration = 0`, a "touch-down" long press, becomes `1ms`).
enum ArgumentBounds {
    /// The least value of each argument import writes, in the unit it writes it in.
    static let least: [String: [String: Int]] = [
        "tap": ["taps": 1, "touches": 1],
        "longPress": ["minimumDuration": 1, "touches": 1, "taps": 0, "allowableMovement": 0],
        "pan": ["minimumTouches": 1, "maximumTouches": 1, "hysteresis": 0],
        "swipe": ["touches": 1],
    ]

    /// `recognizer`'s arguments within the bounds, and a note for each one raised.
    static func apply(to recognizer: inout Recognizer, notes: inout [ImportNote]) {
        let bounds = least[recognizer.kind] ?? [:]
        for k in recognizer.arguments.indices {
            let setting = recognizer.arguments[k]
            guard let least = bounds[setting.label] else { continue }
            let digits = setting.value.prefix { $0.isNumber || $0 == "." || $0 == "-" }
            let unit = setting.value.dropFirst(digits.count)
            guard let value = Double(digits), value < Double(least) else { continue }
            recognizer.arguments[k].value = String(least) + unit
            notes.append(
                ImportNote(
                    .notUnderstood,
                    "'\(recognizer.name)': \(setting.label) \(setting.value) is below the language's least, \(least)\(unit): the draft says \(least)\(unit)",
                    at: setting.place))
        }
        // A pan's fewest touches may not exceed its most.
        if let low = recognizer.arguments.firstIndex(where: { $0.label == "minimumTouches" }),
            let high = recognizer.arguments.firstIndex(where: { $0.label == "maximumTouches" }),
            let minimum = Int(recognizer.arguments[low].value), let maximum = Int(recognizer.arguments[high].value), minimum > maximum
        {
            notes.append(
                ImportNote(
                    .notUnderstood,
                    "'\(recognizer.name)': minimumTouches \(minimum) is above maximumTouches \(maximum), which no touch can meet: the draft keeps the maximum and drops the minimum",
                    at: recognizer.arguments[low].place))
            recognizer.arguments.remove(at: low)
        }
    }
}
