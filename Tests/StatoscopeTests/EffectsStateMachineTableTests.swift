import Statoscope
import Testing

/// The machine's table of effects under many effects leaving out of order: the holes they leave are
/// closed without losing, reordering or mixing up the effects that stay.
struct EffectsStateMachineTableTests {
    typealias Machine = EffectsStateMachine<String>

    /// Stages and starts `count` effects named by their number; returns their identifiers.
    private func started(_ count: Int, in machine: inout Machine) -> [EffectID] {
        var ids: [EffectID] = []
        for number in 0..<count {
            if case .staged(let id, _) = machine.enqueue("\(number)") { ids.append(id) }
        }
        _ = machine.commitStaged()
        return ids
    }

    @Test func effectsLeavingOutOfOrderLeaveTheOthersFoundAndInOrder() {
        var machine = Machine()
        let ids = started(1_000, in: &machine)
        // Every effect but each seventh completes, newest first: enough holes to compact many times.
        for (number, id) in ids.enumerated().reversed() where number % 7 != 0 {
            #expect(machine.completePayload(id) == "\(number)")
        }
        let kept = ids.enumerated().filter { $0.offset % 7 == 0 }
        #expect(machine.count == kept.count)
        #expect(machine.inFlight.map(\.payload) == kept.map { "\($0.offset)" })
        for (number, id) in kept {
            #expect(machine.entry(id)?.payload == "\(number)")
        }
        #expect(machine.complete(ids[1]) == nil, "a completed effect is gone for good")
    }

    @Test func effectsLeavingNearlyInOrderAreFoundThroughCompactions() {
        var machine = Machine()
        let ids = started(1_000, in: &machine)
        // Pairs swapped, as two threads finishing in turn leave them, and each tenth effect left
        // running: holes at the head and between kept effects, compacted many times.
        var order: [Int] = []
        for pair in stride(from: 0, to: ids.count, by: 2) { order += [pair + 1, pair] }
        for number in order where number % 10 != 3 {
            #expect(machine.completePayload(ids[number]) == "\(number)")
            #expect(machine.completePayload(ids[number]) == nil, "an effect completes once")
        }
        let kept = ids.indices.filter { $0 % 10 == 3 }
        #expect(machine.inFlight.map(\.payload) == kept.map { "\($0)" })
        for number in kept.reversed() {
            #expect(machine.completePayload(ids[number]) == "\(number)")
        }
        #expect(machine.isEmpty)
    }

    @Test func aLongLivedEffectKeepsItsPlaceWhileManyComeAndGo() throws {
        var machine = Machine()
        let stream = try #require(started(1, in: &machine).first)
        for _ in 0..<50 {
            for id in started(100, in: &machine) {
                #expect(machine.completePayload(id) != nil)
            }
        }
        #expect(machine.inFlight.map(\.id) == [stream])
        #expect(machine.phase(of: stream) == .running)
        let later = started(1, in: &machine)
        #expect(machine.inFlight.map(\.id) == [stream] + later)
        #expect(machine.cancelAll().map(\.id) == [stream] + later)
        #expect(machine.isEmpty)
    }

    @Test func stagingIsEnqueueingWithoutAKey() throws {
        var machine = Machine()
        let staged = machine.stage("a")
        guard case .staged(let enqueued, nil) = machine.enqueue("b") else {
            Issue.record("an effect without a key is always staged")
            return
        }
        #expect(machine.phase(of: staged) == .staged)
        #expect(enqueued > staged)
        #expect(machine.discardStaged().map(\.payload) == ["a", "b"])
        #expect(machine.isEmpty)
        let started = machine.stage("c")
        #expect(machine.commitStaged().started.map(\.id) == [started])
        #expect(machine.phase(of: started) == .running)
    }

    @Test func committingTheOnlyStagedEffectStartsItAndNothingElse() throws {
        var machine = Machine()
        #expect(machine.commitOnlyStaged() == nil, "nothing staged")
        let only = machine.stage("only")
        #expect(machine.commitOnlyStaged()?.id == only)
        #expect(machine.phase(of: only) == .running)
        #expect(!machine.hasStaged)
        machine.stage("one")
        machine.stage("two")
        #expect(machine.commitOnlyStaged() == nil, "two staged: left to commitStaged()")
        #expect(machine.commitStaged().started.map(\.payload) == ["one", "two"])
        _ = machine.enqueue("keyed", key: "k")
        _ = machine.commitStaged()
        _ = machine.enqueue("newer", key: "k")
        #expect(machine.commitOnlyStaged() == nil, "a replacement: left to commitStaged()")
        #expect(machine.commitStaged().replaced.map(\.payload) == ["keyed"])
    }
}
