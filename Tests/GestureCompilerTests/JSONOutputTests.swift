import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// The one JSON writer of the tools (`JSONOutput`): its four layouts, its numbers, and
/// its canonical layout against the streaming writer of programs.
@Suite("JSON output")
struct JSONOutputTests {
    /// A value with every kind of member: scalars, a flat array, a nested object and
    /// an array of objects.
    static let sample = JSONOutput.object([
        ("name", .string("a \"b\"\n")), ("count", .int(3)), ("ratio", .number(0.5)), ("on", .bool(true)), ("none", .null),
        ("frame", .array([.number(0), .number(10)])),
        ("inner", .object([("x", .int(1))])),
        ("items", .array([.object([("id", .int(1))]), .array([])])),
    ])

    @Test("compact has no spaces; line spaces each separator")
    func oneLine() {
        #expect(
            Self.sample.written(.compact)
                == #"{"name":"a \"b\"\n","count":3,"ratio":0.5,"on":true,"none":null,"frame":[0,10],"inner":{"x":1},"items":[{"id":1},[]]}"#
        )
        #expect(
            Self.sample.written(.line)
                == #"{"name": "a \"b\"\n", "count": 3, "ratio": 0.5, "on": true, "none": null, "frame": [0, 10], "inner": {"x": 1}, "items": [{"id": 1}, []]}"#
        )
    }

    @Test("lines(depth:) breaks the outer levels a member a line and writes the deeper ones on one line")
    func rows() {
        #expect(
            JSONOutput.array([.object([("t", .int(0)), ("xy", .array([.int(1), .int(2)]))]), .int(7)]).written(.rows)
                == "[\n  {\"t\": 0, \"xy\": [1, 2]},\n  7\n]")
        #expect(JSONOutput.object([("a", .int(1)), ("b", .object([("c", .null)]))]).written(.rows) == "{\n  \"a\": 1,\n  \"b\": {\"c\": null}\n}")
        #expect(JSONOutput.array([]).written(.rows) == "[]")
        // Two levels: a trace's object, then its events a line each.
        let trace = JSONOutput.object([
            ("events", .array([.object([("t", .int(0)), ("touches", .array([.object([("id", .int(1))])]))]), .object([("t", .int(1))])]))
        ])
        #expect(
            trace.written(.lines(depth: 2))
                == "{\n  \"events\": [\n    {\"t\": 0, \"touches\": [{\"id\": 1}]},\n    {\"t\": 1}\n  ]\n}")
    }

    @Test("canonical keeps flat narrow objects on one line and breaks the rest")
    func canonical() {
        let expected = """
            {
              "name": "a \\"b\\"\\n",
              "count": 3,
              "ratio": 0.5,
              "on": true,
              "none": null,
              "frame": [0, 10],
              "inner": {"x": 1},
              "items": [
                {"id": 1},
                []
              ]
            }
            """
        #expect(Self.sample.written(.canonical) == expected)
        // 95 bytes without the closing brace stay on one line; 96 do not.
        func object(width: Int) -> JSONOutput {
            // `{"k": "` and `"` around the padding: 8 bytes.
            .object([("k", .string(String(repeating: "x", count: width - 8)))])
        }
        #expect(object(width: 95).written(.canonical).count == 96)
        #expect(object(width: 96).written(.canonical) == "{\n  \"k\": \"\(String(repeating: "x", count: 88))\"\n}")
    }

    @Test("numbers are written as NumberText writes them, and JSON's missing numbers as null")
    func numbers() {
        let values: [Double] = [0, -0.0, 1, -1, 45, 0.35, 1e-7, 123456.789, 9.0e15, 1e300, -2.5, Double(Int64.max)]
        for value in values {
            #expect(JSONOutput.numberText(value) == NumberText.format(value))
        }
        #expect(JSONOutput.number(.infinity).written(.compact) == "null")
        #expect(JSONOutput.number(.nan).written(.compact) == "null")
    }

    @Test("the canonical layout is the programs' layout, byte for byte", arguments: try exampleSpecs())
    func canonicalMatchesPrograms(path: String) throws {
        let written = JSONEmitter.emit(try buildExample(path).map(\.program))
        let parsed = try JSONValue.parse(Array(written.utf8), maximumDepth: 64)
        #expect(Self.output(parsed).written(.canonical) + "\n" == written)
    }

    /// A parsed value as a value to write.
    static func output(_ value: JSONValue) -> JSONOutput {
        switch value.kind {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(output))
        case .object(let members): .object(members.map { ($0.key, output($0.value)) })
        }
    }
}
