/// How the trace text form (docs/traces.md) writes a change's words after its location,
/// here so that the simulator's writers and the host's flight recorder write them alike.
extension TouchChange {
    /// What the text form writes after a touch going down that is not a finger's:
    /// ` pencil` (R87), ` continuousScroll` (R88), ` hover` or ` hover pencil` (R90); and
    /// after a transform's change, its values: ` scale=1.5 rotation=0.2` (R89). Empty
    /// otherwise.
    package var writtenType: String {
        var written = ""
        if phase == .down, let pointer {
            written = " \(pointer.name)"
            if pointer == .hover && touchType != .indirectPointer { written += " \(touchType.name)" }
        } else if phase == .down && touchType != .direct {
            written = " \(touchType.name)"
        }
        if scale != 1 { written += " scale=\(NumberText.format(scale))" }
        if rotation != 0 { written += " rotation=\(NumberText.format(rotation))" }
        return written
    }
}
