/// What one engine call produced, read in place: the outputs, the reported values of
/// its actions, the touches of its deliveries (`GestureEngine.outputs`,
/// `values(of:)`, `touches(of:)`).
///
/// A list is a value: it keeps the call's results however many calls follow. The
/// engine writes its next call's results into the same memory only when no list of
/// the last call is left (copy on write, checked once per call), so a host that reads
/// the outputs of each call and lets them go never makes the engine allocate, and one
/// that keeps them gets them unchanged.
public struct OutputList<Element>: RandomAccessCollection {
    let storage: OutputStorage<Element>
    private let offset: Int
    public let endIndex: Int

    init(_ storage: OutputStorage<Element>, _ range: Range<Int>) {
        self.storage = storage
        offset = range.lowerBound
        endIndex = range.count
    }

    public var startIndex: Int { 0 }

    /// A list of nothing, in storage of its own.
    static var empty: OutputList { OutputList(OutputStorage(capacity: 0), 0..<0) }

    /// A list of nothing, for outputs a host makes without the engine (an action
    /// VoiceOver performed has no values).
    public static var none: OutputList { empty }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < endIndex, "output list index out of range")
        return storage.buffer[offset + position]
    }
}

// The storage a list sees is never written again (see above).
extension OutputList: @unchecked Sendable where Element: Sendable {}

extension OutputList: Equatable where Element: Equatable {
    public static func == (a: OutputList, b: OutputList) -> Bool { a.elementsEqual(b) }
}

extension OutputList: CustomStringConvertible {
    public var description: String { Array(self).description }
}

/// The memory an engine writes its results into, shared with the lists that read
/// them (`OutputList`).
final class OutputStorage<Element> {
    // Changed only by the engine, and only while no list shares it
    // (`GestureEngine.Core.start(at:)`): no access can overlap, so Swift's run-time
    // exclusivity checks would only cost.
    @exclusivity(unchecked) var buffer: EngineBuffer<Element>

    init(capacity: Int) {
        buffer = EngineBuffer(capacity: capacity)
    }

    init(copying other: OutputStorage) {
        buffer = other.buffer.copy()
    }

    /// Makes `storage` hold `other`'s elements: in place when nothing else holds it,
    /// otherwise in new memory, leaving the old to the lists that read it.
    static func assign(_ storage: inout OutputStorage, from other: OutputStorage) {
        if isKnownUniquelyReferenced(&storage) {
            storage.buffer.assign(from: other.buffer)
        } else {
            storage = OutputStorage(copying: other)
        }
    }

    /// Empties the storage for a new call: in place when nothing else holds it,
    /// otherwise in new memory, leaving the old to the lists that read it.
    static func reuse(_ storage: inout OutputStorage, capacity: Int) {
        // Nothing written yet: a list that keeps it sees none of it, and never will.
        if storage.buffer.isEmpty { return }
        if isKnownUniquelyReferenced(&storage) {
            storage.buffer.removeAll()
        } else {
            storage = OutputStorage(capacity: capacity)
        }
    }
}
