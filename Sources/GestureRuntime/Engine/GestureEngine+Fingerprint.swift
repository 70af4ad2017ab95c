/// What lint's exploration memoizes on (`GestureEngine.hashExplorationState`).
extension GestureEngine.Core {
    /// The touches down now.
    var touchesDown: Int {
        var count = 0
        for index in 0..<touches.count where touches[index].live { count += 1 }
        return count
    }

    func hashExplorationState(into hasher: inout Hasher) {
        func microseconds(_ value: Double) -> UInt64 {
            UInt64(bitPattern: value.isFinite && abs(value) < 1e9 ? Int64((value * 1e6).rounded()) : Int64.max)
        }
        // The words are mixed here and handed to `hasher` once: `Hasher.combine` for
        // every word of every record cost more than the search's engine steps.
        var state = StateHash()
        state.add(UInt64(touchesDown))
        state.add(UInt64(involved.count))
        for index in 0..<instances.count {
            let final: UInt64 =
                switch instances[index].final {
                case nil: 0
                case .ended: 1
                case .cancelled: 2
                case .failed: 3
                }
            let told: UInt64 =
                switch instances[index].told {
                case .possible: 0
                case .began: 1
                case .changed: 2
                case .ended: 3
                case .cancelled: 4
                case .failed: 5
                }
            // One word per record.
            var word = UInt64(truncatingIfNeeded: instances[index].state) << 28
            word |= final << 20 | told << 16
            word |= (instances[index].held ? 1 : 0) << 15 | (instances[index].enabled ? 1 : 0) << 14
            word |= (instances[index].isInvolved ? 1 : 0) << 13
            word |= UInt64(min(instances[index].touches.count, 63)) << 6 | UInt64(min(instances[index].received.count, 63))
            if let type = instances[index].sequenceTouchType { word |= UInt64(type.rawValue + 1) << 24 }
            if let pointer = instances[index].sequencePointer { word |= UInt64(pointer.rawValue + 5) << 24 }
            state.add(word)
            for timer in instances[index].timers where deadlines[timer].isFinite {
                state.add(UInt64(timer))
                state.add(microseconds(deadlines[timer] - now))
            }
        }
        for index in 0..<variables.count { state.add(microseconds(variables[index])) }
        if tables.hasControls {
            // A control's tracking decides its next events (`sendControlEvents`).
            for index in 0..<views.count where views[index].controlTouch >= 0 {
                state.add(UInt64(index) << 1 | (views[index].controlInside ? 1 : 0))
            }
        }
        if tables.hasScrollPans {
            // A view's content that glides decides its scroll pan's next down.
            for index in 0..<views.count where views[index].glideEnd > now {
                state.add(UInt64(index))
                state.add(microseconds(views[index].glideEnd - now))
            }
        }
        state.add(lastLift.map { microseconds(now - $0.time) } ?? UInt64.max)
        hasher.combine(state.value)
    }
}

/// A 64-bit hash of a sequence of words, each folded in with MurmurHash3's finalizer
/// (a bijection whose every output bit depends on every input bit): a few
/// multiplications a word, where `Hasher` runs SipHash.
private struct StateHash {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func add(_ word: UInt64) {
        var x = value ^ word
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        value = x &+ 0x9E37_79B9_7F4A_7C15
    }
}
