import GestureDSL
import TestSupport
import Testing

@testable import GestureCompiler

/// The checker finds names without hashing where it can: a kind's parameters by
/// index (in place for a handful, through a table for many), built-in names in a
/// `NameTable`. These hold its answers to what the tables gave.
@Suite("Checker lookups")
struct CheckerLookupTests {
    /// A kind of `count` integer parameters `p0`… (default 1), which requires `p<required>`
    /// to be at least 1, and a set whose recognizers give `arguments`.
    private func wideKind(_ count: Int, requiring required: Int, recognizers: [String]) -> String {
        let parameters = (0..<count).map { "p\($0): int = 1" }.joined(separator: ", ")
        return """
            kind wide(\(parameters)) discrete {
              require p\(required) >= 1
              possible { on down -> recognized }
            }
            gestures Test {
              view window
            \(recognizers.map { "  " + $0 }.joined(separator: "\n"))
            }
            """
    }

    /// Both ways of finding a parameter, a few compared in place and many through a
    /// table: the argument refers to its parameter, the requirement reads its value.
    @Test("an argument finds its parameter among few and among many", arguments: [4, 40])
    func parameterByLabel(count: Int) throws {
        let required = count - 2
        let compilation = check(
            wideKind(
                count, requiring: required,
                recognizers: ["recognizer broken = wide(p\(required): 0) on window", "recognizer fine = wide(p\(count - 1): 0) on window"]))
        // Reported at the value the requirement reads: `  recognizer broken = wide(pN: 0)`.
        let column = "  recognizer broken = wide(p\(required): ".count + 1
        #expect(
            located(compilation) == [
                "main.gdl:7:\(column): kind 'wide' requires p\(required) >= 1, but p\(required) is 0"
            ])
        // The label of each argument refers to the parameter of its name.
        let model = compilation.model
        let file = try #require(compilation.sources.files.firstIndex { $0.path == "main.gdl" })
        let text = String(decoding: compilation.sources.files[file].bytes, as: UTF8.self)
        for label in ["p\(required)", "p\(count - 1)"] {
            let written = try #require(text.range(of: "(\(label):"))
            let offset = text.utf8.distance(from: text.startIndex, to: written.lowerBound) + 1
            let reference = try #require(model.references.first { $0.range.file.rawValue == file && $0.range.start == offset })
            #expect(model.declarations[reference.declaration].name == label)
            #expect(model.declarations[reference.declaration].kind == .parameter)
        }
        // What lowering reads: each recognizer's values, the argument over the defaults.
        let sets = build(wideKind(count, requiring: required, recognizers: ["recognizer fine = wide(p\(count - 1): 5) on window"]))
        let arguments = try #require(sets.first?.program.recognizers.first?.arguments)
        #expect(arguments == Array(repeating: 1, count: count - 1) + [5])
    }

    /// A repeated argument is an error (GDL107), and the first value is the one the
    /// model keeps and lowering would use: the kind's requirements are checked against
    /// it, not against a later one.
    @Test("with a repeated argument, the requirements read the first value")
    func repeatedArgument() {
        let compilation = check(inSet("  recognizer t = tap(taps: 0, taps: 2) on window"))
        #expect(
            messages(compilation) == [
                "kind 'tap' requires taps >= 1, but taps is 0",
                "argument 'taps' is given more than once",
            ])
    }

    /// Every built-in name and constant is found in its table, and a spec's own names
    /// are not.
    @Test("every built-in name is found, and a spec's own names are not")
    func builtinNames() {
        for (name, _) in Builtins.names { #expect(Builtins.builtin(named: name) != nil, "\(name)") }
        for name in Builtins.constants { #expect(ConstantEvaluator.namedConstant(name) != nil, "\(name)") }
        let found = ["allow", "r1234", "role12", "window", "tap", "longPress", "photoCell", "", "é"].filter {
            Builtins.builtin(named: $0) != nil || ConstantEvaluator.namedConstant($0) != nil
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The search for cycles of requirements keeps its lists from one start to the next:
    /// each cycle is reported alone, whatever was searched before it.
    @Test("two separate cycles of requirements are each reported alone (R57)")
    func twoCycles() {
        let compilation = check(
            inSet(
                """
                  recognizer a = tap on window
                  recognizer b = tap on window
                  recognizer c = tap on window
                  recognizer d = tap on window
                  recognizer e = tap on window
                  a requires b to fail
                  b requires a to fail
                  c requires d to fail
                  d requires e to fail
                  e requires c to fail
                """))
        #expect(
            messages(compilation) == [
                "failure requirements form a cycle: a -> b -> a; none of them could ever recognize",
                "failure requirements form a cycle: c -> d -> e -> c; none of them could ever recognize",
            ])
    }

    @Test("a message built from parts is their bytes one after another")
    func concatenation() {
        #expect(String(concatenating: "'", "pan", "' (on '", "vue", "')") == "'pan' (on 'vue')")
        #expect(String(concatenating: "naïve ", "", "👋") == "naïve 👋")
        #expect(String(concatenating: String(repeating: "long ", count: 40), "end").utf8.count == 203)
    }
}
