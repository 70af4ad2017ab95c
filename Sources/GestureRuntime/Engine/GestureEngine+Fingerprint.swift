/// What lint's exploration memoizes on (`GestureEngine.hashExplorationState`).
extension GestureEngine.Core {
    /// The touches down now.
    var touchesDown: Int {
        var count = 0
        for index in 0..<touches.count where touches[index].live { count += 1 }
        return count
    }

    func hashExplorationState(into hasher: inout Hasher) {
        func microseconds(_ value: Double) -> Int64 {
            value.isFinite && abs(value) < 1e9 ? Int64((value * 1e6).rounded()) : Int64.max
        }
        hasher.combine(touchesDown)
        hasher.combine(involved.count)
        for index in 0..<instances.count {
            let record = instances[index]
            let final: UInt64 =
                switch record.final {
                case nil: 0
                case .ended: 1
                case .cancelled: 2
                case .failed: 3
                }
            let told: UInt64 =
                switch record.told {
                case .possible: 0
                case .began: 1
                case .changed: 2
                case .ended: 3
                case .cancelled: 4
                case .failed: 5
                }
            // One word per record: hashing each field apart costs more than the search's
            // engine steps.
            var word = UInt64(truncatingIfNeeded: record.state) << 24
            word |= final << 20 | told << 16
            word |= (record.held ? 1 : 0) << 15 | (record.enabled ? 1 : 0) << 14 | (record.isInvolved ? 1 : 0) << 13
            word |= UInt64(min(record.touches.count, 63)) << 6 | UInt64(min(record.received.count, 63))
            hasher.combine(word)
            for timer in record.timers where deadlines[timer].isFinite {
                hasher.combine(timer)
                hasher.combine(microseconds(deadlines[timer] - now))
            }
        }
        for index in 0..<variables.count { hasher.combine(microseconds(variables[index])) }
        if let lastLift { hasher.combine(microseconds(now - lastLift.time)) } else { hasher.combine(-1) }
    }
}
