// Attacks on a subtree's own clock in a test plan, where it meets forks, injections, presented and
// moved children, shared values, retries, throttles, timers, delayed events, extreme durations,
// failure messages, live trees on manual clocks and recordings. Written from the documentation alone.
//
// The feature, WritingTestPlans, "Effects": "A subtree that injects an `EffectClock` of its own has a
// virtual time of its own in a plan, as it has a clock of its own live: its updates read it, its
// effects wait on it, and it starts at zero with the line. `WHEN_TimePasses` moves the clock of the
// scope it is aimed at: the root's (the one every scope injecting no clock shares) by default, a
// subtree's inside `WITH`."

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

enum SPCKeys {
    static var level: SharedKey<Int> { .persisted("adv-spc-level", default: 0) }
}

/// Clock values that outlive a plan: a test injects one into several plans, one after the other.
enum SPCClocks {
    static let first = EffectClock(ContinuousClock())
    static let nested = EffectClock(ContinuousClock())
}

struct SPCSearch: Effect, Equatable {
    let query: String
    func runEffect() async throws -> Int { query.count }
}

struct SPCPost: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

struct SPCPull: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

struct SPCBusy: Error, Equatable {}

/// A scope that waits on its clock every way the library offers, and notes what its clock reads.
@MainActor
final class SPCLeaf: Scope {
    @Injected var clock: EffectClock
    @Shared(SPCKeys.level) var level: Int
    var stamps: [Duration] = []
    var refreshes = 0
    var found: [Int] = []
    var pulled = 0
    var ticks = 0
    var retries: [Int] = []
    var posted: Int?
    var fired = 0

    static let policy = RetryPolicy.exponentialBackoff(
        maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(10))

    init(ownClock: Bool = false) {
        if ownClock { inject(EffectClock(ContinuousClock())) }
    }

    enum When: Sendable {
        case stamp
        case refreshLater(Duration)
        case refresh
        case chain(Int)
        case search(String)
        case found(Int)
        case pull
        case pullLatest
        case pulled(Int)
        case startTimer(Duration)
        case tick(Int)
        case post
        case retrying(RetryAttempt)
        case posted(Result<Int, any Error>)
        case fireLater(Duration)
        case fired
        case save(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .stamp: stamps.append(clock.now.offset)
        case .refreshLater(let delay): effectsState.enqueue(.refresh, after: delay, key: "refresh")
        case .refresh: refreshes += 1
        case .chain(let left):
            stamps.append(clock.now.offset)
            if left > 0 { effectsState.enqueue(.chain(left - 1), after: .seconds(1), key: "chain") }
        case .search(let query):
            effectsState.enqueue(
                SPCSearch(query: query).map(When.found), key: "search", ifKeyInFlight: .debounce(.seconds(1)))
        case .found(let count): found.append(count)
        case .pull:
            effectsState.enqueue(
                SPCPull().map(When.pulled), key: "pull", ifKeyInFlight: .throttle(.seconds(5)))
        case .pullLatest:
            effectsState.enqueue(
                SPCPull().map(When.pulled), key: "latest", ifKeyInFlight: .throttleLatest(.seconds(1)))
        case .pulled: pulled += 1
        case .startTimer(let interval):
            effectsState.enqueue(RepeatingTimer(every: interval).map(When.tick), key: "timer")
        case .tick(let number): ticks = number
        case .post:
            effectsState.enqueue(
                SPCPost().mapToResult().map(When.posted), key: "post", retrying: Self.policy,
                onRetry: When.retrying)
        case .retrying(let attempt): retries.append(attempt.number)
        case .posted(.success(let value)): posted = value
        case .posted(.failure): posted = -1
        case .fireLater(let delay): effectsState.enqueue(DelayedEvent(When.fired, after: delay))
        case .fired: fired += 1
        case .save(let value): level = value
        }
    }
}

/// A subtree that may inject a clock of its own: `leaf` injects none, `inner` may inject another one.
@MainActor
final class SPCPanel: Scope {
    @Injected var clock: EffectClock
    @Subscope var leaf = SPCLeaf()
    @Subscope var inner = SPCLeaf()
    @Subscope var slot: SPCLeaf? = nil
    var stamps: [Duration] = []
    var refreshes = 0

    enum When: Sendable {
        case stamp
        case refreshLater(Duration)
        case refresh
    }

    func update(_ when: When) throws {
        switch when {
        case .stamp: stamps.append(clock.now.offset)
        case .refreshLater(let delay): effectsState.enqueue(.refresh, after: delay, key: "refresh")
        case .refresh: refreshes += 1
        }
    }
}

@MainActor
final class SPCRoot: Scope {
    @Injected var clock: EffectClock
    @Subscope var panel = SPCPanel()
    @Subscope var plain = SPCLeaf()
    @Subscope var lazy = SPCLeaf(ownClock: true)
    @Subscope var detail: SPCLeaf? = nil
    @Subscope var rows: [SPCLeaf] = []
    var kept: SPCLeaf?
    var nextClock: @MainActor () -> EffectClock = { EffectClock(ContinuousClock()) }
    var stamps: [Duration] = []
    var refreshes = 0

    enum When: Sendable {
        case stamp
        case refreshLater(Duration)
        case refresh
        case openDetail(ownClock: Bool)
        case closeDetail
        case reopenDetail
        case makeRows(Int)
        case givePanelANewClock
        case givePlainAClock
        case fillPanelSlot
        case moveSlotToDetail
    }

    func update(_ when: When) throws {
        switch when {
        case .stamp: stamps.append(clock.now.offset)
        case .refreshLater(let delay): effectsState.enqueue(.refresh, after: delay, key: "refresh")
        case .refresh: refreshes += 1
        case .openDetail(let ownClock):
            let opened = SPCLeaf()
            if ownClock { opened.inject(EffectClock(ContinuousClock())) }
            kept = opened
            detail = opened
        case .closeDetail: detail = nil
        case .reopenDetail: detail = kept
        case .makeRows(let count): rows = (0..<count).map { _ in SPCLeaf(ownClock: true) }
        case .givePanelANewClock: panel.inject(nextClock())
        case .givePlainAClock: plain.inject(nextClock())
        case .fillPanelSlot: panel.slot = SPCLeaf()
        case .moveSlotToDetail:
            let moved = panel.slot
            panel.slot = nil
            detail = moved
        }
    }

    /// A root whose panel injects a clock of its own.
    static func withPanelClock() -> SPCRoot {
        let root = SPCRoot()
        root.panel.inject(EffectClock(ContinuousClock()))
        return root
    }

    /// A live root waiting on `rootClock`, its panel on `panelClock`, its shared values in `storage`:
    /// what the differential attacks run before their plan.
    static func live(
        on rootClock: ManualEffectClock = ManualEffectClock(), panelOn panelClock: ManualEffectClock,
        storage: InMemoryStorage = InMemoryStorage()
    ) -> SPCRoot {
        let root = SPCRoot()
        root.inject(SharedStore(storage: storage))
        root.inject(EffectClock(rootClock))
        root.panel.inject(EffectClock(panelClock))
        return root
    }
}

/// Notes its clock's time when it is made, in its initializer, after injecting a clock of its own if
/// asked.
@MainActor
final class SPCBorn: Scope {
    @Injected var clock: EffectClock
    var bornAt: Duration = .seconds(-1)

    init(ownClock: Bool) {
        if ownClock { inject(EffectClock(ContinuousClock())) }
        bornAt = clock.now.offset
    }

    enum When: Sendable { case noop }

    func update(_ when: When) throws {}
}

@MainActor
final class SPCNursery: Scope {
    @Subscope var shared = SPCBorn(ownClock: false)
    @Subscope var own = SPCBorn(ownClock: true)
    var bornAt: Duration = .seconds(-1)
    @Injected var clock: EffectClock

    init() { bornAt = clock.now.offset }

    enum When: Sendable { case noop }

    func update(_ when: When) throws {}
}

/// A tree whose events can be recorded.
@MainActor
final class SPCRecPanel: Scope {
    @Injected var clock: EffectClock
    var stamps: [Duration] = []

    enum When: Codable, Sendable { case stamp }

    func update(_ when: When) throws { stamps.append(clock.now.offset) }
}

@MainActor
final class SPCRecRoot: Scope {
    @Injected var clock: EffectClock
    @Subscope var panel = SPCRecPanel()
    var stamps: [Duration] = []

    enum When: Codable, Sendable { case stamp }

    func update(_ when: When) throws { stamps.append(clock.now.offset) }
}

/// The messages of the failures plans report while `body` runs, instead of failing the test.
func spcFailures(_ body: () throws -> Void) throws -> [String] {
    let lock = NSLock()
    nonisolated(unsafe) var messages: [String] = []
    try PlanIssueReporter.$capture.withValue(
        .init { failure in lock.withLock { messages.append(failure.message) } }
    ) {
        try body()
    }
    return lock.withLock { messages }
}

/// Gives a live tree's effects a thousand turns of 10 ms (ten seconds at least) to make `condition`
/// hold, and says whether it did; unlike `waitUntil`, it fails nothing, to observe what a live run
/// does. A live delivery after a manual clock moves takes milliseconds; the bound leaves room for a
/// busy machine, and is what a check that nothing arrives costs.
@MainActor
func spcSettles(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

@MainActor
@Suite struct SubtreePlanClockAttacks {
    // MARK: Nesting

    // "A subtree that injects an `EffectClock` of its own has a virtual time of its own ... its
    // effects wait on it"; InjectingDependencies: "the nearest injected value wins". A grandchild that
    // injects nothing waits on its parent's own clock, not on the root's.
    @Test func aGrandchildWaitsOnItsParentsOwnClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .refreshLater(.seconds(1)))
                .WHEN(\.panel.leaf, .search("a"))
                .WHEN_TimePasses(.seconds(5))
                .THEN(\.panel.leaf.refreshes, equals: 0)
                .WITH(\.panel.leaf) { try $0.THEN_Scheduled(SPCSearch.self).WHEN(.stamp) }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.panel.leaf.refreshes, equals: 1)
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN_EffectCompletes(SPCSearch.self, with: 1)
                        .WHEN(.stamp)
                        .THEN(\.found, equals: [1])
                }
                .THEN(\.panel.leaf.stamps, equals: [.zero, .seconds(1)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "`WHEN_TimePasses` moves the clock of the scope it is aimed at": aimed at a grandchild that
    // injects no clock, it moves the clock the grandchild waits on, its parent's, and not the root's.
    @Test func timeAimedAtAGrandchildMovesTheClockItInheritsFromItsParent() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(.refreshLater(.seconds(1)))
                .WHEN(\.panel, .refreshLater(.seconds(1)))
                .WITH(\.panel.leaf) { try $0.WHEN_TimePasses(.seconds(1)).WHEN(.stamp) }
                .THEN(\.panel.refreshes, equals: 1)
                .THEN(\.refreshes, equals: 0)
                .WHEN(\.panel, .stamp)
                .WHEN(.stamp)
                .THEN(\.panel.leaf.stamps, equals: [.seconds(1)])
                .THEN(\.panel.stamps, equals: [.seconds(1)])
                .THEN(\.stamps, equals: [.zero])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // WritingTestPlans, "Subscopes": "`WITH` calls nest: each `POP()` goes back one level". The
    // body-less spelling aims time at the same clock as the closure spelling.
    @Test func aBodilessNestedWithMovesTheSubtreesClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(.refreshLater(.seconds(1)))
                .WHEN(\.panel, .refreshLater(.seconds(1)))
                .WITH(\.panel)
                .WITH(\.leaf)
                .WHEN_TimePasses(.seconds(1))
                .POP()
                .THEN(\.refreshes, equals: 1)
                .POP()
                .THEN(\.refreshes, equals: 0)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // A subtree inside a subtree injecting a clock of its own: three times, each moved only by the
    // steps aimed at it; a scope injecting nothing reads its nearest clock.
    @Test func nestedSubtreesEachKeepTheirOwnTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot.withPanelClock()
                root.panel.inner.inject(EffectClock(ContinuousClock()))
                return root
            }
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(2)) }
            .WITH(\.panel.inner) { try $0.WHEN_TimePasses(.seconds(3)) }
            .WHEN_TimePasses(.seconds(7))
            .WHEN(.stamp)
            .WHEN(\.panel, .stamp)
            .WHEN(\.panel.leaf, .stamp)
            .WHEN(\.panel.inner, .stamp)
            .WHEN(\.plain, .stamp)
            .THEN(\.stamps, equals: [.seconds(7)])
            .THEN(\.panel.stamps, equals: [.seconds(2)])
            .THEN(\.panel.leaf.stamps, equals: [.seconds(2)])
            .THEN(\.panel.inner.stamps, equals: [.seconds(3)])
            .THEN(\.plain.stamps, equals: [.seconds(7)])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "the root's (the one every scope injecting no clock shares)"; SubtreePlanClockTests shows two
    // subtrees injecting one value share its time. A subtree injecting the very value the root
    // injects has no time of its own: each side's time passing moves the other's.
    @Test func aSubtreeInjectingTheRootsClockValueSharesItsTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                let clock = EffectClock(ContinuousClock())
                root.inject(clock)
                root.panel.inject(clock)
                return root
            }
            .WHEN(\.panel, .refreshLater(.seconds(1)))
            .WHEN_TimePasses(.seconds(1))
            .THEN(\.panel.refreshes, equals: 1)
            .WHEN(.refreshLater(.seconds(1)))
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
            .THEN(\.refreshes, equals: 1)
            .WHEN(.stamp)
            .WHEN(\.panel, .stamp)
            .THEN(\.stamps, equals: [.seconds(2)])
            .THEN(\.panel.stamps, equals: [.seconds(2)])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // InjectingDependencies: `inject(_:as:)` "injects a value as the type that readers name". A clock
    // injected that way is a clock of the subtree's own like any other.
    @Test func aClockInjectedAsItsTypeIsASubtreeClockToo() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                root.panel.inject(EffectClock(ContinuousClock()), as: EffectClock.self)
                return root
            }
            .WHEN(\.panel, .refreshLater(.seconds(1)))
            .WHEN_TimePasses(.seconds(1))
            .THEN(\.panel.refreshes, equals: 0)
            .WITH(\.panel) {
                try $0.WHEN_TimePasses(.seconds(1)).WHEN(.stamp).THEN(\.stamps, equals: [.seconds(1)])
            }
            .THEN(\.panel.refreshes, equals: 1)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // SubtreePlanClockTests shows two subtrees injecting one clock value share its plan time. A value
    // the builder injected into one subtree, injected later into another by an update, brings the
    // time it already has: the second subtree reads it and moves with it.
    @Test func aClockValueInjectedLaterByAnUpdateBringsTheTimeItAlreadyHas() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                let clock = EffectClock(ContinuousClock())
                root.panel.inject(clock)
                root.nextClock = { clock }
                return root
            }
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)) }
            .WHEN(.givePlainAClock)
            .WHEN(\.plain, .stamp)
            .WHEN(\.plain, .refreshLater(.seconds(1)))
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
            .THEN(\.plain.stamps, equals: [.seconds(3)])
            .THEN(\.plain.refreshes, equals: 1)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // WritingTestPlans: "An initializer that reads a dependency while `GIVEN` builds the tree reads it
    // too"; "A plan runs on virtual time: its clock is at zero when each line starts". What the
    // builder's initializers read of the clock, the plan's or a subtree's own, is zero, not the wall
    // clock's time since the clock value was made.
    @Test func initializersRunByTheBuilderReadZeroOnEveryClock() throws {
        let failures = try spcFailures {
            try SPCNursery.GIVEN { SPCNursery() }
                .THEN(\.bornAt, equals: .zero)
                .THEN(\.shared.bornAt, equals: .zero)
                .THEN(\.own.bornAt, equals: .zero)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // MARK: Injection through the plan and in forks

    // "`TestPlan/injecting(_:)` overrides a dependency for the whole tree under test ... It is injected
    // into the scope `GIVEN` built"; "An update in a test plan reads the plan's clock". A clock given
    // through `.injecting` is the root's clock: virtual, moved at the root. The panel's own clock,
    // injected lower by the builder, stays the nearest one for its subtree.
    @Test func aClockGivenThroughInjectingIsVirtualAndLeavesTheBuildersSubtreeClockAlone() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .injecting(EffectClock(ContinuousClock()))
                .WHEN(.refreshLater(.seconds(1)))
                .WHEN_TimePasses(.seconds(5))
                .WHEN(.stamp)
                .WHEN(\.plain, .stamp)
                .WHEN(\.panel, .stamp)
                .THEN(\.refreshes, equals: 1)
                .THEN(\.stamps, equals: [.seconds(5)])
                .THEN(\.plain.stamps, equals: [.seconds(5)])
                .THEN(\.panel.stamps, equals: [.zero])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // WritingTestPlans, "Dependencies": "Called on the plan a `FORK` body receives, it overrides the
    // dependency for that branch only, from that point of the branch on, and for the branches forked
    // from it"; "A plan runs on virtual time ... nothing in a plan waits on the wall clock". A clock
    // injected inside a branch is virtual there (its reading is a time the plan's steps made, never
    // the wall clock's), waits for the branch's time passing, and never reaches the main line.
    @Test func aClockInjectedInsideAForkIsVirtualAndThatBranchsOnly() throws {
        let branchStamps = MainBox<[Duration]>()
        let nestedStamps = MainBox<[Duration]>()
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN_TimePasses(.seconds(2))
                .FORK(.stamp) { branch in
                    try branch
                        .injecting(EffectClock(ContinuousClock()))
                        .WHEN(.refreshLater(.seconds(1)))
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 1)
                        .WHEN(.stamp)
                        .THEN(\.stamps) { branchStamps.append($0) }
                        .WHEN(\.panel, .stamp)
                        .THEN(\.panel.stamps, equals: [.zero])
                        .FORK(.stamp) { nested in
                            try nested.THEN(\.stamps) { nestedStamps.append($0) }
                        }
                }
                .WHEN_TimePasses(.seconds(1))
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.seconds(3)])
                .FORK(.stamp) { other in try other.THEN(\.stamps, equals: [.seconds(3), .seconds(3)]) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
        let stamps = try #require(branchStamps.items.first)
        #expect(stamps.first == .seconds(2), "the fork's own event reads the plan's time: \(stamps)")
        let afterInjecting = try #require(stamps.last)
        #expect(
            [.seconds(1), .seconds(3)].contains(afterInjecting),
            "the branch's clock reads \(afterInjecting): neither its own virtual time nor the plan's")
        #expect(nestedStamps.items.first == stamps + [afterInjecting], "\(nestedStamps.items)")
    }

    // "`WHEN_TimePasses` moves the clock of the scope it is aimed at". A root event waiting on the
    // plan's clock when a branch injects another clock at the root: live, an event waits on the clock
    // it was enqueued on, so the new clock's time does not send it (as
    // `aSubtreeClockReplacedWhileAnEventWaitsAgreesWithALiveRun` shows for a subtree). The branch
    // agrees, and the main line, which injected nothing, sends it.
    @Test func aRootEventWaitingWhenAForkInjectsAClockStaysOnTheClockItWaitsOn() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN(.refreshLater(.seconds(1)))
                .FORK(.stamp) { branch in
                    try branch
                        .injecting(EffectClock(ContinuousClock()))
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 0)
                        .THEN_EffectStatus(DelayedEvent<SPCRoot.When>.self, is: .scheduled)
                }
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.refreshes, equals: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "it starts at zero with the line"; WritingTestPlans, "Branches": the branch is "brought to the
    // fork point by replaying the events and completions before it". Time passing interleaved at the
    // root and in the subtree is replayed to the same instants in a branch.
    @Test func aForkBranchReplaysInterleavedRootAndSubtreeTimeToTheSameInstants() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .WHEN(\.panel, .stamp)
                .WHEN_TimePasses(.seconds(3))
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(2)) }
                .WHEN(\.panel, .stamp)
                .WHEN(.stamp)
                .FORK(.stamp) { branch in
                    try branch
                        .THEN(\.stamps, equals: [.seconds(3), .seconds(3)])
                        .THEN(\.panel.stamps, equals: [.seconds(1), .seconds(3)])
                        .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(10)).WHEN(.stamp) }
                        .THEN(\.panel.stamps, equals: [.seconds(1), .seconds(3), .seconds(13)])
                }
                .WHEN(\.panel, .stamp)
                .THEN(\.panel.stamps, equals: [.seconds(1), .seconds(3), .seconds(3)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // WritingTestPlans, "Subscopes": `FORK_EffectCompletes`/`FORK_EffectFails` take the subscope's key
    // path, and the branch is "brought to the fork point by replaying the events and completions before
    // it". A debounce that the subtree's time let start is started in the branch too; a retry failed
    // in a branch waits on the subtree's time there.
    @Test func forksCompletingASubtreesEffectsReplayItsTimeAndWaitOnIt() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .search("a"))
                .WHEN(\.panel.leaf, .post)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .FORK_EffectCompletes(\.panel.leaf, SPCSearch.self, with: 5) { branch in
                    try branch.THEN(\.panel.leaf.found, equals: [5])
                }
                .FORK_EffectFails(\.panel.leaf, SPCPost.self, with: SPCBusy()) { branch in
                    try branch
                        .THEN(\.panel.leaf.retries, equals: [2])
                        .WHEN_TimePasses(.seconds(5))
                        .WITH(\.panel.leaf) { try $0.THEN_EffectStatus(SPCPost.self, is: .scheduled) }
                        .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                        .WITH(\.panel.leaf) { try $0.THEN_EffectStatus(SPCPost.self, is: .pending) }
                }
                .WITH(\.panel.leaf) {
                    try $0.WHEN_EffectCompletes(SPCSearch.self, with: 1).THEN(\.found, equals: [1])
                }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // A branch replays what the subtree's time did before the fork: the ticks of its timer and the save
    // its write window made, then goes on from there on the subtree's time (WritingTestPlans, "Shared
    // values": "each `FORK` branch, reads its shared values from a store of its own").
    @Test func aBranchReplaysASubtreesTicksAndWriteWindowThenGoesOnFromThere() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .startTimer(.seconds(1)))
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)) }
                .WITH(\.panel.leaf) { try $0.WHEN(.save(1)).WHEN(.save(2)) }
                .FORK(.stamp) { branch in
                    try branch
                        .THEN(\.panel.leaf.ticks, equals: 3)
                        .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                        .WHEN_TimePasses(.seconds(1))
                        .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                        .THEN(\.panel.leaf.ticks, equals: 3)
                        .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(2)) }
                        .THEN(\.panel.leaf.ticks, equals: 5)
                        .THEN_Saved(SPCKeys.level, equals: 2, writes: 2)
                }
                .THEN(\.panel.leaf.ticks, equals: 3)
                .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "Every verb inside `WITH` addresses the subscope"; "Branches nest". A FORK written inside a
    // WITH body starts from the subtree's time at that point and keeps its own from then on.
    @Test func aForkInsideAWithStartsFromTheSubtreesTimeAndKeepsItsOwn() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel) { panel in
                    try panel
                        .WHEN_TimePasses(.seconds(2))
                        .WHEN(.stamp)
                        .FORK(.stamp) { branch in
                            try branch
                                .WHEN_TimePasses(.seconds(1))
                                .WHEN(.stamp)
                                .THEN(\.stamps, equals: [.seconds(2), .seconds(2), .seconds(3)])
                        }
                        .WHEN_TimePasses(.seconds(5))
                        .WHEN(.stamp)
                        .THEN(\.stamps, equals: [.seconds(2), .seconds(7)])
                }
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.zero])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // MARK: Lines and plans share no time

    // CHANGELOG: "A line's clocks belong to its tree: no process-wide plan clock remains"; "it starts
    // at zero with the line". One clock value, injected by two plans in a row, starts each at zero.
    @Test func twoPlansInARowInjectingOneClockValueEachStartItAtZero() throws {
        for clock in [SPCClocks.first, EffectClock.defaultValue] {
            let first = try spcFailures {
                try SPCRoot.GIVEN {
                    let root = SPCRoot()
                    root.panel.inject(clock)
                    return root
                }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(10)).WHEN(.stamp) }
                .THEN(\.panel.stamps, equals: [.seconds(10)])
                .runTest()
            }
            let second = try spcFailures {
                try SPCRoot.GIVEN {
                    let root = SPCRoot()
                    root.panel.inject(clock)
                    return root
                }
                .WHEN(\.panel, .stamp)
                .THEN(\.panel.stamps, equals: [.zero])
                .runTest()
            }
            #expect(first.isEmpty, "\(first)")
            #expect(second.isEmpty, "\(second)")
        }
        let third = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                root.panel.inject(SPCClocks.first)
                return root
            }
            .WHEN(\.panel, .refreshLater(.seconds(1)))
            .WHEN_TimePasses(.seconds(1))
            .THEN(\.panel.refreshes, equals: 0)
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
            .THEN(\.panel.refreshes, equals: 1)
            .runTest()
        }
        #expect(third.isEmpty, "\(third)")
    }

    // The same promise where two lines are alive at once: a plan run inside another plan's check,
    // injecting the same clock value into its own tree, moves its own time only.
    @Test func aPlanRunInsideAnotherPlansCheckDoesNotMoveItsSubtreesTime() throws {
        var innerFailures: [String] = []
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                root.panel.inject(SPCClocks.nested)
                return root
            }
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)).WHEN(.refreshLater(.seconds(1))) }
            .THEN(\.stamps) { _ in
                innerFailures = try spcFailures {
                    try SPCRoot.GIVEN {
                        let root = SPCRoot()
                        root.panel.inject(SPCClocks.nested)
                        return root
                    }
                    .WITH(\.panel) { try $0.WHEN(.stamp).WHEN_TimePasses(.seconds(100)).WHEN(.stamp) }
                    .THEN(\.panel.stamps, equals: [.zero, .seconds(100)])
                    .runTest()
                }
            }
            .THEN(\.panel.refreshes, equals: 0)
            .WHEN(\.panel, .stamp)
            .THEN(\.panel.stamps, equals: [.seconds(3)])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(innerFailures.isEmpty, "\(innerFailures)")
    }

    // MARK: Children presented, dismissed, replaced and moved during the plan

    // "its updates read it, its effects wait on it, and it starts at zero with the line"; "The key
    // path is followed again at every step". A child presented mid-plan whose clock its parent's
    // update injects has a time of its own, untouched by the time that passed before it existed.
    @Test func aDetailPresentedMidPlanWithItsOwnClockStartsAtZeroAndWaitsOnIt() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN_TimePasses(.seconds(5))
                .WHEN(.openDetail(ownClock: true))
                .WITH(\.detail) { try $0.WHEN(.stamp).WHEN(.refreshLater(.seconds(1))) }
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.detail?.refreshes, equals: 0)
                .WITH(\.detail) { detail in
                    try detail
                        .THEN_Scheduled(DelayedEvent<SPCLeaf.When>.self)
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 1)
                        .WHEN(.stamp)
                }
                .THEN(\.detail?.stamps, equals: [.zero, .seconds(1)])
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.seconds(6)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "the root's (the one every scope injecting no clock shares)": a child presented mid-plan that
    // injects nothing reads the root's time, and waits on it.
    @Test func aDetailPresentedMidPlanWithoutAClockSharesTheRootsTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN_TimePasses(.seconds(5))
                .WHEN(.openDetail(ownClock: false))
                .WITH(\.detail) { try $0.WHEN(.stamp).WHEN(.refreshLater(.seconds(1))) }
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.detail?.refreshes, equals: 1)
                .THEN(\.detail?.stamps, equals: [.seconds(5)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // ScopeTrees: "A child given as a property's initial value is linked the first time the property is
    // read". A child that injected its clock in its own initializer, before any link, first reached
    // after the root's time passed, has a time of its own from zero.
    @Test func aChildThatInjectedItsClockBeforeBeingLinkedHasItsOwnTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN_TimePasses(.seconds(4))
                .WITH(\.lazy) { try $0.WHEN(.stamp).WHEN(.refreshLater(.seconds(1))) }
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.lazy.refreshes, equals: 0)
                .WITH(\.lazy) { try $0.WHEN_TimePasses(.seconds(1)).THEN(\.refreshes, equals: 1) }
                .THEN(\.lazy.stamps, equals: [.zero])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // ScopeTrees: "Assigning the same object again brings it back to life"; a dismissal cancels the
    // subtree's work. A detail dismissed and presented again keeps its clock, whose time is its own:
    // what passed for it before stays, what passed for the root meanwhile does not count, and the
    // event its dismissal cancelled never comes back.
    @Test func aDetailDismissedAndPresentedAgainKeepsItsOwnTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN(.openDetail(ownClock: true))
                .WITH(\.detail) { try $0.WHEN_TimePasses(.seconds(2)).WHEN(.refreshLater(.seconds(1))) }
                .WHEN(.closeDetail)
                .WITH(\.detail) { try $0.THEN_Cancelled(DelayedEvent<SPCLeaf.When>.self) }
                .WHEN_TimePasses(.seconds(10))
                .WHEN(.reopenDetail)
                .WITH(\.detail) { detail in
                    try detail
                        .WHEN(.stamp)
                        .THEN(\.stamps, equals: [.seconds(2)])
                        .WHEN_TimePasses(.seconds(1))
                        .THEN(\.refreshes, equals: 0)
                }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // WritingTestPlans, "Subscopes": "a nil optional fails the steps that address it". Time aimed at a
    // dismissed child fails; it never falls back to moving the root's clock.
    @Test func timeAimedAtANilChildFailsAndMovesNoClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN(.refreshLater(.seconds(1)))
                .WITH(\.detail) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.refreshes, equals: 0)
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.zero])
                .runTest()
        }
        #expect(failures.count >= 1, "time aimed at a nil child passed")
        #expect(!failures.contains { $0.contains("refreshes") || $0.contains("stamps") }, "\(failures)")
    }

    // Rows of a list each injecting a clock: `WITH(\.rows[1])` moves that row's time only.
    @Test func rowsEachWithAClockOfTheirOwnMoveOneAtATime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN(.makeRows(3))
                .WHEN(\.rows[0], .refreshLater(.seconds(1)))
                .WHEN(\.rows[1], .refreshLater(.seconds(1)))
                .WHEN(\.rows[2], .refreshLater(.seconds(1)))
                .WHEN_TimePasses(.seconds(1))
                .WITH(\.rows[1]) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.rows[0].refreshes, equals: 0)
                .THEN(\.rows[1].refreshes, equals: 1)
                .THEN(\.rows[2].refreshes, equals: 0)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "A subtree that injects an `EffectClock` of its own has a virtual time of its own". A child that
    // injected nothing, given a clock by an update, stops moving with the root: from then on its waits
    // are on its own clock.
    @Test func aChildGivenAClockMidPlanNoLongerMovesWithTheRoot() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WHEN_TimePasses(.seconds(2))
                .WHEN(.givePlainAClock)
                .WHEN(\.plain, .refreshLater(.seconds(1)))
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.plain.refreshes, equals: 0)
                .WITH(\.plain) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.plain.refreshes, equals: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "its updates read it ... it starts at zero with the line", "as it has a clock of its own live"
    // (live, a new `EffectClock` reads the time since it was made). A subtree whose clock an update
    // replaces reads the new clock's time: none of the old one's, none of the root's.
    @Test func aSubtreeClockReplacedMidPlanReadsTheNewClocksOwnTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)).WHEN(.stamp) }
                .WHEN(.givePanelANewClock)
                .WHEN_TimePasses(.seconds(2))
                .WHEN(\.panel, .stamp)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)).WHEN(.stamp) }
                .THEN(\.panel.stamps, equals: [.seconds(3), .zero, .seconds(1)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // LongLivedEffects, "Long waits and clocks injected later": "When a scope above injects another
    // `EffectClock` (even another continuous clock), the next throttled effect starts, and its interval
    // runs on the new clock." In a plan, with the subtree's clock replaced by an update.
    @Test func aNewSubtreeClockInjectedMidPlanStartsANewThrottleInterval() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .pending)
                        .WHEN_EffectCompletes(SPCPull.self, with: 1)
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .neverStarted)
                }
                .WHEN(.givePanelANewClock)
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .pending)
                        .WHEN_EffectCompletes(SPCPull.self, with: 1)
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .neverStarted)
                        .WHEN_TimePasses(.seconds(5))
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .pending)
                }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // The same sentence where the scope whose clock is replaced is on the root's time: a scope that
    // injected nothing, given a clock of its own by an update, starts a new interval on it.
    @Test func aClockGivenToAScopeOnTheRootsTimeStartsANewThrottleInterval() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot() }
                .WITH(\.plain) { leaf in
                    try leaf
                        .WHEN(.pull)
                        .WHEN_EffectCompletes(SPCPull.self, with: 1)
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .neverStarted)
                }
                .WHEN(.givePlainAClock)
                .WITH(\.plain) { try $0.WHEN(.pull).THEN_EffectStatus(SPCPull.self, is: .pending) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // The live run the plan above should agree with ("What a plan shows after each step is what a live
    // run of the same events shows"): on manual clocks, a subtree's clock replaced by an update starts
    // a new throttle interval for the scopes below it.
    @Test func liveANewSubtreeClockStartsANewThrottleInterval() async throws {
        let panelClock = ManualEffectClock()
        let live = SPCRoot.live(panelOn: panelClock)
        live.nextClock = { EffectClock(ManualEffectClock()) }
        live.panel.leaf.send(.pull)
        #expect(await waitUntil("the first pull is delivered") { live.panel.leaf.pulled == 1 })
        live.panel.leaf.send(.pull)
        #expect(await spcSettles { live.panel.leaf.pulled > 1 } == false, "the throttle let a second pull by")
        live.send(.givePanelANewClock)
        live.panel.leaf.send(.pull)
        #expect(await waitUntil("the pull on the new clock is delivered") { live.panel.leaf.pulled == 2 })
    }

    // WritingTestPlans: "What a plan shows after each step is what a live run of the same events
    // shows"; ScopeTrees: "Moving is not dismissal ... keeps its effects running; its `@Injected` ...
    // properties resolve through its new place". A child moved out of a subtree with its own clock
    // while its delayed event waits: the plan must send it when the live run, on two manual clocks,
    // does.
    @Test func aChildMovedOutOfASubtreeAgreesWithALiveRunOnWhichClockSendsItsEvent() async throws {
        let rootClock = ManualEffectClock()
        let panelClock = ManualEffectClock()
        let live = SPCRoot.live(on: rootClock, panelOn: panelClock)
        live.send(.fillPanelSlot)
        let slot = try #require(live.panel.slot)
        slot.send(.refreshLater(.seconds(1)))
        #expect(
            await waitUntil("the event waits on a clock") {
                rootClock.sleeperCount + panelClock.sleeperCount == 1
            })
        let waitedOnPanel = panelClock.sleeperCount == 1
        live.send(.moveSlotToDetail)
        #expect(live.detail === slot)
        rootClock.advance(by: .seconds(1))
        let afterRootTime = await spcSettles { slot.refreshes > 0 } ? slot.refreshes : 0
        panelClock.advance(by: .seconds(1))
        let afterPanelTime =
            await spcSettles { slot.refreshes > afterRootTime } ? slot.refreshes : afterRootTime
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(.fillPanelSlot)
                .WITH(\.panel.slot) { try $0.WHEN(.refreshLater(.seconds(1))) }
                .WHEN(.moveSlotToDetail)
                .WHEN_TimePasses(.seconds(1))
                .THEN(\.detail?.refreshes, equals: afterRootTime)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.detail?.refreshes, equals: afterPanelTime)
                .runTest()
        }
        #expect(
            failures.isEmpty,
            """
            live: waited on the panel's clock \(waitedOnPanel), \(afterRootTime) after the root's time, \
            \(afterPanelTime) after the panel's; plan: \(failures)
            """)
    }

    // The same promise for a timer a child started before it was moved out of the subtree:
    // `RepeatingTimer` ticks "on the clock the enqueuing scope sees", in the plan as in the live run.
    @Test func aTimerMovedOutOfASubtreeAgreesWithALiveRunOnWhichClockTicksIt() async throws {
        let rootClock = ManualEffectClock()
        let panelClock = ManualEffectClock()
        let live = SPCRoot.live(on: rootClock, panelOn: panelClock)
        live.send(.fillPanelSlot)
        let slot = try #require(live.panel.slot)
        slot.send(.startTimer(.seconds(1)))
        #expect(
            await waitUntil("the timer waits on a clock") {
                rootClock.sleeperCount + panelClock.sleeperCount == 1
            })
        let waitedOnPanel = panelClock.sleeperCount == 1
        live.send(.moveSlotToDetail)
        rootClock.advance(by: .seconds(3))
        _ = await spcSettles { slot.ticks >= 3 }
        let afterRootTime = slot.ticks
        panelClock.advance(by: .seconds(3))
        _ = await spcSettles { slot.ticks >= afterRootTime + 3 }
        let afterPanelTime = slot.ticks
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(.fillPanelSlot)
                .WITH(\.panel.slot) { try $0.WHEN(.startTimer(.seconds(1))) }
                .WHEN(.moveSlotToDetail)
                .WHEN_TimePasses(.seconds(3))
                .THEN(\.detail?.ticks, equals: afterRootTime)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)) }
                .THEN(\.detail?.ticks, equals: afterPanelTime)
                .runTest()
        }
        #expect(
            failures.isEmpty,
            """
            live: waited on the panel's clock \(waitedOnPanel), \(afterRootTime) ticks after the root's time, \
            \(afterPanelTime) after the panel's; plan: \(failures)
            """)
    }

    // The same promise for a debounced effect waiting out its quiet period when its scope is moved out
    // of the subtree.
    @Test func aDebounceMovedOutOfASubtreeAgreesWithALiveRunOnWhichClockStartsIt() async throws {
        let rootClock = ManualEffectClock()
        let panelClock = ManualEffectClock()
        let live = SPCRoot.live(on: rootClock, panelOn: panelClock)
        live.send(.fillPanelSlot)
        let slot = try #require(live.panel.slot)
        slot.send(.search("a"))
        #expect(
            await waitUntil("the search waits on a clock") {
                rootClock.sleeperCount + panelClock.sleeperCount == 1
            })
        live.send(.moveSlotToDetail)
        rootClock.advance(by: .seconds(1))
        let startedAfterRootTime = await spcSettles { !slot.found.isEmpty }
        panelClock.advance(by: .seconds(1))
        let startedAfterPanelTime = await spcSettles { !slot.found.isEmpty }
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(.fillPanelSlot)
                .WITH(\.panel.slot) { try $0.WHEN(.search("a")) }
                .WHEN(.moveSlotToDetail)
                .WHEN_TimePasses(.seconds(1))
                .WITH(\.detail) {
                    try $0.THEN_EffectStatus(SPCSearch.self, is: startedAfterRootTime ? .pending : .scheduled)
                }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .WITH(\.detail) {
                    try $0.THEN_EffectStatus(
                        SPCSearch.self, is: startedAfterPanelTime ? .pending : .scheduled)
                }
                .runTest()
        }
        #expect(
            failures.isEmpty,
            """
            live: started after the root's time \(startedAfterRootTime), after the panel's \
            \(startedAfterPanelTime); plan: \(failures)
            """)
    }

    // The same promise for a throttle: a child that started a throttled effect in the subtree, moved
    // out of it, enqueues again at once. Live, its next start is measured on the clock it sees now.
    @Test func aThrottleMovedOutOfASubtreeAgreesWithALiveRun() async throws {
        let live = SPCRoot.live(panelOn: ManualEffectClock())
        live.send(.fillPanelSlot)
        let slot = try #require(live.panel.slot)
        slot.send(.pull)
        #expect(await waitUntil("the first pull is delivered") { slot.pulled == 1 })
        live.send(.moveSlotToDetail)
        slot.send(.pull)
        let startedAgain = await spcSettles { slot.pulled == 2 }
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(.fillPanelSlot)
                .WITH(\.panel.slot) { try $0.WHEN(.pull).WHEN_EffectCompletes(SPCPull.self, with: 1) }
                .WHEN(.moveSlotToDetail)
                .WITH(\.detail) {
                    try $0.WHEN(.pull).THEN_EffectStatus(
                        SPCPull.self, is: startedAgain ? .pending : .neverStarted)
                }
                .runTest()
        }
        #expect(failures.isEmpty, "live: started again \(startedAgain); plan: \(failures)")
    }

    // SharingAndPersistingState: the changes within the write delay are saved together "on the
    // `EffectClock` the changing scope resolves"; "A plan's store saves on the plan's virtual time as a
    // live store saves on its clock". When a scope on one clock opens the window and a scope on another
    // changes the value within it, the plan saves when the live run, on two manual clocks, does.
    @Test func aWriteWindowSpanningTwoClocksAgreesWithALiveRun() async throws {
        for subtreeFirst in [true, false] {
            for subtreeTimeFirst in [false, true] {
                try await checkAWriteWindowSpanningTwoClocks(
                    subtreeChangesFirst: subtreeFirst, subtreeTimePassesFirst: subtreeTimeFirst)
            }
        }
    }

    private func checkAWriteWindowSpanningTwoClocks(
        subtreeChangesFirst: Bool, subtreeTimePassesFirst: Bool
    ) async throws {
        let storage = InMemoryStorage()
        let rootClock = ManualEffectClock()
        let panelClock = ManualEffectClock()
        let live = SPCRoot.live(on: rootClock, panelOn: panelClock, storage: storage)
        let name = SPCKeys.level.name
        let (opener, follower) =
            subtreeChangesFirst ? (live.panel.leaf, live.plain) : (live.plain, live.panel.leaf)
        opener.send(.save(1))
        #expect(await waitUntil("the first change is saved") { storage.writeCount(of: name) == 1 })
        follower.send(.save(2))
        _ = await spcSettles { rootClock.sleeperCount + panelClock.sleeperCount > 0 }
        let waiters = "root \(rootClock.sleeperCount), panel \(panelClock.sleeperCount)"
        let clocks = subtreeTimePassesFirst ? [panelClock, rootClock] : [rootClock, panelClock]
        var writes: [Int] = []
        for clock in clocks {
            clock.advance(by: .milliseconds(250))
            _ = await spcSettles { storage.writeCount(of: name) == 2 }
            writes.append(storage.writeCount(of: name))
        }
        let openerPath: KeyPath<SPCRoot, SPCLeaf> = subtreeChangesFirst ? \.panel.leaf : \.plain
        let followerPath: KeyPath<SPCRoot, SPCLeaf> = subtreeChangesFirst ? \.plain : \.panel.leaf
        let failures = try spcFailures {
            var plan = try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(openerPath, .save(1))
                .WHEN(followerPath, .save(2))
            for (index, count) in writes.enumerated() {
                let movesSubtree = (index == 0) == subtreeTimePassesFirst
                plan =
                    movesSubtree
                    ? try plan.WITH(\.panel) { try $0.WHEN_TimePasses(.milliseconds(250)) }
                    : try plan.WHEN_TimePasses(.milliseconds(250))
                plan = try plan.THEN_Saved(SPCKeys.level, equals: count == 2 ? 2 : 1, writes: count)
            }
            try plan.runTest()
        }
        #expect(
            failures.isEmpty,
            """
            subtree changes first \(subtreeChangesFirst), its time passes first \(subtreeTimePassesFirst); \
            live: waiting \(waiters), writes after each time \(writes); plan: \(failures)
            """)
    }

    // The same promise where the subtree's clock is replaced while its delayed event waits: live, on
    // manual clocks, the event waits on the clock it was enqueued on, so the new clock's time passing
    // does not send it. The plan must agree.
    @Test func aSubtreeClockReplacedWhileAnEventWaitsAgreesWithALiveRun() async throws {
        let oldClock = ManualEffectClock()
        let newClock = ManualEffectClock()
        let live = SPCRoot.live(panelOn: oldClock)
        live.nextClock = { EffectClock(newClock) }
        live.panel.send(.refreshLater(.seconds(1)))
        #expect(await waitUntil("the event waits on the old clock") { oldClock.sleeperCount == 1 })
        live.send(.givePanelANewClock)
        newClock.advance(by: .seconds(1))
        let afterNewTime = await spcSettles { live.panel.refreshes > 0 } ? live.panel.refreshes : 0
        oldClock.advance(by: .seconds(1))
        let afterOldTime = await spcSettles { live.panel.refreshes > 0 } ? live.panel.refreshes : 0
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel, .refreshLater(.seconds(1)))
                .WHEN(.givePanelANewClock)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.panel.refreshes, equals: afterNewTime)
                .runTest()
        }
        #expect(
            failures.isEmpty,
            "live: \(afterNewTime) after the new clock's time, \(afterOldTime) after the old one's; plan: \(failures)"
        )
    }

    // MARK: Shared values

    // CHANGELOG: a subtree's "debounces, throttles, retries, delayed events, timers and store's write
    // window wait on it"; SharingAndPersistingState: the write delay runs "on the `EffectClock` the
    // changing scope resolves". A change a subtree makes within the window waits for its time only.
    @Test func aSubtreesPersistedChangesWaitForItsOwnClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel.leaf) { try $0.WHEN(.save(1)).WHEN(.save(2)) }
                .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                .WHEN_TimePasses(.seconds(1))
                .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.milliseconds(249)) }
                .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.milliseconds(1)) }
                .THEN_Saved(SPCKeys.level, equals: 2, writes: 2)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // The mirror: changes a scope on the root's clock makes wait for the root's time, not for a
    // subtree's.
    @Test func theRootsPersistedChangesDoNotWaitOnASubtreesClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.plain) { try $0.WHEN(.save(1)).WHEN(.save(2)) }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN_Saved(SPCKeys.level, equals: 1, writes: 1)
                .WHEN_TimePasses(.milliseconds(250))
                .THEN_Saved(SPCKeys.level, equals: 2, writes: 2)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // MARK: Retries, throttles, timers and delayed events in a subtree

    // "So is an effect enqueued with a `RetryPolicy` between its attempts: `WHEN_EffectFails` ends an
    // attempt, and the next one starts once the plan let the policy's wait pass", on the subtree's
    // clock.
    @Test func aSubtreesRetryWaitsOnItsOwnClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN(.post)
                        .WHEN_EffectFails(SPCPost.self, with: SPCBusy())
                        .THEN(\.retries, equals: [2])
                }
                .WHEN_TimePasses(.seconds(30))
                .WITH(\.panel.leaf) { try $0.THEN_EffectStatus(SPCPost.self, is: .scheduled) }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .THEN_EffectStatus(SPCPost.self, is: .pending)
                        .WHEN_EffectCompletes(SPCPost.self, with: 7)
                        .THEN(\.posted, equals: 7)
                }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "completing it before it starts fails the step, saying when it starts": the time the message
    // gives for now is the clock the effect waits on, the subtree's, not the root's.
    @Test func completingASubtreesScheduledEffectTooEarlyNamesTheSubtreesTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .search("a"))
                .WITH(\.panel) { try $0.WHEN_TimePasses(.milliseconds(400)) }
                .WHEN_TimePasses(.seconds(10))
                .WITH(\.panel.leaf) { try $0.WHEN_EffectCompletes(SPCSearch.self, with: 1) }
                .runTest()
        }
        #expect(failures.count == 1, "\(failures)")
        let message = failures.first ?? ""
        #expect(message.contains("0.4"), "the message does not give the subtree's time: \(message)")
        #expect(!message.contains("10.0 seconds"), "the message gives the root's time: \(message)")
    }

    // "A throttled effect starts at most once per interval, measured on the injected clock (the plan's
    // clock in a test plan)": in a subtree, on its own time.
    @Test func aSubtreesThrottleIntervalRunsOnItsOwnClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN(.pull)
                        .THEN_EffectStatus(SPCPull.self, is: .pending)
                        .WHEN_EffectCompletes(SPCPull.self, with: 1)
                }
                .WHEN_TimePasses(.seconds(60))
                .WITH(\.panel.leaf) { try $0.WHEN(.pull).THEN_EffectStatus(SPCPull.self, is: .neverStarted) }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(5)) }
                .WITH(\.panel.leaf) { try $0.WHEN(.pull).THEN_EffectStatus(SPCPull.self, is: .pending) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // LongLivedEffects, "Keep the latest of each interval": "of those enqueued within it, the latest
    // waits and starts when the window ends"; THEN_Scheduled covers "a trailing throttle's window". In
    // a subtree, the window ends on the subtree's time.
    @Test func aSubtreesTrailingThrottleWindowEndsOnItsOwnClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN(.pullLatest)
                        .WHEN_EffectCompletes(SPCPull.self, with: 1)
                        .WHEN(.pullLatest)
                        .THEN_Scheduled(SPCPull.self)
                }
                .WHEN_TimePasses(.seconds(10))
                .WITH(\.panel.leaf) { try $0.THEN_EffectStatus(SPCPull.self, is: .scheduled) }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .THEN_EffectStatus(SPCPull.self, is: .pending)
                        .WHEN_EffectCompletes(SPCPull.self, with: 1)
                        .THEN(\.pulled, equals: 2)
                }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "A `RepeatingTimer` delivers its ticks as the plan's time passes, each at its instant": a
    // subtree's timer ticks with its time, the root's with the root's.
    @Test func aSubtreesTimerTicksOnlyWithItsOwnTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .startTimer(.seconds(1)))
                .WHEN(\.plain, .startTimer(.seconds(1)))
                .WHEN_TimePasses(.seconds(3_600))
                .THEN(\.panel.leaf.ticks, equals: 0)
                .THEN(\.plain.ticks, equals: 3_600)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)) }
                .THEN(\.panel.leaf.ticks, equals: 3)
                .THEN(\.plain.ticks, equals: 3_600)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "A `DelayedEvent` enqueued as an effect ... is pending, started, as it is live while it waits on
    // the clock, and that step sends it too": the step that lets the subtree's time pass.
    @Test func aDelayedEventEnqueuedAsAnEffectInASubtreeIsSentOnItsClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel.leaf) { leaf in
                    try leaf
                        .WHEN(.fireLater(.seconds(1)))
                        .THEN_EffectStatus(DelayedEvent<SPCLeaf.When>.self, is: .pending)
                }
                .WHEN_TimePasses(.seconds(5))
                .THEN(\.panel.leaf.fired, equals: 0)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.panel.leaf.fired, equals: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "`WHEN_TimePasses` sends a delayed event at its instant, what its update enqueues timed from
    // there": a chain of delayed events in a subtree reads its own clock at each instant.
    @Test func aChainOfDelayedEventsInASubtreeIsTimedOnItsClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .chain(3))
                .WHEN_TimePasses(.seconds(10))
                .THEN(\.panel.leaf.stamps, equals: [.zero])
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(3)) }
                .THEN(\.panel.leaf.stamps, equals: [.zero, .seconds(1), .seconds(2), .seconds(3)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "`.allScopes` clearing cancels them everywhere": a subtree's delayed event cleared before the
    // next event is not sent when its own time passes.
    @Test func clearingEveryScopeCancelsWhatWaitsOnASubtreesClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .clearingPendingEffects(onWhen: .allScopes)
                .WHEN(\.panel.leaf, .refreshLater(.seconds(1)))
                .WHEN(.stamp)
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1)) }
                .THEN(\.panel.leaf.refreshes, equals: 0)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "a strict plan reports effects left pending anywhere in it": an effect still scheduled on a
    // subtree's clock at the end is left over.
    @Test func aStrictPlanReportsWhatStillWaitsOnASubtreesClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .strictEffects()
                .WHEN(\.panel.leaf, .search("a"))
                .WHEN_TimePasses(.seconds(5))
                .runTest()
        }
        #expect(failures.count == 1, "\(failures)")
    }

    // MARK: Dependency contexts

    // WritingTestPlans: "Some dependencies are provided by the plan itself: the clock"; "A plan does
    // not honour `.live` on a subtree". A subtree set to `.preview` or `.live` that injects no clock
    // still reads, and waits on, the root's virtual time.
    @Test func previewAndLiveSubtreesThatInjectNoClockShareTheRootsVirtualTime() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                root.panel.useDependencies(.preview)
                root.plain.useDependencies(.live)
                return root
            }
            .WHEN(\.panel, .refreshLater(.seconds(1)))
            .WHEN(\.plain, .refreshLater(.seconds(1)))
            .WHEN_TimePasses(.seconds(2))
            .WHEN(\.panel, .stamp)
            .WHEN(\.plain, .stamp)
            .THEN(\.panel.refreshes, equals: 1)
            .THEN(\.plain.refreshes, equals: 1)
            .THEN(\.panel.stamps, equals: [.seconds(2)])
            .THEN(\.plain.stamps, equals: [.seconds(2)])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // MARK: Extremes

    // `WHEN_TimePasses`: "It only moves forward: a negative `duration` fails the step", inside `WITH`
    // too, moving neither the subtree's clock nor the root's.
    @Test func negativeTimeInsideAWithFailsItsStepAndMovesNoClock() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(-1)) }
                .WHEN(\.panel, .stamp)
                .WHEN(.stamp)
                .THEN(\.panel.stamps, equals: [.zero])
                .THEN(\.stamps, equals: [.zero])
                .runTest()
        }
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.contains("zero or more") == true, "\(failures)")
    }

    // "It stops at `.seconds(Int64.max)` ... time passing beyond leaves it there", for a subtree's
    // clock, which stops there alone: the root's stays where it was.
    @Test func theLongestTimeInsideAWithStopsTheSubtreesClockAndLeavesTheRootsAlone() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel) { panel in
                    try panel
                        .WHEN_TimePasses(.seconds(Int64.max))
                        .WHEN_TimePasses(.seconds(Int64.max))
                        .WHEN(.stamp)
                        .THEN(\.stamps, equals: [.seconds(Int64.max)])
                }
                .WHEN_TimePasses(.seconds(1))
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.seconds(1)])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // "A step delivers at most a million ticks and delayed events: beyond, it fails", inside `WITH`:
    // the step fails rather than hold the plan, and the root's timer is not ticked by it.
    @Test func overAMillionTicksInsideAWithFailTheStepRatherThanHoldThePlan() throws {
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WHEN(\.panel.leaf, .startTimer(.milliseconds(1)))
                .WHEN(\.plain, .startTimer(.seconds(1)))
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(1_001)) }
                .runTest()
        }
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.contains("at most 1000000 timer ticks in one step") == true, "\(failures)")
    }

    // MARK: Live trees and recordings beside plans

    // "Dependencies and the clock never cross"; "ManualEffectClock ... lets such a test decide when
    // time passes". A manual clock a builder injects is virtual in the plan: the plan's time passing
    // does not advance it, and advancing it during the plan moves nothing of the plan's.
    @Test func aManualClockTheBuilderInjectsNeitherMovesWithThePlanNorMovesIt() throws {
        let manual = ManualEffectClock()
        let failures = try spcFailures {
            try SPCRoot.GIVEN {
                let root = SPCRoot()
                root.panel.inject(EffectClock(manual))
                return root
            }
            .WHEN(\.panel, .refreshLater(.seconds(20)))
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(10)) }
            .THEN(\.panel.refreshes) { _ in manual.advance(by: .seconds(30)) }
            .WHEN(\.panel, .stamp)
            .THEN(\.panel.stamps, equals: [.seconds(10)])
            .THEN(\.panel.refreshes, equals: 0)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(manual.now.offset == .seconds(30))
        #expect(manual.sleeperCount == 0)
    }

    // "Dependencies and the clock never cross ... what another tree injects is never read by the
    // app's". A live tree on a manual clock, its event waiting, sent an event while a plan that moves
    // a subtree's time runs: it reads its own clock, and the plan's time sends nothing of it.
    @Test func aLiveTreeOnAManualClockIsNotMovedByAPlanRunningBesideIt() async throws {
        let manual = ManualEffectClock()
        let live = SPCLeaf()
        live.inject(SharedStore(storage: InMemoryStorage()))
        live.inject(EffectClock(manual))
        manual.advance(by: .seconds(2))
        live.send(.refreshLater(.seconds(1)))
        #expect(await waitUntil("the live event waits") { manual.sleeperCount == 1 })
        let failures = try spcFailures {
            try SPCRoot.GIVEN { SPCRoot.withPanelClock() }
                .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(10)) }
                .WHEN_TimePasses(.seconds(10))
                .THEN(\.stamps) { _ in live.send(.stamp) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(live.stamps == [.seconds(2)])
        #expect(await spcSettles { live.refreshes > 0 } == false, "the plan's time sent the live event")
        #expect(manual.now.offset == .seconds(2))
        manual.advance(by: .seconds(1))
        #expect(await waitUntil("the live event is sent") { live.refreshes == 1 })
    }

    // WritingTestPlans, "Replaying a recorded session": `REPLAY` "sends every event of a recording ...
    // as steps of the plan"; "An update that reads `@Injected var clock: EffectClock` reads the line's
    // virtual time too". A session recorded on a live manual clock replays on the plan's virtual times,
    // the subtree's own included.
    @Test func aSessionRecordedOnASubtreesManualClockReplaysOnThePlansVirtualTimes() throws {
        let manual = ManualEffectClock()
        let lines = MainBox<String>()
        let live = SPCRecRoot()
        live.panel.inject(EffectClock(manual))
        manual.advance(by: .seconds(7))
        let recorder = Recorder(recording: live) { lines.append($0) }
        live.panel.send(.stamp)
        live.send(.stamp)
        recorder.stop()
        #expect(live.panel.stamps == [.seconds(7)])
        let text = lines.items.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
        let recording = try Recording(jsonLines: text)
        let failures = try spcFailures {
            try SPCRecRoot.GIVEN {
                let root = SPCRecRoot()
                root.panel.inject(EffectClock(ManualEffectClock()))
                return root
            }
            .WITH(\.panel) { try $0.WHEN_TimePasses(.seconds(2)) }
            .WHEN_TimePasses(.seconds(5))
            .REPLAY(recording)
            .THEN(\.panel.stamps, equals: [.seconds(2)])
            .THEN(\.stamps, equals: [.seconds(5)])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
