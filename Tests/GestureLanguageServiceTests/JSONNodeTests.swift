import GestureLanguageService
import GestureRuntime
import Testing

/// The language server reads a message's values where they are (`JSONNode`); what it
/// reads must be what the tree reader (`JSONValue`) reads of the same text.
@Suite("Language server: reading messages in place")
struct JSONNodeTests {
    static let documents = [
        #"{"a": 1, "b": [true, false, null, -2.5e3, "x\"y\u00e9\ud83d\udcf7"], "c": {}, "d": [], "a": 2}"#,
        #"  [ [ ], [[1]], {"k" : {"k": [ "v" ]}}, "\\/", 0 ]  "#,
        #"{"id": 7, "method": "m", "params": {"contentChanges": [{"text": "é"}, {"range": {}, "text": ""}]}}"#,
        #"["#.appending(String(repeating: "[", count: 62)) + String(repeating: "]", count: 63),
        #""just a string""#,
        "12345678901234567890",
    ]

    @Test("members, elements, strings and numbers read in place equal the tree's")
    func sameAsTheTree() throws {
        for text in Self.documents {
            let bytes = Array(text.utf8)
            let tree = try JSONValue.parse(bytes, maximumDepth: 64)
            let node = try JSONNode.parse(bytes)
            expectSame(node, tree, text)
        }
    }

    @Test("what the tree reader refuses, the in-place reader refuses at the same byte")
    func sameMistakes() {
        let bad = [
            "", "{", #"{"a" 1}"#, "[1,]", "[01]", "1e999", #""\x""#, "[1] 2", "tru",
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            #""\ud800""#, "\"\u{1}\"",
        ]
        for text in bad {
            let bytes = Array(text.utf8)
            var tree: ProgramError?
            do throws(ProgramError) { _ = try JSONValue.parse(bytes, maximumDepth: 64) } catch { tree = error }
            var node: ProgramError?
            do throws(ProgramError) { _ = try JSONNode.parse(bytes) } catch { node = error }
            #expect(tree != nil, "\(text)")
            #expect("\(String(describing: node))" == "\(String(describing: tree))", "\(text)")
        }
    }

    @Test("bytes that are not UTF-8 in a string are a mistake for both readers, not a replacement character")
    func invalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22], [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D]] {
            #expect(throws: ProgramError.self) { try JSONValue.parse(bytes) }
            #expect(throws: ProgramError.self) { try JSONNode.parse(bytes) }
        }
    }

    private func expectSame(_ node: JSONNode, _ tree: JSONValue, _ text: String) {
        switch tree.kind {
        case .null: #expect(node.isNull, "\(text)")
        case .bool: #expect(node.string == nil && node.number == nil && !node.isNull, "\(text)")
        case .number(let value): #expect(node.number == value, "\(text)")
        case .string(let value): #expect(node.string == value, "\(text)")
        case .array(let elements):
            let read = node.elements.map(Array.init) ?? []
            #expect(read.count == elements.count, "\(text)")
            for (element, value) in zip(read, elements) { expectSame(element, value, text) }
        case .object(let members):
            #expect(node.elements == nil && node.string == nil, "\(text)")
            for member in members {
                // A repeated key reads as its first member, in both readers.
                guard let first = members.first(where: { $0.key == member.key }), let read = node[member.key] else {
                    Issue.record("no member '\(member.key)' in \(text)")
                    continue
                }
                expectSame(read, first.value, text)
            }
            #expect(node["absent"] == nil, "\(text)")
        }
    }
}
