import GestureDSL
import Testing

/// Editors' positions (a line and UTF-16 units, as the Language Server Protocol counts)
/// from the source file's table: the same as decoding the line's prefix, at any place of
/// any line, without decoding it.
@Suite("Editor positions")
struct EditorPositionTests {
    /// The position by decoding, as a reference.
    func decoded(_ file: SourceFile, _ offset: Int) -> (line: Int, character: Int) {
        let (line, column) = file.lineAndColumn(of: offset)
        let start = file.lineStarts[line - 1]
        return (line - 1, String(decoding: file.bytes[start..<(start + column - 1)], as: UTF8.self).utf16.count)
    }

    @Test("every character start of ASCII, accented, CJK and astral text, on short and long lines")
    func roundTrip() {
        let long = String(repeating: "view é😀漢 x", count: 200)
        let file = SourceFile(path: "a.gdl", text: "gestures A {\n  // café ☕ 𝄞\n\(long)\n  view w\r\n}")
        for offset in 0...file.bytes.count where offset == file.bytes.count || file.bytes[offset] & 0xC0 != 0x80 {
            let position = file.utf16Position(of: offset)
            #expect(position == decoded(file, offset), "offset \(offset)")
            // And back: the offset of that position is the offset.
            #expect(file.offset(utf16Line: position.line, character: position.character) == offset, "offset \(offset)")
        }
    }

    @Test("positions past a line's end, or before the file, are clamped")
    func clamped() {
        let file = SourceFile(path: "a.gdl", text: "añb\nxy")
        #expect(file.offset(utf16Line: 0, character: 99) == 4)
        #expect(file.offset(utf16Line: 7, character: 0) == file.bytes.count)
        #expect(file.offset(utf16Line: -1, character: 3) == 0)
        #expect(file.offset(utf16Line: 1, character: -4) == 5)
    }
}
