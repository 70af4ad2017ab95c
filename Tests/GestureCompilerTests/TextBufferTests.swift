import Testing

@testable import GestureCompiler

/// The emitters' buffer writes numbers and JSON keys without making strings.
@Suite("Text buffer")
struct TextBufferTests {
    @Test(
        "an integer is written as Swift writes it, at every width and sign",
        arguments: [0, 7, 9, 10, 99, 100, 12_345, 1_000_000, -1, -9, -10, -12_345, Int.max, Int.min])
    func integers(value: Int) {
        var buffer = TextBuffer(capacity: 16)
        buffer.append(value)
        buffer.append(",")
        #expect(buffer.text == "\(value),")
    }

    @Test("a key, a line break and its indentation, past the buffer's first room")
    func keysAndLines() {
        var buffer = TextBuffer(capacity: 16)
        buffer.append(quotedKey: "cancelsTouchesInView")
        buffer.append(lineBreakIndentedBy: 6)
        buffer.append(quotedKey: "x")
        buffer.append(lineBreakIndentedBy: 0)
        #expect(buffer.text == "\"cancelsTouchesInView\": \n      \"x\": \n")
    }

    @Test("a Swift argument's label, first in its list or after another")
    func argumentLabels() {
        var buffer = TextBuffer(capacity: 16)
        buffer.append(argumentLabel: "name", separated: false)
        buffer.append(1)
        buffer.append(argumentLabel: "cancelsTouchesInView", separated: true)
        buffer.append(true)
        #expect(buffer.text == "name: 1, cancelsTouchesInView: true")
    }
}

/// The program writer puts a recognizer a member per line without trying one line
/// first (`JSONWriter.objectOnLines`): exact only while its members that are always
/// written are wider than one line takes, whatever their values.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test("a recognizer's members that are always written, at their shortest, do not fit one line")
    func recognizerNeverFitsOneLine() {
        func members(_ json: inout JSONWriter) {
            json.member("name", "a")
            json.member("kind", 0)
            json.member("role", 0)
            json.member("arguments", scalars: [Double]()) { $0.number($1) }
            json.member("enabled", false)
            json.member("cancelsTouchesInView", false)
            json.member("delaysTouchesBegan", false)
            json.member("delaysTouchesEnded", false)
        }
        var tried = JSONWriter()
        tried.object(members)
        var lines = JSONWriter()
        lines.objectOnLines(members)
        #expect(tried.out.text.contains("\n"))
        #expect(tried.out.text == lines.out.text)
    }
}
