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
    }

    /// One effect the machine holds.
    package struct Entry: CustomStringConvertible {
        package let id: EffectID
        package let key: AnyHashable?
        package var phase: Phase
        package let payload: Payload

        package var description: String { "\(id) \(phase) \(payload)" }
    }

    /// What enqueueing did.
    package enum Enqueued {
        /// The effect was staged; `cancelled` is the older effect with the same key it replaced.
        case staged(EffectID, cancelled: Entry?)
        /// The effect was dropped because an effect with its key is in flight and is kept.
        case dropped(keptInFlight: EffectID)
    }

    private var entries: [EffectID: Entry] = [:]
    private var idsByKey: [AnyHashable: EffectID] = [:]
    private var stagedIDs: [EffectID] = []
    private var lastID: UInt64 = 0

    package init() {}

    /// The number of effects staged or running.
    package var count: Int { entries.count }

    /// Whether no effect is staged or running.
    package var isEmpty: Bool { entries.isEmpty }

    /// Whether an update staged effects that are not yet started or discarded.
    package var hasStaged: Bool { !stagedIDs.isEmpty }

    /// The effects staged or running, oldest first.
    package var inFlight: [Entry] {
        entries.values.sorted { $0.id < $1.id }
    }

    /// The phase of an effect, or nil once it completed, was cancelled or discarded.
    package func phase(of id: EffectID) -> Phase? {
        entries[id]?.phase
    }

    /// The effect with this identifier, if it is staged or running.
    package func entry(_ id: EffectID) -> Entry? {
        entries[id]
    }

    /// Stages an effect. With a key already in flight, `policy` says which of the two survives.
    package mutating func enqueue(
        _ payload: Payload, key: AnyHashable? = nil, policy: EffectKeyPolicy = .cancelOlder
    ) -> Enqueued {
        var cancelled: Entry?
        if let key, let older = idsByKey[key] {
            switch policy {
            case .keepOlder:
                return .dropped(keptInFlight: older)
            case .cancelOlder:
                cancelled = entries[older]
                remove(older)
            }
        }
        lastID += 1
        let id = EffectID(rawValue: lastID)
        entries[id] = Entry(id: id, key: key, phase: .staged, payload: payload)
        if let key { idsByKey[key] = id }
        stagedIDs.append(id)
        return .staged(id, cancelled: cancelled)
    }

    /// The update that staged effects returned: they are running now. Returns them, oldest first.
    package mutating func commitStaged() -> [Entry] {
        var started: [Entry] = []
        started.reserveCapacity(stagedIDs.count)
        // One lookup per effect, the entry changed in place; the staged list keeps its buffer for the
        // next update. This runs once per update that enqueued effects.
        for id in stagedIDs {
            guard let index = entries.index(forKey: id) else { continue }
            entries.values[index].phase = .running
            started.append(entries.values[index])
        }
        stagedIDs.removeAll(keepingCapacity: true)
        return started
    }

    /// The update that staged effects threw: they are dropped unstarted. Returns them, oldest first.
    package mutating func discardStaged() -> [Entry] {
        let discarded = stagedIDs.compactMap { entries[$0] }
        stagedIDs.removeAll()
        for entry in discarded { remove(entry.id) }
        return discarded
    }

    /// A running effect finished. Returns it if its result should be delivered: nil when it was
    /// cancelled (or is unknown), so a late completion never reaches the scope.
    package mutating func complete(_ id: EffectID) -> Entry? {
        // One lookup, and the entry moved out rather than copied: this runs once per completion.
        guard let index = entries.index(forKey: id), entries.values[index].phase == .running else {
            return nil
        }
        return remove(at: index)
    }

    /// Cancels the effects, staged or running, that match `predicate`. Returns them, oldest first.
    package mutating func cancel(where predicate: (Entry) throws -> Bool) rethrows -> [Entry] {
        let matching = try inFlight.filter(predicate)
        for entry in matching { remove(entry.id) }
        return matching
    }

    /// Cancels every effect. Returns them, oldest first.
    package mutating func cancelAll() -> [Entry] {
        let all = inFlight
        entries.removeAll()
        idsByKey.removeAll()
        stagedIDs.removeAll()
        return all
    }

    private mutating func remove(_ id: EffectID) {
        guard let index = entries.index(forKey: id) else { return }
        remove(at: index)
    }

    @discardableResult
    private mutating func remove(at index: [EffectID: Entry].Index) -> Entry {
        let entry = entries.remove(at: index).value
        if let key = entry.key, idsByKey[key] == entry.id {
            idsByKey[key] = nil
        }
        return entry
    }
}

extension EffectsStateMachine.Entry: Equatable where Payload: Equatable {}
extension EffectsStateMachine.Enqueued: Equatable where Payload: Equatable {}
