import GestureDSL

/// The options and operands of one command, split from the raw arguments.
///
/// Options are declared up front so that an unknown one is an error with a
/// suggestion, never silently taken as a file.
struct Arguments {
    /// Flags that take no value.
    var flags: Set<String> = []
    /// Options that take a value, by name.
    var values: [String: String] = [:]
    /// Everything else, in order: files.
    var operands: [String] = []

    /// Splits `raw` given the flags and valued options a command accepts. `--` ends
    /// options; `--name=value` and `--name value` are both accepted.
    init(_ raw: [String], flags knownFlags: [String], options knownOptions: [String]) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < raw.count {
            let argument = raw[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if knownFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if index < raw.count {
                    values[name] = raw[index]
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value")
                }
            } else {
                let guess = Suggestions.closest(to: name, among: knownFlags + knownOptions)
                throw UsageError("unknown option '\(name)'", suggestion: guess)
            }
        }
    }
}

extension Arguments {
    /// The value of `option`, one of `T`'s cases, or `fallback` when it is not given;
    /// anything else is "unknown WHAT 'x' (use 'a', 'b' or 'c')" with a suggestion.
    func choice<T: RawRepresentable & CaseIterable>(_ option: String, _ what: String, default fallback: T) throws(UsageError) -> T
    where T.RawValue == String {
        guard let name = values[option] else { return fallback }
        if let value = T(rawValue: name) { return value }
        let names = T.allCases.map(\.rawValue)
        let quoted = names.map { "'\($0)'" }
        let list = quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "") : quoted.joined()
        throw UsageError("unknown \(what) '\(name)' (use \(list))", suggestion: Suggestions.closest(to: name, among: names))
    }
}

/// A mistake in how the tool was called, or a named file it could not read: exit
/// status 2, one line, maybe a suggestion.
struct UsageError: Error, Equatable {
    var message: String
    var suggestion: String?
    /// False for I/O problems, where pointing at `--help` would not help.
    var pointsAtHelp = true

    init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }

    static func io(_ message: String) -> UsageError {
        var error = UsageError(message)
        error.pointsAtHelp = false
        return error
    }

    var rendered: String {
        var text = "gesturec: error: \(TerminalText.escaped(message))"
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text + "\n"
    }
}
