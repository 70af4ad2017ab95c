import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// The way back from a compiled set to its source, as lowering fills it, held to the
/// program it describes over every spec of the corpora.
@Suite("Provenance")
struct ProvenanceTests {
    @Test("every element's origin is where its program location points", arguments: try specCorpus())
    func originsMatchLocations(path: String) throws {
        let compilation = try checkRepositorySpec(path)
        // A spec with errors is not lowered (Examples/Invalid).
        guard !compilation.diagnostics.hasErrors else { return }
        let build = compilation.lowered()
        try #require(build.succeeded, "\(path)")
        for set in build.sets {
            let program = set.program
            let provenance = try #require(set.provenance, "\(path): \(program.name)")
            // A brought recognizer's name is written at its use (the prefix), outside
            // the component's lines that declare it.
            func expectAnchor(
                _ origin: Provenance.Origin, at location: GestureRuntime.SourceLocation, _ what: String, brought: Bool = false
            ) {
                #expect(position(origin.anchor, in: compilation) == location, "\(path): \(what)")
                #expect(origin.anchor == scannedWord(at: location, in: compilation), "\(path): \(what)")
                guard !brought else { return }
                #expect(origin.range.start <= origin.anchor.start && origin.anchor.end <= origin.range.end, "\(path): \(what)")
            }
            #expect(provenance.views.count == program.views.count)
            for (view, origin) in zip(program.views, provenance.views) { expectAnchor(origin.origin, at: view.location, view.name) }
            #expect(provenance.recognizers.count == program.recognizers.count)
            for (recognizer, origin) in zip(program.recognizers, provenance.recognizers) {
                expectAnchor(origin.origin, at: recognizer.location, recognizer.name, brought: origin.use != nil)
                #expect(origin.origin.declaration != nil, "\(path): \(recognizer.name)")
            }
            #expect(provenance.hooks.count == program.hooks.count)
            for (hook, origin) in zip(program.hooks, provenance.hooks) { expectAnchor(origin.origin, at: hook.location, hook.name) }
            #expect(provenance.failureRequirements.count == program.failureRequirements.count)
            for (edge, origin) in zip(program.failureRequirements, provenance.failureRequirements) {
                expectAnchor(origin.origin, at: edge.location, "a requirement")
                #expect((edge.condition != nil) == (origin.condition != nil), "\(path): a requirement's condition")
            }
            #expect(provenance.simultaneityGroups.count == program.simultaneityGroups.count)
            for (group, origin) in zip(program.simultaneityGroups, provenance.simultaneityGroups) {
                expectAnchor(origin.origin, at: group.location, "a simultaneity group")
                #expect((group.condition != nil) == (origin.condition != nil), "\(path): a group's condition")
            }
            #expect(provenance.preventionExemptions.count == program.preventionExemptions.count)
            for (pair, origin) in zip(program.preventionExemptions, provenance.preventionExemptions) {
                expectAnchor(origin.origin, at: pair.location, "a prevention exemption")
            }
            #expect(provenance.kinds.count == program.kinds.count)
            for (kind, origin) in zip(program.kinds, provenance.kinds) {
                expectAnchor(origin.origin, at: kind.location, kind.name)
                #expect(origin.timers.count == kind.timers.count, "\(path): \(kind.name)'s timers")
                #expect(origin.preventionRules.count == kind.preventionRules.count, "\(path): \(kind.name)'s rules")
                for (rule, ruleOrigin) in zip(kind.preventionRules, origin.preventionRules) {
                    expectAnchor(ruleOrigin.origin, at: rule.location, "\(kind.name)'s prevention rule")
                }
                try expectRows(of: kind, origin, in: compilation, path)
            }
        }
    }

    /// Each row leads to the transition it was lowered from: the row's location is
    /// where the transition is written, and its guard's comparison instructions are the
    /// transition's comparisons, one for one, by ordinal.
    private func expectRows(
        of kind: GestureProgram.Kind, _ origin: Provenance.Kind, in compilation: Compilation, _ path: String
    ) throws {
        try #require(origin.rows.count == kind.rows.count, "\(path): \(kind.name)'s rows")
        let operators: [Instruction: BinaryOperator] = [
            .less: .less, .lessEqual: .lessEqual, .greater: .greater, .greaterEqual: .greaterEqual, .equal: .equal,
            .notEqual: .notEqual, .vectorEqual: .equal, .vectorNotEqual: .notEqual,
        ]
        for (index, row) in kind.rows.enumerated() {
            let transition = try #require(origin.transitions.indices.contains(origin.rows[index]) ? origin.transitions[origin.rows[index]] : nil)
            #expect(position(transition.origin.anchor, in: compilation) == row.location, "\(path): \(kind.name) row \(index)")
            #expect(origin.transition(at: row.location, in: kind) == origin.rows[index], "\(path): \(kind.name) row \(index)")
            #expect((row.guardRoutine != nil) == (transition.guardRange != nil), "\(path): \(kind.name) row \(index)")
            let compiled = row.guardRoutine.map { kind.routines[$0].code.compactMap { operators[$0] } } ?? []
            #expect(transition.comparisons.map(\.op) == compiled, "\(path): \(kind.name) row \(index)")
            #expect(row.target == .stay || transition.targetRange != nil, "\(path): \(kind.name) row \(index)")
        }
    }

    @Test("provenance takes no part in a set's equality")
    func equalityLeavesProvenanceOut() throws {
        let compilation = try checkRepositorySpec("Examples/PhotoBrowser.gdl")
        let set = try #require(compilation.lowered().sets.first)
        var bare = set
        bare.provenance = nil
        #expect(bare == set)
        #expect(bare.hashValue == set.hashValue)
    }

    private func position(_ range: SourceRange, in compilation: Compilation) -> GestureRuntime.SourceLocation {
        let (line, column) = compilation.sources[range.file].lineAndColumn(of: range.start)
        return GestureRuntime.SourceLocation(file: range.file.rawValue, line: line, column: column)
    }

    /// The word lint underlines at a program location (`LintContext.range`).
    private func scannedWord(at location: GestureRuntime.SourceLocation, in compilation: Compilation) -> SourceRange {
        let file = compilation.sources[FileID(location.file)]
        let start = min(file.lineStarts[location.line - 1] + location.column - 1, file.bytes.count)
        return SourceRange(file: FileID(location.file), start: start, end: file.wordEnd(from: start))
    }
}
