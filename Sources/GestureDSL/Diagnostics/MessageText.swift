extension String {
    /// `parts` one after another, copied into one string of the right size.
    ///
    /// Interpolation appends piece by piece, each append checking the string's storage
    /// and growing it: for a message built thousands of times (a warning on each of
    /// thousands of relations) that costs more than the check that finds the problem.
    /// The bytes are gathered in a temporary buffer of their total count and decoded
    /// once (gathered in an `Array`, grown and checked part by part, they cost half as
    /// much again). Each part is written within that count, `min` bounding it, and only
    /// the bytes written are read: with `TextBuffer`, the front end's unsafe memory.
    package init(concatenating parts: String...) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var offset = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    let end = Swift.min(offset + bytes.count, buffer.count)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<end]).initialize(from: bytes)
                    offset = end
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<offset]), as: UTF8.self)
        }
    }
}
