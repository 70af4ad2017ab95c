/// Where recognizers' measurements are kept: in slots (`Core.slotKinematics`, with
/// `Core.measurementSlots` about each), one a recognizer, or one for all the
/// recognizers of a lineage (`MeasurementLineage`).
///
/// Recognizers of one lineage are measured alike, and every event that feeds one feeds
/// all of them: they track the same touches, and one that stops being fed (it
/// finished, or its touches changed) leaves the lineage first (`leaveLineage`), taking
/// a slot of its own, so that nobody joins its slot after.
/// So they can hold one slot, which the first of them an event reaches measures in
/// place and the others take as it is (`Core.measure`): ten nested pans following one
/// finger are measured once an event and copy nothing.
///
/// A recognizer holds exactly one slot, and there are as many slots as recognizers, so
/// whenever a slot has two holders another is free: taking a slot of one's own never
/// allocates.
struct MeasurementSlot {
    /// How many recognizers hold it (`RecognizerRecord.measurementSlot`); 0 while free.
    var holders = 1
    /// The feeding that last measured it for a lineage (`Core.feedings`), and what that
    /// left in the record of the recognizer measured: its touches and counted touches,
    /// which the others of the lineage take. A slot of one holder is not marked: nobody
    /// takes from it.
    var measuredIn: UInt64 = 0
    var touches = TouchSet()
    var measured = TouchSet()
}

extension GestureEngine.Core {
    /// A new recognizer's slot: a new one, or, when its record's slot is taken again
    /// (`attach`), that record's, made its own and emptied.
    mutating func freshMeasurementSlot(reusing instance: Int?) -> Int {
        guard let instance else {
            measurementSlots.append(MeasurementSlot())
            slotKinematics.append(Kinematics())
            return measurementSlots.count - 1
        }
        ownMeasurements(instance)
        let slot = instances[instance].measurementSlot
        measurementSlots[slot] = MeasurementSlot()
        slotKinematics[slot] = Kinematics()
        return slot
    }

    /// The recognizer's measurements change in a way of their own from here: it leaves
    /// its lineage (`RecognizerRecord.leaveLineage`) and holds a slot of its own, with
    /// the measurements it had.
    mutating func leaveLineage(_ instance: Int) {
        instances[instance].leaveLineage()
        ownMeasurements(instance)
    }

    /// Gives the recognizer a slot of its own, a copy of the one it shares, if it
    /// shares one: it is about to stop being fed with its lineage (it finished, or
    /// leaves it), and keeps the measurements it has.
    @inline(__always)
    mutating func ownMeasurements(_ instance: Int) {
        let shared = instances[instance].measurementSlot
        guard measurementSlots[shared].holders > 1 else { return }
        separate(instance, from: shared)
    }

    @inline(never)
    private mutating func separate(_ instance: Int, from shared: Int) {
        measurementSlots[shared].holders -= 1
        var copy = measurementSlots[shared]
        copy.holders = 1
        // A slot with two holders leaves one free (`MeasurementSlot`): the new one is
        // there only if that was wrong.
        let own = freeMeasurementSlots.popLast() ?? measurementSlots.count
        if own == measurementSlots.count {
            measurementSlots.append(copy)
            slotKinematics.append(slotKinematics[shared])
        } else {
            measurementSlots[own] = copy
            slotKinematics[own] = slotKinematics[shared]
        }
        instances[instance].measurementSlot = own
    }

    /// The recognizer, whose lineage is that of `lender`, measured in this feeding,
    /// holds `lender`'s slot from now on, and lets its own go. Returns the slot.
    @inline(never)
    mutating func shareMeasurements(_ instance: Int, with lender: Int) -> Int {
        let own = instances[instance].measurementSlot
        let shared = instances[lender].measurementSlot
        if measurementSlots[shared].measuredIn != feedings {
            // Measured as the only holder, the slot is not marked (`measure`).
            markMeasured(shared, by: lender)
        }
        guard own != shared else { return shared }
        measurementSlots[own].holders -= 1
        if measurementSlots[own].holders == 0 { freeMeasurementSlots.append(own) }
        measurementSlots[shared].holders += 1
        instances[instance].measurementSlot = shared
        return shared
    }

    /// Notes that the slot holds the current feeding's measurements, as `instance`'s
    /// record has them, for the others of its lineage to take.
    @inline(__always)
    mutating func markMeasured(_ slot: Int, by instance: Int) {
        measurementSlots[slot].measuredIn = feedings
        measurementSlots[slot].touches = instances[instance].touches
        measurementSlots[slot].measured = instances[instance].measured
    }

    /// The recognizer stops tracking touches (`RecognizerRecord.drop`).
    mutating func drop(_ dropped: TouchSet, from instance: Int) {
        leaveLineage(instance)
        let slot = instances[instance].measurementSlot
        instances[instance].drop(dropped, kinematics: &slotKinematics[slot], in: touches)
    }

    /// The `restart` action (`RecognizerRecord.restartSequence`).
    mutating func restartSequence(_ instance: Int) {
        leaveLineage(instance)
        let slot = instances[instance].measurementSlot
        instances[instance].restartSequence(at: now, kinematics: &slotKinematics[slot], in: touches)
    }

    /// The recognizer's `location` feature (`RecognizerRecord.location`).
    mutating func location(of instance: Int) -> Point {
        instances[instance].location(
            kinematics: slotKinematics[instances[instance].measurementSlot], in: touches)
    }
}
