import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

@Suite("Program formats")
struct ProgramFormatTests {
    @Test("JSON -> program -> JSON round-trips exactly", arguments: try exampleSpecs())
    func jsonRoundTrip(path: String) throws {
        let programs = try buildExample(path).map(\.program)
        let text = JSONEmitter.emit(programs)
        let decoded = try GestureProgram.programs(json: Array(text.utf8))
        #expect(decoded == programs)
        #expect(JSONEmitter.emit(decoded) == text)
    }

    @Test("binary -> program round-trips exactly", arguments: try exampleSpecs())
    func binaryRoundTrip(path: String) throws {
        let programs = try buildExample(path).map(\.program)
        let bytes = BinaryEmitter.emit(programs)
        #expect(try GestureProgram.programs(decoding: bytes) == programs)
        #expect(BinaryEmitter.emit(try GestureProgram.programs(decoding: bytes)) == bytes)
    }

    @Test("building twice gives the same bytes in every form", arguments: try exampleSpecs())
    func deterministic(path: String) throws {
        let first = try buildExample(path)
        let second = try buildExample(path)
        #expect(BinaryEmitter.emit(first.map(\.program)) == BinaryEmitter.emit(second.map(\.program)))
        #expect(JSONEmitter.emit(first.map(\.program)) == JSONEmitter.emit(second.map(\.program)))
        #expect(SwiftEmitter.emit(first, sources: [path]) == SwiftEmitter.emit(second, sources: [path]))
    }

    @Test("a program is picked by name; several need a name")
    func selection() throws {
        let programs = try buildExample("Examples/BrowserPage.gdl").map(\.program)
        let bytes = BinaryEmitter.emit(programs)
        #expect(try GestureProgram(decoding: bytes, named: "TabOverview").name == "TabOverview")
        #expect(throws: ProgramError.noSuchProgram(name: "Tabs", available: ["BrowserPage", "TabOverview"])) {
            try GestureProgram(decoding: bytes, named: "Tabs")
        }
        #expect(throws: ProgramError.self) { try GestureProgram(decoding: bytes) }
        let one = BinaryEmitter.emit([programs[0]])
        #expect(try GestureProgram(decoding: one) == programs[0])
        #expect(try GestureProgram(json: Array(JSONEmitter.emit([programs[1]]).utf8)) == programs[1])
    }

    /// Every single-byte change and every truncation of each example's binary either
    /// decodes to a program that validates or throws. Changes are tried twice: as they
    /// are (the checksum catches payload damage) and with the checksum recomputed, so
    /// the decoder and validator meet every damaged payload themselves.
    /// Every truncation, and at every position three single-byte changes, of each
    /// example's binary either decode to a program that validates or throw. Changes are
    /// tried as they are (the checksum catches payload damage) and with the checksum
    /// recomputed, so the decoder and validator meet every damaged payload themselves.
    /// `Fuzz/ProgramDamage` runs all 255 changes of every byte in a release build (CI).
    @Test("damaged binaries decode to valid programs or throw, never trap", arguments: try exampleSpecs())
    func damage(path: String) throws {
        let programs = try buildExample(path).map(\.program)
        let original = BinaryEmitter.emit(programs)
        for length in 0..<original.count {
            #expect(throws: ProgramError.self) { try GestureProgram.programs(decoding: Array(original.prefix(length))) }
        }
        var decodedChanges = 0
        var bytes = original
        for position in original.indices {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                bytes[position] = original[position] ^ change
                if position >= BinaryFormat.headerSize {
                    let error = #expect(throws: ProgramError.self) { try GestureProgram.programs(decoding: bytes) }
                    guard case .checksumMismatch? = error else {
                        Issue.record("a changed payload byte at \(position) gave \(String(describing: error))")
                        continue
                    }
                    Self.fixChecksum(&bytes)
                }
                if let decoded = try? GestureProgram.programs(decoding: bytes) {
                    for program in decoded { try program.validate() }
                    decodedChanges += 1
                }
                bytes = original
            }
        }
        // Some changes (a constant's bits, a letter of a name) still make a valid program.
        #expect(decodedChanges > 0 || programs.isEmpty)
    }

    /// A sample (JSON decoding is slow in debug builds): truncations and replacements
    /// with JSON's structural characters every few bytes.
    @Test("damaged JSON decodes to valid programs or throws", arguments: ["Examples/DotsDrawer.gdl"])
    func jsonDamage(path: String) throws {
        let original = Array(JSONEmitter.emit(try buildExample(path).map(\.program)).utf8)
        for length in stride(from: 0, to: original.count, by: 37) {
            #expect(throws: ProgramError.self) { try GestureProgram.programs(json: Array(original.prefix(length))) }
        }
        var bytes = original
        for position in stride(from: 0, to: original.count, by: 23) {
            for replacement in Array("9\"]}:,".utf8) where replacement != original[position] {
                bytes[position] = replacement
                if let decoded = try? GestureProgram.programs(json: bytes) {
                    for program in decoded { try program.validate() }
                }
            }
            bytes[position] = original[position]
        }
    }

    static func fixChecksum(_ bytes: inout [UInt8]) {
        let checksum = CRC32.checksum(bytes[BinaryFormat.headerSize...])
        for i in 0..<4 { bytes[12 + i] = UInt8((checksum >> (8 * UInt32(i))) & 0xFF) }
    }
}
