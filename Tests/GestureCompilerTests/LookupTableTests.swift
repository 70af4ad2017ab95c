import GestureDSL
import Testing

@testable import GestureCompiler

/// `LookupTable` stands in for `Dictionary` in the checker's and lowering's busiest
/// lookups. These hold it to what a `Dictionary` answers, over names of every length
/// its hash reads in a different way (whole words, then a tail of four, two and one
/// bytes), over integers and source ranges, and to the insertion order it promises.
@Suite("Lookup tables")
struct LookupTableTests {
    /// Names of 0 to 40 bytes, ASCII and not, some differing only in their last byte or
    /// their length, the way a spec's `r1`, `r10`, `r100` do.
    private static let names: [String] = {
        var names: [String] = [""]
        for length in 1...40 {
            let stem = String(repeating: "n", count: length - 1)
            names.append(stem + "a")
            names.append(stem + "b")
            names.append(stem + "é")
        }
        names += (0..<300).map { "r\($0)" }
        names += ["role", "role ", "Role", "touchCount", "shouldRecognizeSimultaneously", "名前", "🙂"]
        return names
    }()

    @Test("answers what a dictionary answers, for names of every length")
    func likeADictionary() {
        var table = NameTable<Int>()
        var dictionary: [String: Int] = [:]
        for (position, name) in Self.names.enumerated() {
            #expect(table.updateValue(position, forKey: name) == dictionary.updateValue(position, forKey: name))
        }
        #expect(table.count == dictionary.count)
        for name in Self.names { #expect(table[name] == dictionary[name], "\(name)") }
        for absent in ["r300", "r-1", "nnnc", "rôle", "touchcount", String(repeating: "n", count: 41)] {
            #expect(table[absent] == nil, "\(absent)")
        }
    }

    @Test("every byte and the length count in the hash")
    func hashReadsEveryByte() {
        // 64 bits, seeded: a collision among these few hundred names would mean a byte
        // (or the length: "" against "\0") the hash does not read.
        let names = Self.names + ["\0", "\0\0", "nnnnnnn\0"]
        #expect(Set(names.map(NameHash.hash)).count == names.count)
    }

    @Test("a name spelled in pieces is the name spelled whole")
    func representationDoesNotMatter() {
        var table = NameTable<Int>()
        table["shouldRecognizeSimultaneously"] = 1  // a native string past 15 bytes
        table["tap"] = 2  // a small one
        var pieces = "shouldRecognize"
        pieces += "Simultaneously"
        let substring = "a tap here".split(separator: " ")[1]
        #expect(table[pieces] == 1)
        #expect(table[String(substring)] == 2)
        #expect(NameHash.hash(pieces) == NameHash.hash("shouldRecognizeSimultaneously"))
    }

    @Test("updateValue returns what it replaced, and a repeat can put the first back")
    func updateAndRestore() {
        var table = NameTable<String>()
        #expect(table.updateValue("first", forKey: "pan") == nil)
        // `Checker.declare`: the first declaration of a name stays in reach.
        if let first = table.updateValue("second", forKey: "pan") { table["pan"] = first }
        #expect(table["pan"] == "first")
        #expect(table.count == 1)
    }

    @Test("entries keep the order they were first inserted in, through growth and removal")
    func insertionOrder() {
        var table = NameTable<Int>(minimumCapacity: 2)
        let names = (0..<100).map { "v\($0 * 7 % 100)" }
        for (position, name) in names.enumerated() { table[name] = position }
        table["v7"] = -1  // replaced in place, not moved
        #expect(table.keys == names)
        #expect(table.map(\.value) == names.indices.map { names[$0] == "v7" ? -1 : $0 })
        table["v0"] = nil
        table["v0"] = nil  // already gone: nothing happens
        #expect(table["v0"] == nil)
        #expect(table.keys == Array(names.dropFirst()))
        for name in names.dropFirst() { #expect(table[name] != nil, "\(name)") }
        #expect(table.map(\.key) == table.keys)
        table["v0"] = 5
        #expect(table.keys.last == "v0")
    }

    @Test("mapValues and filter give dictionaries, as the checker's candidate lists want")
    func derivedDictionaries() {
        let table: NameTable<Int> = ["a": 1, "b": 2, "c": 3]
        #expect(table.mapValues { $0 * 10 } == ["a": 10, "b": 20, "c": 30])
        #expect(table.filter { $0.value != 2 } == ["a": 1, "c": 3])
        #expect(NameTable<Int>().isEmpty)
        #expect(NameTable<Int>()["a"] == nil)
    }

    @Test("integer and range keys: every part of the key counts")
    func wordKeys() {
        var integers = LookupTable<Int, Int>()
        let numbers = [0, 1, -1, 2, 1 << 32, (1 << 32) + 1, Int.max, Int.min] + (3..<200).map { $0 * 4_096 }
        for (position, number) in numbers.enumerated() { integers[number] = position }
        for (position, number) in numbers.enumerated() { #expect(integers[number] == position, "\(number)") }
        #expect(integers[5] == nil)
        #expect(Set(numbers.map(\.tableHash)).count == numbers.count)

        // Ranges that differ only in their file, their end or their start.
        var ranges = LookupTable<SourceRange, Int>()
        var all: [SourceRange] = []
        for file in 0..<3 {
            for start in stride(from: 0, to: 40, by: 7) {
                for length in 0..<4 { all.append(SourceRange(file: FileID(file), start: start, end: start + length)) }
            }
        }
        for (position, range) in all.enumerated() { ranges[range] = position }
        #expect(ranges.count == all.count)
        for (position, range) in all.enumerated() { #expect(ranges[range] == position) }
        #expect(ranges[SourceRange(file: FileID(3), start: 0, end: 0)] == nil)
        #expect(Set(all.map(\.tableHash)).count == all.count)
    }
}
