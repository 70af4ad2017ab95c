/// A growable array of plain values that its owner holds outright: the storage of the
/// engine's records, lists and outputs.
///
/// A Swift array in a struct that a class holds checks on every change that its
/// storage is not shared (a call to the runtime), and clearing one keeps its capacity
/// only through the general `replaceSubrange`: together about a third of an event
/// before this type (docs/benchmarks.md, "The table redesign"). Here the memory has one owner, which
/// the compiler enforces (the buffer cannot be copied, only `copy()`-ed), so changing an
/// element is a store, and clearing a buffer of plain values is setting the count.
///
/// Every access is checked against the count: two instructions that turn an engine bug
/// into a trap rather than a wrong read. Nothing the host sends reaches an index
/// unchecked: the public entries check what they are given first.
struct EngineBuffer<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 8) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        append(repeating: value, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// An independent buffer with the same elements (`GestureEngine.copy()`).
    func copy() -> EngineBuffer {
        var copy = EngineBuffer(capacity: capacity)
        copy.assign(from: self)
        return copy
    }

    /// Holds `other`'s elements from now on, in this buffer's own memory when it is
    /// large enough: an engine made again in another's state reuses its memory rather
    /// than allocating (`GestureEngine.copy(reusing:)`).
    mutating func assign(from other: borrowing EngineBuffer) {
        removeAll()
        if capacity < other.count {
            base.deallocate()
            capacity = other.capacity
            base = .allocate(capacity: capacity)
        }
        base.initialize(from: other.base, count: other.count)
        count = other.count
    }

    /// The first element's address, for a loop that has proved its own bounds. Valid
    /// until the buffer grows.
    var unsafeBase: UnsafeMutablePointer<Element> { base }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "engine buffer index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "engine buffer index out of range")
            return base + index
        }
    }

    /// The last element, or nil when empty.
    var last: Element? { count > 0 ? base[count - 1] : nil }

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Two elements at once: a point's coordinates.
    mutating func append(_ first: Element, _ second: Element) {
        if count + 2 > capacity { grow(to: count + 2) }
        (base + count).initialize(to: first)
        (base + count + 1).initialize(to: second)
        count += 2
    }

    mutating func append(repeating element: Element, count added: Int) {
        guard added > 0 else { return }
        if count + added > capacity { grow(to: count + added) }
        (base + count).initialize(repeating: element, count: added)
        count += added
    }

    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "engine buffer truncated past its end")
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    mutating func remove(at index: Int) {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "engine buffer index out of range")
        (base + index).deinitialize(count: 1)
        (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
        count -= 1
    }

    /// The first index whose element satisfies `predicate`.
    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        for index in 0..<count where predicate(base[index]) { return index }
        return nil
    }

    /// Doubling, so that appends are amortized constant and a warmed-up engine no
    /// longer allocates.
    private mutating func grow(to minimum: Int) {
        var newCapacity = capacity
        while newCapacity < minimum { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension EngineBuffer where Element: BitwiseCopyable {
    /// Adds `added` elements for the caller to write, and returns the first one's
    /// address, valid until the buffer grows. They hold whatever the memory held
    /// until written, which for plain values is no hazard, only garbage: the
    /// caller writes all of them before anything reads them.
    mutating func extend(by added: Int) -> UnsafeMutablePointer<Element> {
        precondition(added >= 0, "engine buffer extended by a negative count")
        if count + added > capacity { grow(to: count + added) }
        let first = base + count
        count += added
        return first
    }
}

extension EngineBuffer where Element: Equatable {
    func firstIndex(of element: Element) -> Int? {
        firstIndex { $0 == element }
    }

    func contains(_ element: Element) -> Bool {
        firstIndex(of: element) != nil
    }
}
