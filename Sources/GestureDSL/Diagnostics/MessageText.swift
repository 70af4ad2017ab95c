extension String {
    /// `parts` one after another, copied into one string of the right size.
    ///
    /// Interpolation appends piece by piece, each append checking the string's storage
    /// and growing it: for a message built thousands of times (a warning on each of
    /// thousands of relations) that costs more than the check that finds the problem.
    package init(concatenating parts: String...) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    let end = Swift.min(offset + bytes.count, buffer.count)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<end]).initialize(from: bytes)
                    offset = end
                }
            }
            return offset
        }
    }
}
