/// The version of the compiled table format.
///
/// Generated code and binary programs record the version they were built for; the
/// runtime refuses any other. Bump it whenever the layout of `GestureProgram` changes,
/// and rename `TableFormatVersion10` with it.
public enum TableFormat {
    /// The format version this runtime reads and writes.
    public static let version: Int = 10
}

/// Generated Swift names this type, so code generated for another table format fails
/// to compile against this runtime instead of misreading its tables.
public enum TableFormatVersion10 {}
