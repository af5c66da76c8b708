import Statoscope
import StatoscopeTesting
import Testing

/// Waits on its scope's clock: a delayed event, a debounced effect and a timer, and notes what its
/// clock reads.
@MainActor
final class ClockedPanel: Scope {
    @Injected var clock: EffectClock
    var refreshes = 0
    var ticks = 0
    var stamps: [Duration] = []

    struct Search: Effect, Equatable {
        func runEffect() async throws -> Int { 1 }
    }

    enum When: Sendable {
        case refreshLater
        case refresh
        case search
        case found(Int)
        case startTicking
        case tick
        case stamp
        case useNewClock
    }

    func update(_ when: When) throws {
        switch when {
        case .refreshLater: effectsState.enqueue(.refresh, after: .seconds(1))
        case .refresh: refreshes += 1
        case .search:
            effectsState.enqueue(
                Search().map(When.found), key: "search", ifKeyInFlight: .debounce(.seconds(1)))
        case .found: break
        case .startTicking: effectsState.enqueue(RepeatingTimer(every: .seconds(1)).map { _ in When.tick })
        case .tick: ticks += 1
        case .stamp: stamps.append(clock.now.offset)
        case .useNewClock: inject(EffectClock(ContinuousClock()))
        }
    }
}

/// A panel with two subscopes: `own` injects a clock of its own, `shared` injects none.
@MainActor
final class ClockedDesk: Scope {
    @Subscope var own = ClockedPanel()
    @Subscope var shared = ClockedPanel()
    var refreshes = 0

    enum When: Sendable {
        case refreshLater
        case refresh
    }

    func update(_ when: When) throws {
        switch when {
        case .refreshLater: effectsState.enqueue(.refresh, after: .seconds(1))
        case .refresh: refreshes += 1
        }
    }

    static func withOwnClock() -> ClockedDesk {
        let desk = ClockedDesk()
        desk.own.inject(EffectClock(ContinuousClock()))
        return desk
    }
}

@MainActor
@Suite struct SubtreePlanClockTests {
    @Test func timePassingForOneSubtreeLeavesTheOthersWaiting() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
                .WHEN(.refreshLater)
                .WHEN(\.own, .refreshLater)
                .WHEN(\.shared, .refreshLater)
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.refreshes, equals: 1)
                .THEN(\.shared.refreshes, equals: 1)
                .THEN(\.own.refreshes, equals: 0)
                .WITH(\.own) { own in
                    try own
                        .THEN_Scheduled(DelayedEvent<ClockedPanel.When>.self)
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 1)
                }
                .THEN(\.refreshes, equals: 1)
                .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    @Test func timePassingInsideASubtreeWithoutItsOwnClockMovesThePlansClock() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
                .WHEN(.refreshLater)
                .WITH(\.shared) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.refreshes, equals: 1)
                .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    @Test func aSubtreesUpdatesReadItsOwnPlanTime() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
                .WHEN_TimePasses(.seconds(5))
                .WHEN(\.own, .stamp)
                .WHEN(\.shared, .stamp)
                .WITH(\.own) { try $0.WHEN_TimePasses(.seconds(2)).WHEN(.stamp) }
                .THEN(\.own.stamps, equals: [.zero, .seconds(2)])
                .THEN(\.shared.stamps, equals: [.seconds(5)])
                .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    @Test func aSubtreesDebounceAndTimerWaitOnItsOwnClock() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
                .WHEN(\.own, .search)
                .WHEN(\.own, .startTicking)
                .WHEN_TimePasses(.seconds(3))
                .WITH(\.own) { own in
                    try own
                        .THEN_Scheduled(ClockedPanel.Search.self)
                        .THEN(\.ticks, equals: 0)
                        .WHEN_TimePasses(.seconds(3))
                        .THEN(\.ticks, equals: 3)
                        .WHEN_EffectCompletes(ClockedPanel.Search.self, with: 1)
                }
                .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    @Test func aForkBranchReplaysTheSubtreesTimeAsTheMainLineMovedIt() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
                .WITH(\.own) { try $0.WHEN_TimePasses(.seconds(4)) }
                .WHEN(\.own, .stamp)
                .FORK(.refreshLater) { branch in
                    try branch
                        .THEN(\.own.stamps, equals: [.seconds(4)])
                        .WITH(\.own) { try $0.WHEN_TimePasses(.seconds(1)).WHEN(.stamp) }
                        .THEN(\.own.stamps, equals: [.seconds(4), .seconds(5)])
                }
                .WHEN(\.own, .stamp)
                .THEN(\.own.stamps, equals: [.seconds(4), .seconds(4)])
                .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    @Test func twoSubtreesInjectingOneClockShareItsPlanTime() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN {
                let desk = ClockedDesk()
                let clock = EffectClock(ContinuousClock())
                desk.own.inject(clock)
                desk.shared.inject(clock)
                return desk
            }
            .WHEN(\.shared, .refreshLater)
            .WITH(\.own) { try $0.WHEN_TimePasses(.seconds(1)) }
            .THEN(\.shared.refreshes, equals: 1)
            .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    // WritingTestPlans: what a scope already waits for "waits on the first clock ... which no step
    // moves once no scope reads it (a strict plan reports it as pending at the end); its next waits
    // are on the new clock, whose time starts at zero".
    @Test func whatWaitsOnAReplacedClockStaysPendingAndTheNextWaitIsOnTheNewClock() throws {
        let failures = try capturingFailures {
            try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
                .WITH(\.own) { own in
                    try own
                        .WHEN_TimePasses(.seconds(3))
                        .WHEN(.refreshLater)
                        .WHEN(.useNewClock)
                        .WHEN(.stamp)
                        .THEN(\.stamps, equals: [.zero])
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 0)
                        .WHEN(.refreshLater)
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 1)
                }
                .runTest(assertNoPendingEffects: true)
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("DelayedEvent") == true, "\(failures.map(\.message))")
    }

    @Test func aLiveTreeBesideAPlanKeepsTheClockItInjected() throws {
        let manual = ManualEffectClock()
        let live = ClockedPanel()
        live.inject(EffectClock(manual))
        try ClockedDesk.GIVEN { ClockedDesk.withOwnClock() }
            .WITH(\.own) { try $0.WHEN_TimePasses(.seconds(9)).WHEN(.stamp) }
            .runTest()
        manual.advance(by: .seconds(1))
        live.send(.stamp)
        #expect(live.stamps == [.seconds(1)])
    }
}
