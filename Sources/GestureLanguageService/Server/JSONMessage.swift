import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureReference
import GestureRuntime
import GestureSimulation

/// A JSON value the server writes: responses, notifications and their parts. Written
/// compactly, members in the order given, so the same answer is the same bytes.
public indirect enum JSONMessage: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONMessage])
    case object([(String, JSONMessage)])

    public static func == (lhs: JSONMessage, rhs: JSONMessage) -> Bool {
        lhs.bytes == rhs.bytes
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .int(let value): out += Array(String(value).utf8)
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.0, into: &out)
                out.append(UInt8(ascii: ":"))
                member.1.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A string literal as every JSON the project writes escapes it (`JSON.quote`).
    private static func writeString(_ value: String, into out: inout [UInt8]) {
        out += JSON.quote(value).utf8
    }
}
