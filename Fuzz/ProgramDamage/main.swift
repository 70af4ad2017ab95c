// program-damage: applies every single-byte change (all 255 other values) and every
// truncation to the binary program of each example, as is and with the checksum
// recomputed, and checks that each either decodes to a program that validates or
// throws a ProgramError. A trap ends the process, which CI reports as a failure.
//
//   swift run -c release ProgramDamage Examples/*.gdl
//
// `swift test` runs a sample of the same sweep; this is the exhaustive one (too slow
// for a debug build).

import GestureCompiler
import GestureDSL
import GestureRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct DiskLoader: SourceLoader {
    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        guard let handle = fopen(path, "rb") else { return .failure(SourceLoadError(reason: "cannot open")) }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            bytes += buffer[0..<count]
            if count < buffer.count { return .success(bytes) }
        }
    }
}

func fixChecksum(_ bytes: inout [UInt8]) {
    let checksum = CRC32.checksum(bytes[BinaryFormat.headerSize...])
    for i in 0..<4 { bytes[12 + i] = UInt8((checksum >> (8 * UInt32(i))) & 0xFF) }
}

/// Returns true when the bytes decode to valid programs; false when they throw.
func decodes(_ bytes: [UInt8]) -> Bool {
    do {
        for program in try GestureProgram.programs(decoding: bytes) { try program.validate() }
        return true
    } catch {
        return false
    }
}

var failed = false
for path in CommandLine.arguments.dropFirst() {
    guard case .success(let source) = DiskLoader().load(path) else {
        print("error: cannot read \(path)")
        failed = true
        continue
    }
    let compilation = Compilation.check(roots: [SourceFile(path: path, bytes: source)], loader: DiskLoader())
    let build = compilation.lowered()
    let programs = build.sets.map(\.program)
    guard build.succeeded else {
        print("error: \(path) does not build")
        failed = true
        continue
    }
    let original = BinaryEmitter.emit(programs)
    var truncationsAccepted = 0
    for length in 0..<original.count where decodes(Array(original.prefix(length))) { truncationsAccepted += 1 }
    var rawAccepted = 0
    var fixedAccepted = 0
    var changes = 0
    var bytes = original
    for position in original.indices {
        for value in 0...255 where UInt8(value) != original[position] {
            bytes[position] = UInt8(value)
            changes += 1
            if decodes(bytes) { rawAccepted += 1 }
            if position >= BinaryFormat.headerSize {
                fixChecksum(&bytes)
                if decodes(bytes) { fixedAccepted += 1 }
            }
            bytes = original
        }
    }
    // A truncation always loses part of the announced payload, and a CRC-32 catches
    // every single-byte change of the payload, so both counts must be zero.
    let ok = truncationsAccepted == 0 && rawAccepted == 0
    if !ok { failed = true }
    print(
        "\(ok ? "ok    " : "FAILED") \(path): \(original.count) bytes, \(original.count) truncations (\(truncationsAccepted) accepted), "
            + "\(changes) changes: \(rawAccepted) accepted as is, \(fixedAccepted) accepted with the checksum fixed, "
            + "none trapped")
}
exit(failed ? 1 : 0)
