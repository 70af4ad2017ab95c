/// The version of the compiled table format.
///
/// Generated code and binary programs record the version they were built for; the
/// runtime refuses any other. Bump it whenever the layout of `GestureProgram` changes.
public enum TableFormat {
    /// The format version this runtime reads and writes.
    public static let version: Int = 1
}
