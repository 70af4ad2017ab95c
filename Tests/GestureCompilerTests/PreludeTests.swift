import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// The prelude's kinds are checked here for what can be seen in their tables; the
/// engine's tests execute them.
@Suite("Prelude")
struct PreludeTests {
    static let compilation = Compilation.check(roots: [], loader: InMemorySourceLoader([:]), errorLimit: nil)
    static var kinds: [String: KindDecl] {
        Dictionary(uniqueKeysWithValues: compilation.prelude.kinds.map { ($0.name.name, $0) })
    }

    private func kind(_ name: String) throws -> KindDecl {
        try #require(Self.kinds[name])
    }

    /// The default of `parameter`, as written: "350ms", "unlimited", "right".
    private func defaultValue(_ kind: KindDecl, _ parameter: String) -> String? {
        guard let expr = kind.parameters.first(where: { $0.name.name == parameter })?.defaultValue else { return nil }
        switch expr.kind {
        case .number(let n):
            return (n.isInteger ? String(Int(n.value)) : String(n.value)) + (n.unit?.rawValue ?? "")
        case .name(let name): return name
        case .bool(let value): return String(value)
        default: return "?"
        }
    }

    @Test("the prelude parses without a diagnostic, which compilations rely on: they reuse its syntax")
    func parsesClean() {
        var diagnostics = DiagnosticBag(errorLimit: nil)
        let syntax = Parser.parse(SourceFile(path: Prelude.path, text: Prelude.source), id: FileID(0), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.map(\.message) == [])
        #expect(syntax.kinds.count == Self.compilation.prelude.kinds.count)
        #expect(Self.compilation.sources[FileID(0)].path == Prelude.path)
    }

    @Test("the prelude checks clean")
    func clean() {
        #expect(messages(Self.compilation) == [])
    }

    @Test("it declares the standard kinds, each discrete or continuous as UIKit's")
    func standardKinds() {
        let modes = Self.kinds.mapValues(\.mode)
        #expect(
            modes == [
                "tap": .discrete, "swipe": .discrete, "touchDelay": .discrete,  // R63, R71, R81
                "longPress": .continuous, "pan": .continuous, "pinch": .continuous,  // R66, R69, R72
                "rotation": .continuous, "screenEdgePan": .continuous, "hover": .continuous,  // R73, R90
            ])
    }

    @Test(
        "defaults follow SEMANTICS §0.2",
        arguments: [
            ("tap", "taps", "1"), ("tap", "touches", "1"), ("tap", "interval", "350ms"),
            ("tap", "maximumDuration", "1500ms"), ("tap", "allowableMovement", "45pt"),
            ("longPress", "minimumDuration", "500ms"), ("longPress", "allowableMovement", "10pt"),
            ("longPress", "taps", "0"), ("longPress", "touches", "1"),
            ("pan", "minimumTouches", "1"), ("pan", "maximumTouches", "unlimited"), ("pan", "hysteresis", "10pt"),
            ("swipe", "direction", "right"), ("swipe", "touches", "1"),
            ("touchDelay", "delay", "150ms"),
        ])
    func constants(kind name: String, parameter: String, value: String) throws {
        #expect(defaultValue(try kind(name), parameter) == value)
    }

    @Test("R49: a tap cannot prevent a tap with more taps")
    func tapPrevention() throws {
        let rules = try kind("tap").preventionRules
        #expect(rules.count == 1)
        #expect(rules.first?.direction == .prevent)
        #expect(rules.first?.otherKind.name == "tap")
        #expect(rules.first?.condition.map(\.fullyParenthesized) == "(other.taps > taps)")
    }

    @Test("R64, R71: tap and swipe report where they started")
    func startLocations() throws {
        for name in ["tap", "swipe"] {
            let report = try kind(name).reports.first { $0.name.name == "location" }
            #expect(report?.value.map(\.fullyParenthesized) == "startLocation", "\(name)")
        }
    }

    @Test("R81: the touch delay delays touches began, never cancels them, and never recognizes")
    func touchDelay() throws {
        let delay = try kind("touchDelay")
        #expect(
            delay.properties.map { "\($0.name.name)=\($0.value.fullyParenthesized)" }
                == ["delaysTouchesBegan=true", "cancelsTouchesInView=false"])
        #expect(targets(delay).isSubset(of: ["possible", "failed"]))
        #expect(handledEvents(delay, in: "possible") == ["down", "up", "cancel", "timer hold"])
    }

    @Test("R28: discrete kinds never begin; continuous kinds never fail once begun")
    func stateMachineShape() {
        for (name, kind) in Self.kinds {
            if kind.mode == .discrete {
                #expect(targets(kind).isDisjoint(with: ["began", "changed", "ended", "cancelled"]), "\(name)")
            } else {
                for block in kind.states where block.heads.contains(where: { ["began", "changed"].contains($0.name.name) }) {
                    #expect(block.transitions.allSatisfy { $0.target?.name != "failed" }, "\(name)")
                }
                #expect(targets(kind).isSuperset(of: ["began", "changed", "ended", "cancelled"]), "\(name)")
            }
        }
    }

    @Test("R74, R75: pinch and rotation ignore touches past two; the edge pan past one")
    func ignoredTouches() throws {
        for name in ["pinch", "rotation"] {
            for block in try kind(name).states {
                let ignoring = block.transitions.first { transition in
                    transition.guardExpr.map(\.fullyParenthesized) == "(touchCount > 2)"
                        && transition.actions.contains { if case .ignore = $0 { true } else { false } }
                }
                #expect(ignoring != nil, "\(name) \(block.heads.map(\.name.name))")
            }
        }
        let edge = try kind("screenEdgePan")
        let firstDown = edge.states.first?.transitions.first
        #expect(firstDown?.guardExpr.map(\.fullyParenthesized) == "(touchCount > 1)")
    }

    @Test("R67: a long press begins on its timer, changes on every move, ends on a lift")
    func longPress() throws {
        let press = try kind("longPress")
        #expect(
            press.states.first?.transitions.contains { transition in
                transition.target?.name == "began" && transition.events.contains { if case .timer(let t) = $0 { t.name == "press" } else { false } }
            } == true)
        let active = try #require(press.states.first { $0.heads.map(\.name.name) == ["began", "changed"] })
        #expect(
            active.transitions.map { "\(events($0)) -> \($0.target?.name ?? "")" }
                == ["move -> changed", "up -> ended", "cancel -> cancelled"])
    }

    private func targets(_ kind: KindDecl) -> Set<String> {
        Set(kind.states.flatMap { $0.transitions.compactMap(\.target?.name) })
    }

    private func events(_ transition: TransitionDecl) -> String {
        transition.events.map(eventName).joined(separator: ",")
    }

    private func eventName(_ event: EventRef) -> String {
        switch event {
        case .touch(let phase, _): phase.rawValue
        case .timer(let name): "timer \(name.name)"
        }
    }

    private func handledEvents(_ kind: KindDecl, in state: String) -> [String] {
        kind.states.filter { $0.heads.contains { $0.name.name == state } }
            .flatMap { $0.transitions.flatMap { $0.events.map(eventName) } }
    }
}
