/// Facts about this build of the runtime, for tools that report them.
public enum GestureRuntimeInfo {
    /// The table format this runtime reads (`TableFormat.version`).
    public static var tableFormatVersion: Int { TableFormat.version }
}
