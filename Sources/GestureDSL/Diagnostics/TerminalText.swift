/// Text from the user (a path, a scene's view id, a source line, an argument) made safe
/// to print on a terminal: every control character but a tab (C0, DEL, C1) is written
/// as Swift writes it in a string literal, `\u{1B}`, so a crafted input cannot move the
/// cursor, recolour or rewrite what the user sees, as swiftc and git escape them.
/// Newlines too unless `keepingNewlines`.
public enum TerminalText {
    public static func escaped(_ text: some StringProtocol, keepingNewlines: Bool = false) -> String {
        // Nearly all text is printable ASCII, told by its bytes without decoding a scalar.
        let isPlain = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { byte in
                (byte >= 0x20 && byte < 0x7F) || byte == UInt8(ascii: "\t")
                    || (keepingNewlines && byte == UInt8(ascii: "\n"))
            }
        }
        guard isPlain != true, text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") })
        else {
            return String(text)
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !(keepingNewlines && scalar == "\n") {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
