/// What SARIF's `artifactLocation.uri` holds: a URI reference (RFC 3986), not a path.
/// Shared by lint's and diff's SARIF logs.
enum SARIFLocation {
    /// `Examples/My Spec.gdl` → `Examples/My%20Spec.gdl`, a relative reference that code
    /// scanning resolves against the checkout; `/work/a.gdl` → `file:///work/a.gdl`.
    /// Every byte but the unreserved characters and `/` is percent-encoded (UTF-8
    /// included), so a path with spaces, `#`, `?`, `%` or `<prelude>` stays one
    /// reference that means that path.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded += "%"
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
