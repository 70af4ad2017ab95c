import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// What an id means, for `gesturec explain ID`: a rule of the semantics (`R53`), a
/// decision (`Decision 5`, `D5`), a diagnostic (`GDL103`), a lint rule (`GDL202`), a
/// kind of change of `gesturec diff` (`action-moves`), a device profile (`iphone-14`)
/// or a control event (`touchUpOutside`).
///
/// The texts are the project's documents, `docs/semantics.md`, `docs/diagnostics.md`
/// and `docs/controls.md`, compiled into the tool (`ReferenceText`, kept equal to the
/// files by a test), so that the page a user reads and what the tool prints are one
/// text.
public enum Reference {
    /// The entry for `id` (any case), or nil when there is none.
    public static func entry(for id: String) -> String? {
        let trimmed = id.trimmingSpaces
        if let rule = ruleID(trimmed) ?? systemRuleID(trimmed) { return section(rule) }
        if let device = DeviceProfile.named(trimmed.lowercased()) {
            return "\(device.name) (a device profile, docs/devices.md)\n\n" + device.json.written(.canonical) + "\n"
        }
        if let decision = decisionID(trimmed) { return section("Decision \(decision)") }
        if let event = controlEventEntry(trimmed) { return event }
        if let kind = BehaviourChange.Kind(rawValue: trimmed.lowercased()) {
            let what = kind.isBehaviour ? "a change of behaviour" : "a change of structure"
            return "\(kind.rawValue) (gesturec diff, \(what))\n\n\(kind.summary.capitalizedFirst).\n\n\(kind.explanation)\n"
        }
        let upper = trimmed.uppercased()
        guard upper.hasPrefix("GDL") || LintRules.info(for: trimmed) != nil else { return nil }
        var text = ""
        if let rule = LintRules.info(for: trimmed) {
            let optIn = rule.enabledByDefault ? "" : ", opt-in"
            // A former id or name: say what it became first (docs/lint.md, "Ids from before").
            let former =
                rule.formerNames.contains { $0.lowercased() == trimmed.lowercased() }
                ? "\(trimmed) is now part of \(rule.id) \(rule.name): suppressions and --disable naming it still apply.\n\n" : ""
            text =
                former
                + "\(rule.id) \(rule.name) (lint, \(rule.severity.rawValue)\(optIn))\n\n\(rule.summary.capitalizedFirst).\n\n\(rule.explanation)\n"
        } else if let row = diagnosticRow(upper) {
            text = row
        }
        return text.isEmpty ? nil : text
    }

    /// Every id with an entry, for suggestions.
    public static var ids: [String] {
        var ids: [String] = []
        for line in ReferenceText.semantics.split(separator: "\n") where line.hasPrefix("### ") {
            if let title = line.dropFirst(4).split(separator: " · ").first { ids.append(String(title)) }
        }
        for line in ReferenceText.diagnostics.split(separator: "\n") where line.hasPrefix("| GDL") {
            if let id = line.split(separator: "|").first { ids.append(id.trimmingSpaces) }
        }
        ids += LintRules.infos.map(\.id.rawValue) + BehaviourChange.Kind.allCases.map(\.rawValue)
        ids += DeviceProfile.builtIn.map(\.name) + ControlEvent.Kind.allCases.map(\.rawValue)
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    /// `R53`, `r32a`, `R81b` → `R53`, `R32a`, `R81b`: a rule's number and at most one
    /// letter, for a rule added between two others.
    static func ruleID(_ text: String) -> String? {
        guard let first = text.first, first == "R" || first == "r" else { return nil }
        let rest = text.dropFirst()
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let suffix = rest.dropFirst(digits.count).lowercased()
        guard !digits.isEmpty, digits.count < 4, suffix.isEmpty || suffix.count == 1 && suffix >= "a" && suffix <= "z"
        else { return nil }
        return "R" + digits + suffix
    }

    /// A control event's entry (`touchUpOutside`, any case): the deliveries that send it,
    /// from the table of docs/controls.md, then that page's "What a control sends", so
    /// that a timeline's control events are explained as its decisions are.
    static func controlEventEntry(_ text: String) -> String? {
        let lower = text.lowercased()
        guard let event = ControlEvent.Kind.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
            return nil
        }
        var body: [Substring] = []
        var inside = false
        for line in ReferenceText.controls.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                if inside { break }
                inside = line == "## What a control sends"
                continue
            }
            if inside { body.append(line) }
        }
        var sentOn: [String] = []
        for line in body where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map(\.trimmingSpaces)
            guard cells.count == 2, cells[1].contains("`\(event.rawValue)`") else { continue }
            sentOn.append("- delivered \(cells[0]): \(cells[1])")
        }
        while body.first?.isEmpty == true { body.removeFirst() }
        while body.last?.isEmpty == true { body.removeLast() }
        guard !sentOn.isEmpty, !body.isEmpty else { return nil }
        return "\(event.rawValue) (a control event, docs/controls.md)\n\nA control sends it when its view is:\n\n"
            + sentOn.joined(separator: "\n") + "\n\n" + body.joined(separator: "\n") + "\n\n(docs/controls.md)\n"
    }

    /// `S3`, `s3` → `S3`: a rule of the system's gestures (docs/semantics.md §K).
    static func systemRuleID(_ text: String) -> String? {
        guard let first = text.first, first == "S" || first == "s" else { return nil }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.count < 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return "S" + digits
    }

    /// `Decision 5`, `decision5`, `D5` → `5`.
    static func decisionID(_ text: String) -> String? {
        let lower = text.lowercased()
        let number: Substring
        if lower.hasPrefix("decision") {
            number = lower.dropFirst("decision".count).drop { $0 == " " }
        } else if lower.hasPrefix("d") {
            number = lower.dropFirst()
        } else {
            return nil
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return String(number)
    }

    /// The `### ID · title` section of the semantics, to the next heading.
    static func section(_ id: String) -> String? {
        var out: [Substring] = []
        var inside = false
        for line in ReferenceText.semantics.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if inside { break }
                inside = line.hasPrefix("### \(id) · ")
                if inside { out.append(line.dropFirst(4)) }
                continue
            }
            if inside { out.append(line) }
        }
        guard !out.isEmpty else { return nil }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n") + "\n\n(docs/semantics.md)\n"
    }

    /// What Grammar.md says a built-in name means: the last cell of each table row whose
    /// first cell names it in code (`interactive`, a property of view roles; `scale`,
    /// a feature), with the section of the table. The hover of a built-in property or
    /// feature reads it, so the editor and the grammar are one text.
    public static func builtinMeanings(of name: String) -> [(section: String, meaning: String)] {
        var found: [(section: String, meaning: String)] = []
        var section = ""
        for line in ReferenceText.grammar.split(separator: "\n") {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map(\.trimmingSpaces)
            guard cells.count >= 2, let first = cells.first, let meaning = cells.last else { continue }
            let names = first.split(separator: ",").map { $0.trimmingSpaces }
            guard names.contains("`\(name)`") else { continue }
            found.append((section, meaning))
        }
        return found
    }

    /// A diagnostic's row of `docs/diagnostics.md`, each cell under its column's name,
    /// with the section it is listed in.
    static func diagnosticRow(_ id: String) -> String? {
        var header: [String] = []
        var section = ""
        for line in ReferenceText.diagnostics.split(separator: "\n") {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            guard line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map(\.trimmingSpaces)
            if cells.first == "id" {
                header = cells
                continue
            }
            guard cells.first == id else { continue }
            var out = "\(id) · \(section)\n"
            for (name, value) in zip(header, cells).dropFirst() { out += "\n\(name): \(value)" }
            return out + "\n\n(docs/diagnostics.md)\n"
        }
        // A retired id is named in a sentence of its own.
        for paragraph in ReferenceText.diagnostics.split(separator: "\n\n") {
            let text = paragraph.drop { $0 == "\n" }
            if text.hasPrefix("\(id) ") { return text.split(separator: "\n").joined(separator: " ") + "\n\n(docs/diagnostics.md)\n" }
        }
        return nil
    }
}

extension StringProtocol {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// With its first character in upper case.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
