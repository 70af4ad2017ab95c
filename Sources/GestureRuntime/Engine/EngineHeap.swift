/// A binary min-heap of plain values in an `EngineBuffer`: the timer queue and the
/// order of a pass's instances (GestureEngine+Passes.swift). Ties come out in no
/// particular order, so each element's key is unique where order matters.
struct EngineHeap<Element: Comparable>: ~Copyable {
    private var storage: EngineBuffer<Element>

    init(capacity: Int = 16) {
        storage = EngineBuffer(capacity: capacity)
    }

    private init(storage: consuming EngineBuffer<Element>) {
        self.storage = storage
    }

    /// An independent heap with the same elements (`GestureEngine.copy()`).
    func copy() -> EngineHeap {
        EngineHeap(storage: storage.copy())
    }

    /// Holds `other`'s elements from now on, in this heap's memory when it is large
    /// enough (`EngineBuffer.assign(from:)`).
    mutating func assign(from other: borrowing EngineHeap) {
        storage.assign(from: other.storage)
    }

    var count: Int { storage.count }

    /// The least element, or nil when empty.
    var min: Element? { storage.isEmpty ? nil : storage[0] }

    mutating func insert(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard element < storage[parent] else { break }
            storage[child] = storage[parent]
            child = parent
        }
        storage[child] = element
    }

    /// Removes and returns the least element, or nil when empty.
    mutating func removeMin() -> Element? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        let least = storage[0]
        // The last element sinks from the root to where it belongs.
        var parent = 0
        let count = storage.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && storage[child + 1] < storage[child] { child += 1 }
            guard storage[child] < last else { break }
            storage[parent] = storage[child]
            parent = child
        }
        storage[parent] = last
        return least
    }

    mutating func removeAll() {
        storage.removeAll()
    }
}
