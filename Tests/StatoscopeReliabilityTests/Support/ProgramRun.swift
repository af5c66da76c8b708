import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// One generated program, run step by step against the library and the model, comparing them after
/// every step.
@MainActor
final class ProgramRun {
    /// How long a step waits for the elements its stream tasks already took to be delivered: the
    /// rest of their way is a post and one main-actor hop.
    static let deliveryPatience: Duration = .seconds(5)
    /// How long any wait lasts once one wait of this process timed out. The failure is recorded by
    /// then; the shrinking that follows runs many programs that fail the same way, each waiting in
    /// full, which would outlast the suite's time limit before it reported the smallest program.
    static let patienceAfterTimeout: Duration = .seconds(1)
    private static var timedOut = false

    private let steps: [ProgramStep]
    private let parents = [ProgramParent(), ProgramParent()]
    private var parent: ProgramParent
    private var held: ProgramChild?
    private let log = DeliveryLog()
    private var model = ReferenceModel()
    private let clock = ManualEffectClock()
    private var gates: [Int: Gate] = [:]
    private var streams:
        [Int: (stream: ProgramStream, feed: AsyncThrowingStream<Int, any Error>.Continuation)] = [:]
    private var runtimes: [ScopeRuntime] = []
    private var children: [() -> ProgramChild?] = []
    private var failures = 0

    /// A program of `steps`, after a first one that presents a child to act on.
    init(steps: [ProgramStep]) {
        self.steps = [.presentChild] + steps
        parent = parents[0]
        // Injected on both parents, as an app injects it on the scope that owns a subtree: the child
        // waits on it wherever it is moved.
        let effectClock = EffectClock(clock)
        for parent in parents { parent.inject(effectClock) }
    }

    func check() async {
        let registration = ErrorReporting.addHandler { [weak self] report in
            if report.scopeType is ProgramChild.Type { self?.failures += 1 }
        }
        defer { registration.remove() }

        for (index, step) in steps.enumerated() {
            let context = Comment(rawValue: "step \(index) (\(step)) of \(steps)")
            perform(step, on: model.apply(step))
            let settled = await settle(at: context.rawValue)
            // Compared even when the wait timed out: the difference says what never happened.
            compare(context)
            guard settled else { return }
        }

        parent.child = nil
        held = nil
        // Released, both: the model's child goes, and the held one had no effect left.
        _ = model.apply(.clearChild)
        let end = "the end, once the last child was released"
        let settled = await settle(at: end)
        compare(Comment(rawValue: "\(end), after \(steps)"))
        guard settled else { return }
        #expect(children.allSatisfy { $0() == nil }, "every child is released")
        #expect(runtimes.allSatisfy { $0.effects.isEmpty }, "no effect is left in flight")
    }

    /// Does on the library what `step` did on the model; `id` is the effect the model started, or
    /// the one it completed, fed or ended.
    private func perform(_ step: ProgramStep, on id: Int?) {
        switch step {
        case .send(let value):
            parent.child?.send(.add(value))
        case .startEffect(let value), .startKeyedEffect(_, let value), .startTimedEffect(_, let value, _):
            guard let id, let child = parent.child else { break }
            let (key, policy) = step.keyAndPolicy
            child.send(.start(effect(id: id, value: value, fails: false), key: key, policy: policy))
        case .startFailingEffect:
            guard let id, let child = parent.child else { break }
            child.send(.start(effect(id: id, value: 0, fails: true), key: nil, policy: .cancelOlder))
        case .startStream(let key, let reportsEnd):
            guard let id, let child = parent.child else { break }
            let (stream, feed) = ProgramStream.make(id: id)
            streams[id] = (stream, feed)
            child.send(.startStream(stream, key: key, reportsEnd: reportsEnd))
        case .complete:
            if let id { Task { await gates[id]?.open() } }
        case .streamYields(_, let value):
            if let id { streams[id]?.feed.yield(value) }
        case .streamFinishes:
            if let id { streams[id]?.feed.finish() }
        case .streamFails:
            if let id { streams[id]?.feed.finish(throwing: ProgramStream.Failure()) }
        case .streamYieldsThen(_, let value, let interruption):
            guard let id, let (stream, feed) = streams[id] else { break }
            let taken = stream.taken.value
            feed.yield(value)
            // Without a suspension point from here to the interruption, the main actor cannot take
            // the element the stream's task maps meanwhile.
            _ = stream.taken.block(
                until: taken + 1, limit: Self.timedOut ? Self.patienceAfterTimeout : Self.deliveryPatience)
            interrupt(stream: id, by: interruption)
        case .cancelEvenEffects:
            parent.child?.effectsState.cancelEffect { (programID(of: $0) ?? 1) % 2 == 0 }
        case .cancelKey(let key):
            parent.child?.effectsState.cancelEffect(key: key)
        case .cancelAll:
            parent.child?.effectsState.cancelAllEffects()
        case .replaceChild:
            if parent.child != nil { parent.child = makeChild() }
        case .clearChild:
            parent.child = nil
        case .presentChild:
            if parent.child == nil { parent.child = makeChild() }
        case .dismissHeld:
            if let child = parent.child {
                held = child
                parent.send(.clear)
            }
        case .lateEvent(let value):
            held?.send(.add(value))
        case .presentHeld:
            if parent.child == nil, let child = held {
                parent.child = child
                held = nil
            }
        case .moveChild:
            let other = parents[0] === parent ? parents[1] : parents[0]
            parent.send(.moveChild(to: other))
            parent = other
        case .startKeyedEffectThenThrow(let key, let policy):
            // Never started, so its gate stays closed and no model effect stands for it.
            parent.child?.send(
                .startThenThrow(effect(id: 0, value: 0, fails: false), key: key, policy: policy))
        case .startKeyedStreamThenThrow(let key):
            parent.child?.send(.startStreamThenThrow(ProgramStream.make(id: 0).0, key: key))
        case .timePasses(let milliseconds):
            clock.advance(by: .milliseconds(milliseconds))
        }
    }

    private func interrupt(stream id: Int, by interruption: StreamInterruption) {
        switch interruption {
        case .cancelStream: parent.child?.effectsState.cancelEffect { programID(of: $0) == id }
        case .cancelAll: parent.child?.effectsState.cancelAllEffects()
        case .clearChild: perform(.clearChild, on: nil)
        case .dismissHeld: perform(.dismissHeld, on: nil)
        }
    }

    private func effect(id: Int, value: Int, fails: Bool) -> ProgramEffect {
        let gate = Gate()
        gates[id] = gate
        return ProgramEffect(id: id, value: value, fails: fails, gate: gate)
    }

    private func makeChild() -> ProgramChild {
        let child = ProgramChild(generation: model.lastGeneration, log: log)
        weak let weakChild = child
        children.append { weakChild }
        runtimes.append(ScopeRuntimeTable.runtime(for: child))
        return child
    }

    /// Waits until every task is back on the main actor but those of effects still waiting at a
    /// closed gate, on the clock, or for their stream's next element, and until what the stream
    /// tasks took was delivered; false, with an issue recorded, if that does not happen in time.
    ///
    /// An element a stream's task took is delivered by a post and a main-actor hop, which nothing
    /// counts: hence the wait for the deliveries themselves (at least as many as the model's, so
    /// that a surplus fails the comparison rather than the wait).
    private func settle(at context: String) async -> Bool {
        let running = model.inFlight.count
        let sleepers = model.sleepers
        let taken = model.elementsTaken
        let tasksSettled = await waitUntil(
            "the tasks settling at \(context)",
            within: Self.timedOut ? Self.patienceAfterTimeout : testPatience
        ) {
            runtimes.reduce(0) { $0 + $1.unfinishedRuns } == running && clock.sleeperCount == sleepers
                && taken.allSatisfy { id, count in (streams[id]?.stream.taken.value ?? 0) >= count }
        }
        guard tasksSettled else {
            Self.timedOut = true
            return false
        }
        let deliveries = model.deliveries.count
        let expectedFailures = model.failures
        let delivered = await waitUntil(
            "the deliveries arriving at \(context)",
            within: Self.timedOut ? Self.patienceAfterTimeout : Self.deliveryPatience
        ) {
            log.entries.count >= deliveries && failures >= expectedFailures
        }
        if !delivered { Self.timedOut = true }
        return delivered
    }

    private func compare(_ context: Comment) {
        let inFlightIDs = parent.child?.effectsState.effects.compactMap(programID(of:)) ?? []
        #expect(inFlightIDs == model.inFlight.map(\.id), context)
        #expect(clock.sleeperCount == model.sleepers, context)
        #expect(parent.child?.total ?? 0 == model.child?.total ?? 0, context)
        #expect(parent.child?.elements ?? [:] == model.child?.elements ?? [:], context)
        #expect(log.entries == model.deliveries, context)
        #expect(failures == model.failures, context)
    }
}

extension ProgramStep {
    /// The key and policy of a step that starts a one-shot effect.
    fileprivate var keyAndPolicy: (Int?, ProgramPolicy) {
        switch self {
        case .startKeyedEffect(let key, _): (key, .cancelOlder)
        case .startTimedEffect(let key, _, let policy): (key, policy)
        default: (nil, .cancelOlder)
        }
    }
}
