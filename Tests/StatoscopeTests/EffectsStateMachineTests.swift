import Statoscope
import Testing

/// The effects lifecycle as plain data: every transition, without a single `Task`.
struct EffectsStateMachineTests {
    typealias Machine = EffectsStateMachine<String>

    private func stagedID(_ enqueued: Machine.Enqueued) -> EffectID? {
        if case .staged(let id, _) = enqueued { return id }
        return nil
    }

    @Test func enqueuedEffectIsStagedUntilCommitted() throws {
        var machine = Machine()
        let id = try #require(stagedID(machine.enqueue("load")))
        #expect(machine.phase(of: id) == .staged)
        #expect(machine.hasStaged)
        #expect(machine.commitStaged().map(\.payload) == ["load"])
        #expect(machine.phase(of: id) == .running)
        #expect(!machine.hasStaged)
    }

    @Test func discardedEffectsAreGoneAndNeverStart() throws {
        var machine = Machine()
        let running = try #require(stagedID(machine.enqueue("running")))
        _ = machine.commitStaged()
        let staged = try #require(stagedID(machine.enqueue("staged")))
        #expect(machine.discardStaged().map(\.id) == [staged])
        #expect(machine.phase(of: staged) == nil)
        #expect(machine.phase(of: running) == .running)
        #expect(machine.commitStaged().isEmpty)
    }

    @Test func completionIsDeliveredOnceAndOnlyWhileRunning() throws {
        var machine = Machine()
        let id = try #require(stagedID(machine.enqueue("load")))
        #expect(machine.complete(id) == nil, "a staged effect has not run, so it cannot complete")
        _ = machine.commitStaged()
        #expect(machine.complete(id)?.payload == "load")
        #expect(machine.complete(id) == nil)
        #expect(machine.isEmpty)
    }

    @Test func cancelledEffectNeverCompletes() throws {
        var machine = Machine()
        let first = try #require(stagedID(machine.enqueue("a")))
        let second = try #require(stagedID(machine.enqueue("b")))
        _ = machine.commitStaged()
        #expect(machine.cancel { $0.payload == "a" }.map(\.id) == [first])
        #expect(machine.complete(first) == nil)
        #expect(machine.complete(second)?.payload == "b")
    }

    @Test func cancelAllEmptiesTheMachineOldestFirst() throws {
        var machine = Machine()
        _ = machine.enqueue("a")
        _ = machine.commitStaged()
        _ = machine.enqueue("b")
        #expect(machine.cancelAll().map(\.payload) == ["a", "b"])
        #expect(machine.isEmpty)
        #expect(machine.commitStaged().isEmpty)
    }

    @Test func effectsInFlightAreListedOldestFirst() {
        var machine = Machine()
        for name in ["c", "a", "b"] { _ = machine.enqueue(name) }
        _ = machine.commitStaged()
        _ = machine.enqueue("d")
        #expect(machine.inFlight.map(\.payload) == ["c", "a", "b", "d"])
        #expect(machine.inFlight.map(\.phase) == [.running, .running, .running, .staged])
    }

    @Test func newerEffectWithAKeyCancelsTheOlderOne() throws {
        var machine = Machine()
        let older = try #require(stagedID(machine.enqueue("q1", key: "search")))
        _ = machine.commitStaged()
        let enqueued = machine.enqueue("q2", key: "search", policy: .cancelOlder)
        guard case .staged(let newer, let cancelled) = enqueued else {
            Issue.record("expected the newer effect to be staged, got \(enqueued)")
            return
        }
        #expect(cancelled?.id == older)
        #expect(cancelled?.payload == "q1")
        #expect(machine.complete(older) == nil)
        #expect(machine.inFlight.map(\.id) == [newer])
    }

    @Test func olderEffectWithAKeyCanBeKept() throws {
        var machine = Machine()
        let older = try #require(stagedID(machine.enqueue("save", key: 1, policy: .keepOlder)))
        #expect(machine.enqueue("save again", key: 1, policy: .keepOlder) == .dropped(keptInFlight: older))
        #expect(machine.inFlight.map(\.payload) == ["save"])
    }

    @Test func keyIsFreeAgainOnceItsEffectIsGone() throws {
        var machine = Machine()
        let first = try #require(stagedID(machine.enqueue("a", key: "k", policy: .keepOlder)))
        _ = machine.commitStaged()
        _ = machine.complete(first)
        let second = machine.enqueue("b", key: "k", policy: .keepOlder)
        #expect(stagedID(second) != nil)
        _ = machine.cancel { $0.key == AnyHashable("k") }
        #expect(stagedID(machine.enqueue("c", key: "k", policy: .keepOlder)) != nil)
    }

    @Test func cancellingByKeyTouchesOnlyThatKey() {
        var machine = Machine()
        _ = machine.enqueue("a", key: "a")
        _ = machine.enqueue("b", key: "b")
        _ = machine.enqueue("none")
        #expect(machine.cancel { $0.key == AnyHashable("a") }.map(\.payload) == ["a"])
        #expect(machine.inFlight.map(\.payload) == ["b", "none"])
    }
}
