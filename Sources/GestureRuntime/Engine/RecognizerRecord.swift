struct ViewRecord {
    var role: Int
    /// The parent view's index, or -1.
    var parent: Int
    var depth: Int
    /// An ancestor further up than the parent (the view itself for a root), chosen so
    /// that any ancestor is reached in a number of jumps logarithmic in the depth
    /// (`Core.ancestor(of:atDepth:)`): the skew-binary jump pointers of Myers,
    /// "An applicative random-access stack" (1983). Set from the parent's alone, so a
    /// view is added in constant time.
    var jump: Int
    var recognizers: Range<Int>
    /// How many views the slot had before this one (`ViewInstance.generation`); its
    /// recognizers' slots have the same.
    var generation: UInt32
    /// How many views were added before it: R50's order of addition among views, which
    /// a slot taken again does not follow.
    var added: Int
    /// Removed with its subtree (`GestureEngine.removeView`).
    var removed = false
    /// `Feature.cannotScroll` of the view, as the scene last placed it.
    var cannotScroll: UInt8 = 0
    /// When the view's content stops gliding (`Feature.gliding`): set when a scroll
    /// view's pan on it ends at speed, and cleared when one begins or is cancelled.
    var glideEnd = -Double.infinity
    /// The next free slot of the same role, or -1, while the slot is free
    /// (`GestureEngine.Core.freeViews`).
    var nextFree = -1
    /// For a control: the host's id of the touch it tracks, or -1, and whether that
    /// touch was inside at its last move (`Core.sendControlEvents`).
    var controlTouch = -1
    var controlInside = false
}

/// A recognizer instance's run-time state. Plain values only, so that reading one
/// copies without reference counting.
struct RecognizerRecord {
    enum Final {
        case ended, cancelled, failed
    }

    /// The recognizer declaration it is an instance of (docs/glossary.md), an index of
    /// `GestureProgram.recognizers`.
    let declaration: Int
    let kind: Int
    /// Its twin class (`EngineTables.twinClass`), copied here, where feeding compares
    /// it; and the same when its kind's reports read only its measurements and
    /// arguments (`EngineTables.KindEntry.reportsFromMeasurements`), else -1: two
    /// recognizers of one values class holding one slot (`measurementSlot`) report
    /// the same values, which `sendActions` writes once.
    let twinClass: Int
    let valuesClass: Int
    /// Where its kind's table starts in `EngineTables.rowStarts`, and its kind's
    /// events per state: copied here, where feeding reads them anyway.
    let cellBase: Int
    let eventCount: Int
    /// Its kind's reports, in `EngineTables.reports`, and the slots they fill.
    let reports: Range<Int>
    let reportWidth: Int
    /// Whether its measurements count touches that have not moved (R80: not when it
    /// ignores stationary touches).
    let countsStationary: Bool
    let view: Int
    /// Its view's slot's generation (`ViewRecord.generation`), which a recognizer's
    /// slot shares: part of the `RecognizerInstance` that its actions name.
    let viewGeneration: UInt32
    /// Its view's depth, which breaks ties (R50); it follows the view when the view
    /// moves to another parent (`GestureEngine.setParent`).
    var depth: Int
    var enabled: Bool
    /// Where its arguments start in `EngineTables.arguments`.
    let argumentBase: Int
    let variableBase: Int
    let timerBase: Int
    let timerCount: Int
    /// Its slots in `GestureEngine.requirementChoices`, one per failure requirement it
    /// is the dependent of.
    let requirementBase: Int
    let requirementCount: Int
    /// The declared state it is in (0 is `possible`), unless `final` is set.
    var state = 0
    var final: Final?
    /// What its clients were told.
    var told = RecognizerState.possible
    /// Waiting on a failure requirement (R53): it has left `possible` inside, but
    /// clients still see `possible`.
    var held = false
    var isInvolved = false
    /// When it last joined the interaction (`Core.involvements` then): its place in
    /// `GestureEngine.involved`, which the passes and the timer queue follow.
    var involvement = 0
    /// The passes it is listed for (`Core.Pass` bits, GestureEngine+Passes.swift).
    var listedFor: UInt8 = 0
    /// The next and previous involved instances of the same declaration, in
    /// `GestureEngine.involved`'s order, or -1 (`GestureEngine.involvedAlike`).
    var nextInvolvedAlike = -1
    var previousInvolvedAlike = -1
    /// Waiting in the step's requests to leave `possible` (`GestureEngine.nextRequest`).
    var isRequested = false
    /// The number of the input event it was last listed for (`GestureEngine.eventNumber`),
    /// so that an event lists each recognizer once however many of its touches changed.
    var listedInEvent = 0
    /// Where its last queued action went in `GestureEngine.pendingActions`: its action of
    /// the current step if that entry exists and is its own (the list is emptied every
    /// step).
    var queuedAction = -1
    /// Whether the failure requirements of this recognition attempt were decided
    /// (R56: asked once per attempt); `requirementChoices` says which hold.
    var requirementsDecided = false
    /// The row that asked to leave `possible`, for explanations.
    var requestLocation = SourceLocation(file: 0, line: 0, column: 0)
    /// The row that ended it while it was held (R54): its `ended`, sent when it is
    /// released, is that row's, not the one that asked to begin.
    var endLocation: SourceLocation?
    /// Touch slots it tracks that are down.
    var touches = TouchSet()
    /// The touches down that its measurements and `touchCount` count: all of them,
    /// or, when it ignores stationary touches, those that have moved (R80).
    var measured = TouchSet()
    /// Touch slots it received in this sequence and has not ignored, down or not: the
    /// touches it takes from views (R38) and holds back (R40–R42).
    var received = TouchSet()
    /// The type of the first touch it received in this sequence: where it requires
    /// one type, it receives no other until it resets (R87).
    var sequenceTouchType: TouchType?
    /// The pointer's scroll or transform its sequence follows, or nil: a recognizer
    /// follows touches or one pointer input, never both, until it resets (R88, R89).
    var sequencePointer: PointerInput?
    /// Its slot in `GestureEngine.slotKinematics`, where its `Kinematics` are: its
    /// own, or one the recognizers of its lineage share (`MeasurementSlot`). Two
    /// records of one slot hold equal measurements, touches and counted touches
    /// whenever the engine is between events (`sendActions` shares their values).
    var measurementSlot: Int
    /// Where its measurements (`kinematics`, `touches`, `measured`) come from:
    /// recognizers of one lineage hold equal ones, so that feeding measures the first
    /// of them an event reaches and the others take the result.
    var lineage = MeasurementLineage.own

    init(
        declaration: Int, kind: Int, twinClass: Int, valuesClass: Int, cellBase: Int, eventCount: Int, reports: Range<Int>, reportWidth: Int,
        countsStationary: Bool,
        view: Int, viewGeneration: UInt32, depth: Int, enabled: Bool, argumentBase: Int, variableBase: Int, timerBase: Int, timerCount: Int,
        requirementBase: Int, requirementCount: Int, measurementSlot: Int
    ) {
        self.measurementSlot = measurementSlot
        self.cellBase = cellBase
        self.eventCount = eventCount
        self.reports = reports
        self.reportWidth = reportWidth
        self.countsStationary = countsStationary
        self.argumentBase = argumentBase
        self.declaration = declaration
        self.kind = kind
        self.twinClass = twinClass
        self.valuesClass = valuesClass
        self.view = view
        self.viewGeneration = viewGeneration
        self.depth = depth
        self.enabled = enabled
        self.variableBase = variableBase
        self.timerBase = timerBase
        self.timerCount = timerCount
        self.requirementBase = requirementBase
        self.requirementCount = requirementCount
    }

    /// Its slots in `GestureEngine.deadlines`.
    var timers: Range<Int> { timerBase..<(timerBase + timerCount) }

    /// Its measurements are about to change in a way of their own (a touch gathered,
    /// dropped or ignored, `restart`, a reset, being disabled): it no longer lends or
    /// takes measurements (`lineage`); `Core.leaveLineage` also gives it a slot of
    /// its own.
    mutating func leaveLineage() {
        lineage = .own
    }

}

/// Why two recognizers' measurements are equal. `RecognizerRecord.measure` is a
/// function of the record's measurements, its touches, whether it counts stationary
/// touches, and the event restricted to its touches. Two recognizers whose sequences
/// started in the same event with the same touches, counting alike, were measured
/// alike from there: each later event reaches both with the same touches, and leaves
/// their touches equal. Anything else that changes a record's measurements (a touch
/// gathered after its start, a touch dropped or ignored, `restart`, a reset, being
/// disabled) gives it a lineage of its own, `own`, which is equal to no other.
struct MeasurementLineage: Equatable {
    /// The engine call (`GestureEngine.generation`) whose touch-down started the
    /// sequence, from 1; 0 for `own`.
    var start: UInt64 = 0
    /// Its touches and counted touches before that event, and `countsStationary`.
    var touches = TouchSet()
    var measured = TouchSet()
    var countsStationary = false

    static let own = MeasurementLineage()

    /// Whether a recognizer of this lineage can take the measurements of one of
    /// `other`'s, fed the same event before it.
    @inline(__always)
    func shares(with other: MeasurementLineage) -> Bool { start != 0 && self == other }
}

/// The touches one input event changed, by phase (R12). A touch changes at most once
/// per event.
struct EventTouches {
    var downs = TouchSet()
    var moves = TouchSet()
    var ups = TouchSet()
    var cancels = TouchSet()

    var all: TouchSet { downs.union(moves).union(ups).union(cancels) }
    /// The touches that leave their recognizers with this event.
    var ending: TouchSet { ups.union(cancels) }

    /// The touches of one phase column (`GestureProgram.Event`).
    func touches(of phase: Int) -> TouchSet {
        switch phase {
        case GestureProgram.Event.down: downs
        case GestureProgram.Event.move: moves
        case GestureProgram.Event.up: ups
        default: cancels
        }
    }

    /// This event's touches among `tracked`.
    func restricted(to tracked: TouchSet) -> EventTouches {
        EventTouches(
            downs: downs.intersection(tracked), moves: moves.intersection(tracked), ups: ups.intersection(tracked),
            cancels: cancels.intersection(tracked))
    }
}

extension RecognizerRecord {
    /// Brings the measurements up to date with a whole input event at once, so that
    /// every row the event runs sees the state after it: on a `down` the new touches
    /// are counted, on an `up` the lifted ones are not any more (`touchCount` counts the
    /// touches left after all of the event's lifts).
    ///
    /// `translation` adds the centroid's movement over the touches counted before the
    /// event, lifted ones included (a lift is the touch's last movement, R70), so
    /// that fingers landing or lifting never make it jump, and two fingers moving
    /// apart about a fixed centre leave it still. `scale` and `rotation` follow the
    /// pair at its new positions, lifts included, then re-base if the pair changed.
    /// Velocities use the event's time once. A recognizer that does not count
    /// stationary touches counts one once it moves (R80).
    ///
    /// `call` is the engine call of the event (`GestureEngine.generation`): a sequence
    /// that starts here starts a lineage of the recognizers whose measurements this
    /// event starts alike.
    mutating func measure(
        _ event: EventTouches, kinematics: inout Kinematics, in records: borrowing EngineBuffer<TouchRecord>,
        now: Double, call: UInt64, geometry: inout PairGeometry
    ) {
        if !event.downs.isEmpty && !kinematics.started {
            // What the rest of this function reads besides the event, which is the
            // same for every recognizer with these touches.
            lineage = MeasurementLineage(
                start: call, touches: touches, measured: measured, countsStationary: countsStationary)
            kinematics = Kinematics()
            kinematics.started = true
            kinematics.startTime = now
            kinematics.currentTime = now
            kinematics.sampleTime = now
        }
        kinematics.sample(at: now)
        let changed = event.all
        var latest = -1
        if changed.count == 1 {
            latest = changed.first
        } else {
            for touch in changed where latest < 0 || records[touch].changeOrder > records[latest].changeOrder {
                latest = touch
            }
        }
        if latest >= 0 {
            kinematics.lastRole = records[latest].role
            kinematics.lastView = records[latest].view
            kinematics.lastTapCount = records[latest].tapCount
            kinematics.lastTouchType = TouchTypes(records[latest].type).rawValue
        }

        // Movement, over the touches counted before the event and those it counts
        // for the first time because they moved.
        let moving = measured.union(event.moves)
        let shifted = moving.intersection(event.moves.union(event.ups))
        if !shifted.isEmpty {
            var sum = Point.zero
            for touch in shifted {
                sum = sum + (records[touch].location - records[touch].previousLocation)
                let distance = (records[touch].location - records[touch].downLocation).length
                if distance > kinematics.movement { kinematics.movement = distance }
            }
            kinematics.translation = kinematics.translation + sum / Double(moving.count)
        }
        measured = countsStationary ? moving.union(event.downs) : moving
        if let pointer = sequencePointer {
            measurePointer(pointer, latest: latest, kinematics: &kinematics, in: records)
        }
        if !event.downs.isEmpty && !kinematics.startFixed { kinematics.startLocation = touches.centroid(in: records) }

        // Where the counted touches are, lifted ones at their lift, before they leave.
        let present = measured.subtracting(event.cancels)
        if present.count >= 2 || kinematics.pairFirst >= 0 {
            kinematics.updatePair(present, records, geometry: &geometry)
        }
        if !present.isEmpty {
            kinematics.lastLocation = present.centroid(in: records)
        } else if !event.downs.isEmpty {
            // None counted yet (a scroll view's pan counts moving touches only, R80):
            // it is where its fingers are, as a pan that catches gliding content reports.
            kinematics.lastLocation = touches.centroid(in: records)
        }

        let ending = event.ending
        if !ending.isEmpty {
            touches.subtract(ending)
            measured.subtract(ending)
            kinematics.startFixed = true
            if kinematics.pairFirst >= 0 { kinematics.updatePair(measured, records, geometry: &geometry) }
            if !measured.isEmpty { kinematics.lastLocation = measured.centroid(in: records) }
        }
        if !shifted.intersection(event.moves).isEmpty { kinematics.updateVelocities() }
    }

    /// A pointer's scroll or transform has no touch (R88, R89): it moves `translation`
    /// (a scroll's movement, counted above) but is not counted, so `touchCount` is 0 and
    /// `location` stays where it began, at the pointer; a transform's scale and rotation
    /// come measured. A hover has its touch (R90), which is counted and located.
    @inline(never)
    private mutating func measurePointer(
        _ pointer: PointerInput, latest: Int, kinematics: inout Kinematics, in records: borrowing EngineBuffer<TouchRecord>
    ) {
        guard pointer != .hover else { return }
        measured.removeAll()
        if pointer == .transform && latest >= 0 {
            kinematics.scale = records[latest].scale
            kinematics.rotation = records[latest].rotation
        }
    }

    /// The `restart` action: the sequence starts over at this event, from the touches
    /// down now, as if they had just landed; the kind's own variables are its own to
    /// reset.
    /// Its own measurements (`Core.restartSequence` leaves the lineage first).
    func restartSequence(
        at now: Double, kinematics: inout Kinematics, in records: borrowing EngineBuffer<TouchRecord>
    ) {
        kinematics.startTime = now
        kinematics.startFixed = false
        if !touches.isEmpty { kinematics.startLocation = touches.centroid(in: records) }
        kinematics.translation = .zero
        kinematics.movement = 0
    }

    /// Stops tracking touches: they ended while it was finished (R24), or it ignored
    /// them (R25). Its pair and location follow the touches left.
    /// Its own measurements (`Core.drop` leaves the lineage first).
    mutating func drop(
        _ dropped: TouchSet, kinematics: inout Kinematics, in records: borrowing EngineBuffer<TouchRecord>
    ) {
        touches.subtract(dropped)
        measured.subtract(dropped)
        if kinematics.pairFirst >= 0 {
            var geometry = PairGeometry()
            kinematics.updatePair(measured, records, geometry: &geometry)
        }
        if !kinematics.startFixed && !touches.isEmpty { kinematics.startLocation = touches.centroid(in: records) }
        if !measured.isEmpty { kinematics.lastLocation = measured.centroid(in: records) }
    }

    /// The `location` feature: the centroid of the touches counted, or where they
    /// were when the last one lifted. `measure` and `drop` keep it in
    /// `kinematics.lastLocation` while the recognizer runs; one that finished inside
    /// (held, R54) is no longer measured, so it is computed then.
    func location(kinematics: borrowing Kinematics, in records: borrowing EngineBuffer<TouchRecord>) -> Point {
        final == nil || measured.isEmpty ? kinematics.lastLocation : measured.centroid(in: records)
    }
}
