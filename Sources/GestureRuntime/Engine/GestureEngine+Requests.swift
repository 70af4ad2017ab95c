/// The order in which a step decides its requests to leave `possible` (R50, R51).
///
/// R50 orders them: the deeper view first, then, on one view, the most recently added
/// recognizer. R51 lets a recognizer that can prevent another that cannot prevent it
/// go first whatever R50 says. Prevention depends only on the two recognizers'
/// prevention classes (kind and arguments, `EngineTables.preventionClass`), so within
/// one class it is symmetric and R50 alone orders the class. The requests are sorted
/// once by class and R50 into a run per class; each decision compares only the runs'
/// heads, the first request of each class still undecided, taken in R50's order, the
/// first replaced by any later head that beats it. A step with many requests of a few
/// classes (4,000 taps asking at one lift) costs their sort, not every pair.
///
/// Where R51's relation is transitive this is the best request of all; where it is
/// not (three classes each preventing the next), the heads' R50 order settles it.
extension GestureEngine.Core {
    /// A request, with what orders it.
    struct RequestKey {
        var preventionClass: Int
        var depth: Int
        var declaration: Int
        /// When its view was added (`ViewRecord.added`): a view in a removed one's slot
        /// is still the later addition.
        var added: Int
        var instance: Int

        /// R50: the deeper view first, then the most recently added recognizer: of a
        /// later declaration on one view, or of the later view.
        func precedes(_ other: RequestKey) -> Bool {
            if depth != other.depth { return depth > other.depth }
            if declaration != other.declaration { return declaration > other.declaration }
            return added > other.added
        }
    }

    /// One prevention class's requests: `requestKeys[next..<end]` are still to decide.
    struct RequestRun {
        var next: Int
        var end: Int
    }

    /// Asks for `instance` to leave `possible` in this step's arbitration.
    mutating func request(_ instance: Int, location: SourceLocation) {
        instances[instance].requestLocation = location
        guard !instances[instance].isRequested else { return }
        instances[instance].isRequested = true
        requests.append(instance)
    }

    /// The request to decide next, or nil when none is left (and the lists are empty).
    mutating func nextRequest() -> Int? {
        if requests.isEmpty {
            // Most steps ask nothing (a move of a pan that has begun).
            guard !requestRuns.isEmpty else { return nil }
        } else {
            orderRequests()
        }
        requestHeads.removeAll(keepingCapacity: true)
        // Runs with a head stay, in order; exhausted ones leave.
        var kept = 0
        for run in requestRuns.indices {
            guard let head = undecidedHead(of: run) else { continue }
            requestHeads.append(head)
            requestRuns[kept] = requestRuns[run]
            kept += 1
        }
        requestRuns.removeLast(requestRuns.count - kept)
        guard !requestHeads.isEmpty else {
            requestKeys.removeAll(keepingCapacity: true)
            return nil
        }
        if requestHeads.count > 1 { requestHeads.sort { $0.precedes($1) } }
        var best = requestHeads[0]
        for position in requestHeads.indices.dropFirst() where beats(requestHeads[position], best) {
            best = requestHeads[position]
        }
        if let run = requestRuns.firstIndex(where: { requestKeys[$0.next].instance == best.instance }) {
            requestRuns[run].next += 1
        }
        instances[best.instance].isRequested = false
        return best.instance
    }

    /// The first request of a run still to decide, past those decided meanwhile (a
    /// recognizer excluded or failed by another's decision no longer asks).
    private mutating func undecidedHead(of run: Int) -> RequestKey? {
        while requestRuns[run].next < requestRuns[run].end {
            let key = requestKeys[requestRuns[run].next]
            let instance = key.instance
            if instances[instance].isRequested && instances[instance].told == .possible
                && instances[instance].final != .failed
            {
                return key
            }
            instances[instance].isRequested = false
            requestRuns[run].next += 1
        }
        return nil
    }

    /// Merges the new requests with those still undecided, sorted by class then R50,
    /// and cuts them into runs. The runs are in `requestKeys`' order, so the undecided
    /// ones move only towards the front.
    private mutating func orderRequests() {
        var kept = 0
        for run in requestRuns.indices {
            for position in requestRuns[run].next..<requestRuns[run].end {
                requestKeys[kept] = requestKeys[position]
                kept += 1
            }
        }
        requestKeys.removeLast(requestKeys.count - kept)
        for position in requests.indices {
            let instance = requests[position]
            let declaration = instances[instance].declaration
            requestKeys.append(
                RequestKey(
                    preventionClass: tables.preventionClass[declaration], depth: instances[instance].depth,
                    declaration: declaration, added: views[instances[instance].view].added, instance: instance))
        }
        requests.removeAll()
        requestKeys.sort {
            $0.preventionClass != $1.preventionClass ? $0.preventionClass < $1.preventionClass : $0.precedes($1)
        }
        requestRuns.removeAll(keepingCapacity: true)
        for position in requestKeys.indices
        where position == 0 || requestKeys[position].preventionClass != requestKeys[position - 1].preventionClass {
            if let last = requestRuns.indices.last { requestRuns[last].end = position }
            requestRuns.append(RequestRun(next: position, end: requestKeys.count))
        }
    }

    /// R51, then R50: whether `a` is decided before `b`.
    private mutating func beats(_ a: RequestKey, _ b: RequestKey) -> Bool {
        let aPrevents = canPrevent(a.instance, b.instance)
        let bPrevents = canPrevent(b.instance, a.instance)
        if aPrevents != bPrevents { return aPrevents }
        return a.precedes(b)
    }
}
