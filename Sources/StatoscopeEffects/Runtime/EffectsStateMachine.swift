@_spi(StatoscopeInternals) import StatoscopeCore

/// Identifies one enqueued effect; later effects have greater identifiers.
package struct EffectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: UInt64

    package static func < (lhs: EffectID, rhs: EffectID) -> Bool { lhs.rawValue < rhs.rawValue }

    package var description: String { "#\(rawValue)" }
}

/// The lifecycle of one scope's effects, as plain data: staged by an update, running once the update
/// returned, then completed, cancelled or discarded.
///
/// It decides and reports; starting and cancelling tasks is the caller's job, so every transition can
/// be tested without a single `Task`. `Payload` is what the caller keeps with each effect.
package struct EffectsStateMachine<Payload> {
    /// Where an effect is in its lifecycle while the machine holds it.
    package enum Phase: Equatable, Sendable {
        /// Enqueued by the running update; starts if that update returns, is discarded if it throws.
        case staged
        /// Started, waiting for its completion.
        case running
        /// Recorded with a delay (a debounce's quiet period): it starts once virtual time reaches
        /// `until`. Only test plans, which run effects on virtual time, schedule effects.
        case scheduled(until: Duration)
    }

    /// One effect the machine holds.
    package struct Entry: CustomStringConvertible {
        package let id: EffectID
        package let key: AnyHashable?
        package var phase: Phase
        package let payload: Payload
        /// How long the effect waits, once started, before its work begins: a debounce's quiet period.
        package var delay: Duration? = nil
        /// When a throttled effect was enqueued: the start of its key's interval once it starts.
        package var throttledAt: Duration? = nil

        package var description: String { "\(id) \(phase) \(payload)" }
    }

    /// What enqueueing did.
    package enum Enqueued {
        /// The effect was staged. `cancelled` is an older effect with the same key, itself staged by
        /// the running update, that it replaced at once; a running one is replaced only when the
        /// update returns (see ``commitStaged()``).
        case staged(EffectID, cancelled: Entry?)
        /// The effect was dropped because an effect with its key is in flight and is kept.
        case dropped(keptInFlight: EffectID)
        /// The effect was dropped because an effect with its key started less than its throttle
        /// interval ago, at `lastStart`.
        case throttled(lastStart: Duration)
    }

    /// What the end of a successful update did: the effects it started, and the running effects
    /// that effects it staged replaced by key, now cancelled.
    package struct Committed {
        /// The staged effects, running now, oldest first.
        package var started: [Entry]
        /// The running effects replaced by a newer effect with their key, oldest first.
        package var replaced: [Entry]
    }

    /// A debounced effect's delay and a throttled one's start.
    private struct Timing {
        let delay: Duration?
        let throttledAt: ThrottleStart?
    }

    /// When a throttled effect started, and on which clock: an interval is measured between two
    /// instants of one clock, so a start on another clock (a clock injected since) starts a new one.
    /// When a scheduled effect starts, and the plan clock it waits on (held, so that its identity
    /// is not reused by another clock).
    private struct ScheduledStart {
        let until: Duration
        let clock: AnyObject?
    }

    private struct ThrottleStart {
        let at: Duration
        /// The clock's identity (a plan clock in a test plan), held so that it is not reused by
        /// another clock; nil where no clock was read.
        let clock: AnyObject?

        func isWithin(_ interval: Duration, of now: Duration, on clock: AnyObject?) -> Bool {
            // Both instants lie between zero and the clock's elapsed time: the difference cannot
            // overflow.
            self.clock === clock && now - at < interval
        }
    }

    /// The payload of every effect staged or running. The rest of an ``Entry`` lives apart, where only
    /// the effects it concerns take room: keys, timings, the staged list and the scheduled table.
    private var entries = EffectTable<Payload>()
    private var keys: [EffectID: AnyHashable] = [:]
    private var timings: [EffectID: Timing] = [:]
    private var idsByKey: [AnyHashable: EffectID] = [:]
    /// The effects the running update staged, in increasing order: found by binary search.
    private var stagedIDs: [EffectID] = []
    /// For a staged keyed effect, the running effect with its key it replaces if its update returns.
    /// Kept apart rather than cancelled at enqueue time: an update that throws leaves the older
    /// effect running, as if the update had never happened.
    private var replacements: [EffectID: EffectID] = [:]
    /// The effects waiting for virtual time to reach their start, when they start, and on which
    /// plan clock: a scope given another clock while an effect waits has effects on two.
    private var scheduledUntil: [EffectID: ScheduledStart] = [:]
    /// For each key enqueued with a throttle, when its latest effect started.
    private var throttleStarts: [AnyHashable: ThrottleStart] = [:]
    private var lastID: UInt64 = 0
    /// The keys the machine let go of, kept until the caller takes them (``takeReleasedKeys()``): a
    /// key is the app's value, and its deinit, the app's code, may call back into the library, so it
    /// must not run while the caller's access to the machine is live.
    private var releasedKeys: [AnyHashable] = []

    package init() {}

    /// The number of effects staged or running.
    package var count: Int { entries.count }

    /// Whether no effect is staged or running.
    package var isEmpty: Bool { entries.isEmpty }

    /// Whether keys the machine let go of wait to be taken with ``takeReleasedKeys()``.
    package var hasReleasedKeys: Bool { !releasedKeys.isEmpty }

    /// Hands over the keys the machine let go of, for the caller to release once its access to the
    /// machine has ended.
    package mutating func takeReleasedKeys() -> [AnyHashable] {
        var taken: [AnyHashable] = []
        swap(&taken, &releasedKeys)
        return taken
    }

    /// Whether an update staged effects that are not yet started or discarded.
    package var hasStaged: Bool { !stagedIDs.isEmpty }

    /// The effects staged or running, oldest first. A running effect that a staged one will replace
    /// by key is listed until the update returns.
    package var inFlight: [Entry] {
        entries.all.map { entry($0.id, $0.payload) }
    }

    /// The phase of an effect, or nil once it completed, was cancelled or discarded.
    package func phase(of id: EffectID) -> Phase? {
        entry(id)?.phase
    }

    /// The effect with this identifier, if it is staged or running.
    package func entry(_ id: EffectID) -> Entry? {
        entries[id].map { entry(id, $0) }
    }

    /// The whole entry of a stored effect, from the table and its side tables.
    private func entry(_ id: EffectID, _ payload: Payload) -> Entry {
        let timing = timings.isEmpty ? nil : timings[id]
        return Entry(
            id: id, key: keys.isEmpty ? nil : keys[id], phase: storedPhase(id), payload: payload,
            delay: timing?.delay, throttledAt: timing?.throttledAt?.at)
    }

    /// The phase of a stored effect: running unless the staged list or the scheduled table has it.
    private func storedPhase(_ id: EffectID) -> Phase {
        if !scheduledUntil.isEmpty, let start = scheduledUntil[id] { return .scheduled(until: start.until) }
        return isStaged(id) ? .staged : .running
    }

    private func isStaged(_ id: EffectID) -> Bool {
        guard let last = stagedIDs.last, id <= last else { return false }
        var low = 0
        var high = stagedIDs.count
        while low < high {
            let middle = (low + high) / 2
            if stagedIDs[middle] < id { low = middle + 1 } else { high = middle }
        }
        return stagedIDs[low] == id
    }

    /// Stages an effect enqueued without a key and with ``EffectKeyPolicy/cancelOlder``: what
    /// ``enqueue(_:key:policy:now:)`` does then, without a result to inspect.
    @discardableResult
    package mutating func stage(_ payload: Payload) -> EffectID {
        lastID += 1
        let id = EffectID(rawValue: lastID)
        entries.append(id, payload)
        stagedIDs.append(id)
        return id
    }

    /// Stages an effect. With a key already in flight, `policy` says which of the two survives.
    /// `now` is the time on the scope's clock, which only a throttle reads, and `clock` identifies
    /// that clock: a throttle's interval runs on one clock.
    ///
    /// A debounce's quiet period and a throttle's interval count as ``EffectClock/longestWait`` when
    /// longer, and as zero when negative: a quiet period of zero starts the effect at once, and an
    /// interval of zero drops nothing.
    package mutating func enqueue(
        _ payload: Payload, key: AnyHashable? = nil, policy: EffectKeyPolicy = .cancelOlder,
        now: Duration = .zero, clock: AnyObject? = nil
    ) -> Enqueued {
        var cancelled: Entry?
        var replaced: EffectID?
        var throttledAt: ThrottleStart?
        if let key, case .throttle(let interval) = policy {
            if let lastStart = throttleStarts[key],
                lastStart.isWithin(EffectClock.boundedWait(interval), of: now, on: clock)
            {
                return .throttled(lastStart: lastStart.at)
            }
            throttledAt = ThrottleStart(at: now, clock: clock)
        }
        var trailingDelay: Duration?
        if let key, case .throttleLatest(let interval) = policy {
            let start = trailingStart(
                key: key, interval: EffectClock.boundedWait(interval), now: now, clock: clock)
            throttledAt = ThrottleStart(at: start, clock: clock)
            if start > now { trailingDelay = start - now }
        }
        if let key, let older = idsByKey[key] {
            switch policy {
            case .keepOlder:
                return .dropped(keptInFlight: older)
            case .cancelOlder, .debounce, .throttle, .throttleLatest:
                if entries[older] != nil, isStaged(older) {
                    // Staged by this same update: it never ran, and the running effect it was to
                    // replace (if any) is now replaced by the newer one.
                    replaced = replacements.removeValue(forKey: older)
                    cancelled = remove(older)
                } else {
                    replaced = older
                }
            }
        }
        lastID += 1
        let id = EffectID(rawValue: lastID)
        var delay = trailingDelay
        if case .debounce(let quietPeriod) = policy, quietPeriod > .zero {
            delay = EffectClock.boundedWait(quietPeriod)
        }
        entries.append(id, payload)
        if let key {
            idsByKey[key] = id
            keys[id] = key
        }
        if delay != nil || throttledAt != nil { timings[id] = Timing(delay: delay, throttledAt: throttledAt) }
        if let replaced { replacements[id] = replaced }
        stagedIDs.append(id)
        return .staged(id, cancelled: cancelled)
    }

    /// When an effect enqueued with ``EffectKeyPolicy/throttleLatest(_:)`` starts: at the start
    /// already set for the key's latest effect while it waits, at the end of the window the latest
    /// start opened, or now once that window is over (or was on another clock).
    private func trailingStart(key: AnyHashable, interval: Duration, now: Duration, clock: AnyObject?)
        -> Duration
    {
        guard let last = throttleStarts[key], last.clock === clock else { return now }
        if now < last.at { return last.at }
        // Both instants lie between zero and the clock's elapsed time, and the interval is at most a
        // century: nothing here overflows.
        return now - last.at < interval ? last.at + interval : now
    }

    /// The update that staged effects returned: they are running now, and the running effects they
    /// replace by key are cancelled.
    package mutating func commitStaged() -> Committed {
        var started: [Started] = []
        started.reserveCapacity(stagedIDs.count)
        let replaced = commitStaged(starting: &started)
        return Committed(started: started.map { entry($0.id, $0.payload) }, replaced: replaced)
    }

    /// A staged effect that its update's return started: what its work needs.
    package struct Started {
        package let id: EffectID
        package let payload: Payload
        package let delay: Duration?
    }

    /// Like ``commitStaged()`` when the update staged one effect and replaced none, the common case:
    /// returns that effect, started. Returns nil, changing nothing, in every other case.
    package mutating func commitOnlyStaged() -> Started? {
        guard stagedIDs.count == 1, replacements.isEmpty, let payload = entries[stagedIDs[0]] else {
            return nil
        }
        let id = stagedIDs[0]
        let timing = timings.isEmpty ? nil : timings[id]
        // The interval restarts only now: an update that throws leaves it as it was.
        if let start = timing?.throttledAt, let key = keys[id] { throttleStarts[key] = start }
        // Its only element removed, the list keeps its buffer: `removeAll(keepingCapacity:)` replaces
        // a range generically, which costs more.
        stagedIDs.removeLast()
        return Started(id: id, payload: payload, delay: timing?.delay)
    }

    /// Like ``commitStaged()``, appending the started effects to `started`, a buffer the caller
    /// reuses, rather than making entries: this runs once per update that enqueued effects. Returns
    /// the replaced effects.
    package mutating func commitStaged(starting started: inout [Started]) -> [Entry] {
        // One lookup per effect; the staged list keeps its buffer for the next update.
        for id in stagedIDs {
            guard let payload = entries[id] else { continue }
            let timing = timings.isEmpty ? nil : timings[id]
            // The interval restarts only now: an update that throws leaves it as it was.
            if let start = timing?.throttledAt, let key = keys[id] { throttleStarts[key] = start }
            started.append(Started(id: id, payload: payload, delay: timing?.delay))
        }
        // Running from now on: an effect is running once the staged list no longer has it.
        stagedIDs.removeAll(keepingCapacity: true)
        guard !replacements.isEmpty else { return [] }
        var replaced: [Entry] = []
        for older in replacements.values.sorted() {
            if let entry = remove(older) { replaced.append(entry) }
        }
        replacements.removeAll()
        return replaced
    }

    /// The update that staged effects threw: they are dropped unstarted, and the running effects
    /// they would have replaced by key keep their key. Returns the dropped ones, oldest first.
    package mutating func discardStaged() -> [Entry] {
        let discarded = stagedIDs.compactMap { entry($0) }
        for entry in discarded { remove(entry.id) }
        stagedIDs.removeAll()
        return discarded
    }

    /// When the effect scheduled on `clock` due first starts, or nil when none waits on it.
    package func nextScheduledStart(on clock: AnyObject?) -> Duration? {
        scheduledUntil.values.lazy.filter { $0.clock === clock }.map(\.until).min()
    }

    /// Holds a just started effect until `clock`'s virtual time reaches `due`: it cannot complete
    /// before.
    package mutating func schedule(_ id: EffectID, until due: Duration, on clock: AnyObject?) {
        guard entries[id] != nil, storedPhase(id) == .running else { return }
        scheduledUntil[id] = ScheduledStart(until: due, clock: clock)
    }

    /// `clock`'s virtual time reached `now`: the effects scheduled on it due by then are running.
    /// Returns them in the order they became due, then oldest first.
    package mutating func startDue(at now: Duration, on clock: AnyObject?) -> [Entry] {
        var due: [(until: Duration, id: EffectID)] = []
        for (id, start) in scheduledUntil where start.until <= now && start.clock === clock {
            due.append((start.until, id))
        }
        due.sort { ($0.until, $0.id) < ($1.until, $1.id) }
        return due.compactMap { item in
            scheduledUntil[item.id] = nil
            return entries[item.id].map { entry(item.id, $0) }
        }
    }

    /// A running effect finished. Returns it if its result should be delivered: nil when it was
    /// cancelled (or is unknown), so a late completion never reaches the scope.
    package mutating func complete(_ id: EffectID) -> Entry? {
        // One lookup, and the entry moved out rather than copied: this runs once per completion.
        guard let index = entries.index(of: id), storedPhase(id) == .running else { return nil }
        return remove(at: index)
    }

    /// Like ``complete(_:)``, returning the payload alone: what the runtime needs to deliver.
    package mutating func completePayload(_ id: EffectID) -> Payload? {
        guard let index = entries.index(of: id), storedPhase(id) == .running else { return nil }
        let payload = entries.remove(at: index).payload
        if keys.isEmpty {
            // No effect has a key: no optional key to copy and test, once per completion.
            forgetTiming(id)
        } else {
            forget(id, key: keys[id])
        }
        return payload
    }

    /// Cancels the effects, staged or running, that match `predicate`. Returns them, oldest first.
    ///
    /// Every effect is tested once, in order: cancelling a few of many costs a pass, and no sort.
    package mutating func cancel(where predicate: (Entry) throws -> Bool) rethrows -> [Entry] {
        let matching = try entries.all.compactMap { id, payload in
            let entry = entry(id, payload)
            return try predicate(entry) ? entry : nil
        }
        guard !matching.isEmpty else { return [] }
        for entry in matching { remove(entry.id) }
        return matching
    }

    /// Cancels the effects with these identifiers that are still staged or running. Returns them, in
    /// the order given.
    package mutating func cancel(ids: [EffectID]) -> [Entry] {
        ids.compactMap { remove($0) }
    }

    /// Cancels the effect enqueued with `key`, and the running one with that key it is to replace
    /// when the running update returns. Returns them, oldest first, found without a pass over the
    /// other effects.
    package mutating func cancel(key: AnyHashable) -> [Entry] {
        guard let id = idsByKey[key] else { return [] }
        let older = replacements.removeValue(forKey: id).flatMap { remove($0) }
        guard let entry = remove(id) else { return [] }
        return (older.map { [$0] } ?? []) + [entry]
    }

    /// Cancels every effect. Returns them, oldest first.
    package mutating func cancelAll() -> [Entry] {
        let all = inFlight
        // The entries hold the keys of `keys`; `idsByKey` may hold other, equal instances.
        if !idsByKey.isEmpty { releasedKeys.append(contentsOf: idsByKey.keys) }
        entries.removeAll()
        idsByKey.removeAll()
        stagedIDs.removeAll()
        replacements.removeAll()
        scheduledUntil.removeAll()
        keys.removeAll()
        timings.removeAll()
        return all
    }

    @discardableResult
    private mutating func remove(_ id: EffectID) -> Entry? {
        guard let index = entries.index(of: id) else { return nil }
        return remove(at: index)
    }

    @discardableResult
    private mutating func remove(at index: Int) -> Entry {
        let (id, payload) = entries.remove(at: index)
        let entry = entry(id, payload)
        forget(id, key: entry.key)
        return entry
    }

    /// Drops when an effect just taken out of the table was to start, and its debounce or throttle.
    private mutating func forgetTiming(_ id: EffectID) {
        if !scheduledUntil.isEmpty { scheduledUntil[id] = nil }
        if !timings.isEmpty { timings[id] = nil }
    }

    /// Drops what the side tables hold of an effect just taken out of the table.
    private mutating func forget(_ id: EffectID, key: AnyHashable?) {
        forgetTiming(id)
        guard let key else { return }
        // Each key instance let go of is kept for the caller to release (see `releasedKeys`): the
        // dictionary keeps the first of equal keys it was given, which no entry may hold any more.
        if let stored = keys.removeValue(forKey: id) { releasedKeys.append(stored) }
        guard let index = idsByKey.index(forKey: key), idsByKey.values[index] == id else { return }
        releasedKeys.append(idsByKey.remove(at: index).key)
        // A staged effect leaving before its update returned gives its key back to the running
        // effect it was to replace, which keeps running.
        if !replacements.isEmpty, let older = replacements.removeValue(forKey: id), entries[older] != nil {
            idsByKey[key] = older
        }
    }
}

extension EffectsStateMachine.Entry: Equatable where Payload: Equatable {}
extension EffectsStateMachine.Enqueued: Equatable where Payload: Equatable {}
extension EffectsStateMachine.Committed: Equatable where Payload: Equatable {}
