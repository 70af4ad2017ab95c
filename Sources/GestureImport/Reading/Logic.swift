/// A condition in the language, simplified as it is built, so that a delegate's test of
/// which recognizer asks folds away for each recognizer it is written for.
indirect enum Logic: Equatable {
    case constant(Bool)
    /// A hook's name, or a test in the language's spelling (`touchedView in list`).
    case atom(String)
    /// `left op right`, which `!` turns into the opposite comparison.
    case compare(String, String, String)
    case not(Logic)
    case and(Logic, Logic)
    case or(Logic, Logic)

    static func && (a: Logic, b: Logic) -> Logic {
        switch (a, b) {
        case (.constant(false), _), (_, .constant(false)): .constant(false)
        case (.constant(true), let x), (let x, .constant(true)): x
        case _ where a == b: a
        default: .and(a, b)
        }
    }

    static func || (a: Logic, b: Logic) -> Logic {
        switch (a, b) {
        case (.constant(true), _), (_, .constant(true)): .constant(true)
        case (.constant(false), let x), (let x, .constant(false)): x
        case _ where a == b: a
        default: .or(a, b)
        }
    }

    static prefix func ! (a: Logic) -> Logic {
        switch a {
        case .constant(let value): .constant(!value)
        case .not(let inner): inner
        case .compare(let left, let op, let right):
            if let opposite = ["==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"][op] {
                .compare(left, opposite, right)
            } else {
                .not(a)
            }
        default: .not(a)
        }
    }

    /// `condition ? then : otherwise`, simplified where one side decides.
    static func choose(_ condition: Logic, _ then: Logic, _ otherwise: Logic) -> Logic {
        if then == otherwise { return then }
        switch (then, otherwise) {
        case (.constant(true), .constant(false)): return condition
        case (.constant(false), .constant(true)): return !condition
        default: return (condition && then) || (!condition && otherwise)
        }
    }

    var text: String { render(level: 0) }

    /// Levels: 0 a whole expression, 1 an operand of `||`, 2 of `&&`, 3 of `!`.
    private func render(level: Int) -> String {
        switch self {
        case .constant(let value): return value ? "true" : "false"
        case .atom(let text): return level >= 3 && text.contains(" ") ? "(\(text))" : text
        case .compare(let left, let op, let right): return level >= 3 ? "(\(left) \(op) \(right))" : "\(left) \(op) \(right)"
        case .not(let inner): return "!" + inner.render(level: 3)
        case .and(let a, let b):
            let text = a.render(level: 2) + " && " + b.render(level: 2)
            return level > 2 ? "(\(text))" : text
        case .or(let a, let b):
            let text = a.render(level: 1) + " || " + b.render(level: 1)
            return level > 1 ? "(\(text))" : text
        }
    }
}
