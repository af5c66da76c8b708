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
        #expect(machine.commitStaged().started.map(\.payload) == ["load"])
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
        #expect(machine.commitStaged().started.isEmpty)
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
        #expect(machine.commitStaged().started.isEmpty)
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
        #expect(cancelled == nil, "a running effect is replaced when the update returns, not before")
        #expect(machine.inFlight.map(\.id) == [older, newer])
        #expect(machine.commitStaged().replaced.map(\.payload) == ["q1"])
        #expect(machine.complete(older) == nil)
        #expect(machine.inFlight.map(\.id) == [newer])
    }

    @Test func failedUpdateLeavesTheEffectItWouldHaveReplacedRunningWithItsKey() throws {
        var machine = Machine()
        let older = try #require(stagedID(machine.enqueue("q1", key: "search")))
        _ = machine.commitStaged()
        _ = machine.enqueue("q2", key: "search")
        _ = machine.enqueue("q3", key: "search")
        #expect(machine.discardStaged().map(\.payload) == ["q3"], "q2 was already replaced by q3")
        #expect(machine.inFlight.map(\.id) == [older])
        #expect(machine.complete(older)?.payload == "q1", "the older effect still delivers")
        // Its key was given back: while it ran, a keepOlder enqueue with the key was dropped.
        var second = Machine()
        let kept = try #require(stagedID(second.enqueue("q1", key: "search")))
        _ = second.commitStaged()
        _ = second.enqueue("q2", key: "search")
        _ = second.discardStaged()
        #expect(second.enqueue("q3", key: "search", policy: .keepOlder) == .dropped(keptInFlight: kept))
    }

    @Test func effectsStagedTwiceWithAKeyReplaceTheRunningOneOnce() throws {
        var machine = Machine()
        let older = try #require(stagedID(machine.enqueue("q1", key: "k")))
        _ = machine.commitStaged()
        let middle = machine.enqueue("q2", key: "k")
        let last = machine.enqueue("q3", key: "k")
        guard case .staged(_, let cancelled) = last else {
            Issue.record("expected q3 to be staged, got \(last)")
            return
        }
        #expect(cancelled?.id == stagedID(middle), "q2 never ran: it is dropped at once")
        let committed = machine.commitStaged()
        #expect(committed.started.map(\.payload) == ["q3"])
        #expect(committed.replaced.map(\.id) == [older])
    }

    @Test func stagedKeyedEffectCancelledInItsUpdateGivesTheKeyBack() throws {
        var machine = Machine()
        let older = try #require(stagedID(machine.enqueue("q1", key: "k")))
        _ = machine.commitStaged()
        _ = machine.enqueue("q2", key: "k")
        #expect(machine.cancel { $0.payload == "q2" }.map(\.payload) == ["q2"])
        #expect(machine.commitStaged().replaced.isEmpty)
        #expect(machine.enqueue("q3", key: "k", policy: .keepOlder) == .dropped(keptInFlight: older))
    }

    @Test func cancellingAKeyDuringItsReplacementCancelsBothOldestFirst() throws {
        var machine = Machine()
        _ = machine.enqueue("q1", key: "k")
        _ = machine.commitStaged()
        _ = machine.enqueue("q2", key: "k")
        _ = machine.enqueue("other", key: "o")
        #expect(machine.cancel(key: "k").map(\.payload) == ["q1", "q2"])
        #expect(machine.cancel(key: "k").isEmpty)
        #expect(machine.inFlight.map(\.payload) == ["other"])
        #expect(machine.commitStaged().replaced.isEmpty)
    }

    @Test func cancellingByKeyAmongThousandsLeavesTheOthersInOrder() {
        var machine = Machine()
        for index in 0..<4_000 { _ = machine.enqueue("e\(index)", key: index) }
        _ = machine.commitStaged()
        for index in stride(from: 0, to: 4_000, by: 2) {
            #expect(machine.cancel(key: index).map(\.payload) == ["e\(index)"])
        }
        #expect(machine.count == 2_000)
        #expect(machine.inFlight.prefix(3).map(\.payload) == ["e1", "e3", "e5"])
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
        #expect(machine.cancel(key: "k").map(\.payload) == ["b"])
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

    @Test func debouncedEffectReplacesTheOlderOneAndCarriesItsQuietPeriod() throws {
        var machine = Machine()
        let older = try #require(stagedID(machine.enqueue("q1", key: "k", policy: .debounce(.seconds(1)))))
        #expect(machine.entry(older)?.delay == .seconds(1))
        _ = machine.commitStaged()
        let newer = try #require(stagedID(machine.enqueue("q2", key: "k", policy: .debounce(.seconds(2)))))
        let committed = machine.commitStaged()
        #expect(committed.replaced.map(\.id) == [older])
        #expect(committed.started.map(\.delay) == [.seconds(2)])
        #expect(machine.inFlight.map(\.id) == [newer])
        #expect(stagedID(machine.enqueue("plain", key: "other")).flatMap { machine.entry($0)?.delay } == nil)
    }

    @Test func throttleStartsAtMostOncePerIntervalAndAFailedUpdateLeavesTheIntervalAlone() throws {
        var machine = Machine()
        let throttle = EffectKeyPolicy.throttle(.seconds(1))
        let first = try #require(
            stagedID(machine.enqueue("r1", key: "r", policy: throttle, now: .seconds(10))))
        _ = machine.commitStaged()
        #expect(
            machine.enqueue("r2", key: "r", policy: throttle, now: .milliseconds(10_999))
                == .throttled(lastStart: .seconds(10)))
        _ = machine.complete(first)
        #expect(
            machine.enqueue("r3", key: "r", policy: throttle, now: .milliseconds(10_500))
                == .throttled(lastStart: .seconds(10)), "the interval holds after the effect finished")

        let failed = machine.enqueue("r4", key: "r", policy: throttle, now: .seconds(11))
        #expect(stagedID(failed) != nil)
        _ = machine.discardStaged()
        let again = try #require(
            stagedID(machine.enqueue("r5", key: "r", policy: throttle, now: .milliseconds(11_001))))
        #expect(machine.commitStaged().started.map(\.id) == [again], "the failed update started no interval")
        #expect(
            machine.enqueue("r6", key: "r", policy: throttle, now: .milliseconds(11_500))
                == .throttled(lastStart: .milliseconds(11_001)))
        #expect(
            stagedID(machine.enqueue("other", key: "o", policy: throttle, now: .milliseconds(11_500))) != nil)
    }

    @Test func aThrottleIntervalStartedOnAnotherClockIsOver() throws {
        final class Clock {}
        var machine = Machine()
        let throttle = EffectKeyPolicy.throttle(.seconds(1))
        let (old, new) = (Clock(), Clock())
        _ = try #require(
            stagedID(machine.enqueue("r1", key: "r", policy: throttle, now: .seconds(60), clock: old)))
        _ = machine.commitStaged()
        let second = machine.enqueue("r2", key: "r", policy: throttle, now: .zero, clock: new)
        #expect(stagedID(second) != nil, "the new clock's elapsed time is not compared with the old one's")
        _ = machine.commitStaged()
        #expect(
            machine.enqueue("r3", key: "r", policy: throttle, now: .milliseconds(999), clock: new)
                == .throttled(lastStart: .zero))
    }

    @Test func aQuietPeriodOfZeroOrLessIsNoDelayAndALongOneIsTheLongestWait() throws {
        var machine = Machine()
        let delays = [Duration.zero, .seconds(-1), .seconds(Int64.min), .seconds(Int64.max)].map {
            quietPeriod in
            stagedID(machine.enqueue("q", key: "\(quietPeriod)", policy: .debounce(quietPeriod)))
                .flatMap { machine.entry($0)?.delay }
        }
        #expect(delays == [nil, nil, nil, EffectClock.longestWait])
    }
}
