import Statoscope

/// The app both sides run: a root with two parents, one of which presents the child that the
/// program's effects belong to, and a dismissed child the app may keep, as a view keeps a screen
/// during its dismissal.
@MainActor
final class DifferentialApp: Scope {
    @Subscope var left = DifferentialParent()
    @Subscope var right = DifferentialParent()
    /// A dismissed child the app keeps: not a subscope, so it stays out of the tree.
    var held: DifferentialChild?
    let world: DifferentialWorld

    init(world: DifferentialWorld) {
        self.world = world
    }

    /// The presented child, under either parent.
    var child: DifferentialChild? { left.child ?? right.child }

    /// Which parent presents the child.
    var place: String {
        if left.child != nil { return "left" }
        return right.child != nil ? "right" : "nowhere"
    }

    enum When: Equatable, Sendable {
        case present
        case replace
        case clear
        case dismissHolding
        case presentHeld
        case move
        /// The parent presenting the child is replaced: the child leaves with it.
        case replaceParent
    }

    func update(_ when: When) throws {
        let parent = right.child != nil ? right : left
        switch when {
        case .present:
            if child == nil { left.child = world.makeChild() }
        case .replace:
            if parent.child != nil { parent.child = world.makeChild() }
        case .clear:
            parent.child = nil
        case .dismissHolding:
            guard let child = parent.child else { return }
            held = child
            parent.child = nil
        case .presentHeld:
            guard child == nil, let held else { return }
            left.child = held
            self.held = nil
        case .move:
            let other = parent === left ? right : left
            other.child = parent.child
            parent.child = nil
        case .replaceParent:
            if parent === left {
                left = DifferentialParent()
            } else {
                right = DifferentialParent()
            }
        }
    }
}

@MainActor
final class DifferentialParent: Scope {
    @Subscope var child: DifferentialChild? = nil

    enum When: Sendable {}

    func update(_ when: When) throws {}
}

/// The scope whose effects the program starts, completes, feeds and cancels.
@MainActor
final class DifferentialChild: Scope {
    /// Which child this is, in the order the app made them.
    let generation: Int
    let world: DifferentialWorld
    var total = 0
    /// How many elements each stream delivered, by program id.
    var elements: [Int: Int] = [:]

    init(generation: Int, world: DifferentialWorld) {
        self.generation = generation
        self.world = world
    }

    enum When: Equatable, Sendable {
        case add(Int)
        case start(id: Int, OneShotStart)
        case startStream(id: Int, StreamStart)
        case startStreamRunOnce(id: Int, OneShotStart)
        case startThenThrow(id: Int, key: Int, policy: DifferentialPolicy)
        case cancelKey(Int)
        case cancelWhere(parity: Int)
        case cancelAll
        /// A value, and the follow-up effect its update starts, if any.
        case completed(id: Int, value: Int, then: OneShotStart?)
        /// A result mapped with `mapToResult()`: the value, or nil for a failure.
        case result(id: Int, value: Int?, then: OneShotStart?)
        case element(stream: Int, value: Int)
        case ended(stream: Int, failed: Bool)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total += value
        case .start(let id, let start):
            enqueue(id: id, start)
        case .startStream(let id, let start):
            enqueueStream(id: id, start)
        case .startStreamRunOnce(let id, let start):
            enqueueStreamRunOnce(id: id, start)
        case .startThenThrow(let id, let key, let policy):
            enqueue(
                id: id, OneShotStart(value: 0, fails: false, deliversFailure: false, key: key, policy: policy)
            )
            throw InvalidStateError("refused after enqueueing #\(id)")
        case .cancelKey(let key):
            effectsState.cancelEffect(key: key)
        case .cancelWhere(let parity):
            effectsState.cancelEffect { (($0 as? any DifferentialWork)?.id ?? parity + 1) % 2 == parity }
        case .cancelAll:
            effectsState.cancelAllEffects()
        case .completed(let id, let value, let followUp):
            total += value
            log("received \(value) from #\(id)")
            if let followUp { enqueue(id: OneShotStart.followUpID(of: id), followUp) }
        case .result(let id, let value, let followUp):
            if let value {
                total += value
                log("received \(value) from #\(id), as a result")
                if let followUp { enqueue(id: OneShotStart.followUpID(of: id), followUp) }
            } else {
                log("received the failure of #\(id), as a result")
            }
        case .element(let stream, let value):
            elements[stream, default: 0] += 1
            world.elementsDelivered[stream, default: 0] += 1
            log("received \(value) from stream #\(stream)")
        case .ended(let stream, let failed):
            log("saw stream #\(stream) \(failed ? "fail" : "finish")")
        }
    }

    private func log(_ line: String) {
        world.log.append("child \(generation) \(line)")
    }

    /// The first slot no pending effect of the kind uses: each pending effect of the child has a type
    /// of its own, so that a plan can name the one it completes.
    private func freeSlot(forStream isStream: Bool) -> (any EffectSlot.Type)? {
        let used = Set(
            effectsState.effects.compactMap { $0 as? any DifferentialWork }
                .filter { ($0.kind != .oneShot) == isStream }
                .map(\.slot))
        return effectSlots.first { !used.contains($0.index) }
    }

    private func enqueue(id: Int, _ start: OneShotStart) {
        guard let slot = freeSlot(forStream: false) else { return log("found no free slot for #\(id)") }
        enqueue(in: slot, id: id, start)
    }

    private func enqueue<Slot: EffectSlot>(in _: Slot.Type, id: Int, _ start: OneShotStart) {
        let effect = SlotEffect<Slot>(
            id: id, key: start.key, value: start.value, fails: start.fails, live: world.live)
        let followUp = start.followUp
        let mapped =
            start.deliversFailure
            ? effect.mapToResult().map { When.result(id: id, value: try? $0.get(), then: followUp) }
            : effect.map { When.completed(id: id, value: $0, then: followUp) }
        enqueue(mapped, key: start.key, policy: start.policy)
    }

    private func enqueue<E: Effect>(_ effect: E, key: Int?, policy: DifferentialPolicy)
    where E.ResultType == When {
        if let key {
            effectsState.enqueue(effect, key: key, ifKeyInFlight: policy.keyPolicy)
        } else {
            effectsState.enqueue(effect)
        }
    }

    private func enqueue<E: StreamEffect>(_ stream: E, key: Int?, policy: DifferentialPolicy)
    where E.Element == When {
        if let key {
            effectsState.enqueue(stream, key: key, ifKeyInFlight: policy.keyPolicy)
        } else {
            effectsState.enqueue(stream)
        }
    }

    private func enqueueStream(id: Int, _ start: StreamStart) {
        guard let slot = freeSlot(forStream: true) else { return log("found no free slot for stream #\(id)") }
        enqueueStream(in: slot, id: id, start)
    }

    private func enqueueStream<Slot: EffectSlot>(in _: Slot.Type, id: Int, _ start: StreamStart) {
        let stream = SlotStream<Slot>(id: id, key: start.key, runsOnce: false, live: world.live)
        let elements = stream.map { When.element(stream: id, value: $0) }
        let mapped =
            start.reportsEnd
            ? elements.onEnd { end in
                if case .failed = end { return When.ended(stream: id, failed: true) }
                return When.ended(stream: id, failed: false)
            } : elements
        enqueue(mapped, key: start.key, policy: start.policy)
    }

    private func enqueueStreamRunOnce(id: Int, _ start: OneShotStart) {
        guard let slot = freeSlot(forStream: true) else { return log("found no free slot for stream #\(id)") }
        enqueueStreamRunOnce(in: slot, id: id, start)
    }

    /// A stream mapped with the one-shot `map`: it runs to its end and delivers one event.
    private func enqueueStreamRunOnce<Slot: EffectSlot>(in _: Slot.Type, id: Int, _ start: OneShotStart) {
        let value = start.value
        let followUp = start.followUp
        let mapped = SlotStream<Slot>(id: id, key: start.key, runsOnce: true, live: world.live).map {
            (_: Void) in When.completed(id: id, value: value, then: followUp)
        }
        enqueue(mapped, key: start.key, policy: start.policy)
    }
}

/// What one run of a program shares between its scopes: what the children received, in order, and
/// the work of its effects on the live side.
@MainActor
final class DifferentialWorld {
    let live = LiveWork()
    /// Every event a child received from an effect, in order.
    var log: [String] = []
    /// How many elements each stream delivered, by program id.
    var elementsDelivered: [Int: Int] = [:]
    /// Every child made, held weakly, with its runtime, held strongly so that the live side can tell
    /// when the tasks of a released child's cancelled effects are back.
    private(set) var children: [(child: () -> DifferentialChild?, runtime: ScopeRuntime)] = []

    func makeChild() -> DifferentialChild {
        let child = DifferentialChild(generation: children.count + 1, world: self)
        weak let weakChild = child
        children.append(({ weakChild }, ScopeRuntimeTable.runtime(for: child)))
        return child
    }

    /// What the children received since the last call.
    func takeLog() -> [String] {
        defer { log.removeAll() }
        return log
    }
}
