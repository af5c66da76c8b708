import Foundation
import Statoscope
import StatoscopeTesting
import Testing

// Attacks on what *Writing test plans* and *Injecting dependencies* promise for the new verbs:
// retries, timers and fire-and-forget effects on virtual time, their subscope forms, effect
// statuses, shared values in plans and forks, and dependencies read where a plan does not look.

struct A25PlanFailure: Error, Equatable, CustomStringConvertible {
    let status: Int
    var description: String { "HTTP \(status)" }
}

struct A25Post: Effect, Equatable {
    let id: Int
    func runEffect() async throws -> Int { id }
}

struct A25Ping: Effect, Equatable {
    func runEffect() async throws {}
}

/// Posts with the retry policy it is given, pings and ticks.
@MainActor
final class A25Poster: Scope {
    let policy: RetryPolicy
    let interval: Duration
    var outcomes: [String] = []
    var ticks = 0

    init(
        policy: RetryPolicy = .exponentialBackoff(
            maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(10)),
        interval: Duration = .seconds(1)
    ) {
        self.policy = policy
        self.interval = interval
    }

    enum When: Sendable {
        case post
        case cancel
        case ping
        case startTimer
        case ticked(Int)
        case posted(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .post:
            effectsState.enqueue(A25Post(id: 1).mapToResult().map(When.posted), key: "post", retrying: policy)
        case .cancel: effectsState.cancelEffect(key: "post")
        case .ping: effectsState.enqueueFireAndForget(A25Ping())
        case .startTimer: effectsState.enqueue(RepeatingTimer(every: interval).map(When.ticked), key: "timer")
        case .ticked: ticks += 1
        case .posted(.success(let id)): outcomes.append("posted \(id)")
        case .posted(.failure(let error)): outcomes.append("failed: \(error)")
        }
    }
}

@MainActor
final class A25PosterParent: Scope {
    @Subscope var child = A25Poster()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A dependency with a live value only.
struct A25Vault: Injectable {
    var secret: String
    static var defaultValue: A25Vault { A25Vault(secret: "live") }
}

/// A dependency with a test value.
struct A25Forecast: Injectable {
    var sky: String
    static var defaultValue: A25Forecast { A25Forecast(sky: "live") }
    static var testValue: A25Forecast { A25Forecast(sky: "test") }
}

/// Reads its dependencies while it is made.
@MainActor
final class A25EagerReader: Scope {
    @Injected var vault: A25Vault
    @Injected var forecast: A25Forecast
    var seenAtInit: String
    init() {
        seenAtInit = ""
        seenAtInit = "\(vault.secret) \(forecast.sky)"
    }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Reads the live-only dependency in its update.
@MainActor
final class A25VaultReader: Scope {
    @Injected var vault: A25Vault
    var seen = ""
    enum When: Sendable { case read }
    func update(_ when: When) throws { seen = vault.secret }
}

@MainActor
final class A25VaultParent: Scope {
    @Subscope var child = A25VaultReader()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

final class A25Seen: @unchecked Sendable {
    var value = ""
}

enum A25PlanKeys {
    static let size = SharedKey<Int>.persisted("a25size", default: 14)
    static let memory = SharedKey<Int>("a25memory", default: 0)
}

@MainActor
final class A25Sizer: Scope {
    @Shared(A25PlanKeys.size) var size: Int
    @Shared(A25PlanKeys.memory) var memory: Int
    enum When: Sendable {
        case larger
        case remember
    }
    func update(_ when: When) throws {
        switch when {
        case .larger: size += 1
        case .remember: memory += 1
        }
    }
}

@MainActor
@Suite
struct PlanAttack25Tests {
    // MARK: - Retries on virtual time

    @Test func completingAWaitingRetryFailsSayingWhenItStarts() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN { A25Poster() }
                .WHEN(.post)
                .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
                .WHEN_EffectCompletes(A25Post.self, with: 1)
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("1") == true, "\(failures.map(\.message))")
        #expect(failures.first?.message.lowercased().contains("start") == true, "\(failures.map(\.message))")
    }

    @Test func failingAWaitingRetryAgainFailsTheStep() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN { A25Poster() }
                .WHEN(.post)
                .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
                .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
    }

    @Test func effectStatusesFollowARetryATimerAndAFireAndForgetEffect() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN { A25Poster() }
                .WHEN(.post)
                .THEN_EffectStatus(A25Post.self, is: .pending)
                .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
                .THEN_EffectStatus(A25Post.self, is: .scheduled)
                .WHEN_TimePasses(.seconds(1))
                .THEN_EffectStatus(A25Post.self, is: .pending)
                .WHEN(.cancel)
                .THEN_EffectStatus(A25Post.self, is: .cancelled)
                .WHEN(.startTimer)
                .THEN_EffectStatus(RepeatingTimer.self, is: .open)
                .WHEN(.ping)
                .THEN_EffectStatus(A25Ping.self, is: .pending)
                .WHEN_EffectCompletes(A25Ping.self, with: ())
                .THEN_EffectStatus(A25Ping.self, is: .ended)
                .THEN(\.outcomes, equals: [])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aRetryOfNoAttemptsDeliversTheFirstFailure() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN {
                A25Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 0, initialDelay: .seconds(1), maxDelay: .seconds(1)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .THEN(\.outcomes, equals: ["failed: HTTP 500"])
            .THEN_NoEffects()
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func unseededJitterIsNoneInAPlanAndSeededJitterStaysWithinItsBound() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN {
                A25Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(2), maxDelay: .seconds(10),
                        jitter: .random(upTo: .nan)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .WHEN_TimePasses(.milliseconds(1_999))
            .THEN_Scheduled(A25Post.self)
            .WHEN_TimePasses(.milliseconds(1))
            .WHEN_EffectCompletes(A25Post.self, with: 1)
            .THEN(\.outcomes, equals: ["posted 1"])
            .runTest()

            try A25Poster.GIVEN {
                A25Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(2), maxDelay: .seconds(10),
                        jitter: .seeded(upTo: 0.5, seed: 7)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .WHEN_TimePasses(.milliseconds(999))
            .THEN_Scheduled(A25Post.self)
            .WHEN_TimePasses(.milliseconds(1_001))
            .WHEN_EffectCompletes(A25Post.self, with: 1)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aMultiplierBelowOneShrinksTheWaitsAsTheFormulaSays() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN {
                A25Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(4), multiplier: 0.5, maxDelay: .seconds(10)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .WHEN_TimePasses(.seconds(4))
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .WHEN_TimePasses(.seconds(2))
            .WHEN_EffectCompletes(A25Post.self, with: 1)
            .THEN(\.outcomes, equals: ["posted 1"])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aMultiplierOfZeroRetriesAtOnceAfterTheFirstWait() throws {
        let failures = try capturingFailures {
            try A25Poster.GIVEN {
                A25Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(4), multiplier: 0, maxDelay: .seconds(10)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .WHEN_TimePasses(.seconds(4))
            .WHEN_EffectFails(A25Post.self, with: A25PlanFailure(status: 500))
            .WHEN_EffectCompletes(A25Post.self, with: 1)
            .THEN(\.outcomes, equals: ["posted 1"])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    // MARK: - Subscope forms

    @Test func everyRetryAndTimerVerbWorksThroughASubscopesKeyPath() throws {
        let failures = try capturingFailures {
            try A25PosterParent.GIVEN { A25PosterParent() }
                .WHEN(\.child, .post)
                .THEN_Enqueued(\.child, A25Post(id: 1))
                .WHEN_EffectFails(\.child, A25Post.self, with: A25PlanFailure(status: 500))
                .THEN_Scheduled(\.child, A25Post.self)
                .WHEN_TimePasses(\.child, .seconds(1))
                .WHEN_EffectCompletes(\.child, A25Post.self, with: 1)
                .THEN(\.child.outcomes, equals: ["posted 1"])
                .WHEN(\.child, .startTimer)
                .WHEN_TimePasses(\.child, .seconds(5))
                .THEN(\.child.ticks, equals: 5)
                .WHEN(\.child, .ping)
                .WHEN_EffectCompletes(\.child, A25Ping.self, with: ())
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theStatusOfASubscopesEffectCanBeChecked() throws {
        let failures = try capturingFailures {
            try A25PosterParent.GIVEN { A25PosterParent() }
                .WHEN(\.child, .post)
                .WHEN_EffectFails(\.child, A25Post.self, with: A25PlanFailure(status: 500))
                .THEN_EffectStatus(\.child, A25Post.self, is: .scheduled)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    // MARK: - Timers at the extremes, in a plan

    @Test func aTimerOfZeroInAPlanFailsItsStepInsteadOfHanging() async {
        await #expect(processExitsWith: .success) {
            alarm(100)
            await a25ZeroTimerPlan()
        }
    }

    @Test func aTimerOfTheLongestIntervalInAPlanNeverTraps() async {
        await #expect(processExitsWith: .success) {
            alarm(100)
            await a25LongestTimerPlan()
        }
    }

    // MARK: - Shared values in plans

    @Test func aNegativeOrHugeWriteCountIsRefusedNamingIt() throws {
        let failures = try capturingFailures {
            try A25Sizer.GIVEN { A25Sizer() }
                .WHEN(.larger)
                .THEN_Saved(A25PlanKeys.size, equals: 15, writes: -1)
                .THEN_Saved(A25PlanKeys.size, equals: 15, writes: Int.min)
                .runTest()
        }
        #expect(failures.count == 2, "\(failures.map(\.message))")
        #expect(failures.allSatisfy { $0.message.contains("writes") }, "\(failures.map(\.message))")
    }

    @Test func aStoredValueSeedsEveryForkAndAForksSavesStayInIt() throws {
        let failures = try capturingFailures {
            try A25Sizer.GIVEN { A25Sizer() }
                .GIVEN_Stored(A25PlanKeys.size, 30)
                .WHEN(.larger)
                .FORK(.larger) { branch in
                    try branch
                        .THEN_Shared(A25PlanKeys.size, equals: 32)
                        .THEN_Saved(A25PlanKeys.size, equals: 32, writes: 1)
                }
                .THEN_Shared(A25PlanKeys.size, equals: 31)
                .THEN_Saved(A25PlanKeys.size, equals: 31, writes: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func seedingAKeyKeptInMemoryIsSeenOrRefusedClearly() throws {
        let failures = try capturingFailures {
            try A25Sizer.GIVEN { A25Sizer() }
                .GIVEN_Stored(A25PlanKeys.memory, 5)
                .WHEN(.remember)
                .THEN_Shared(A25PlanKeys.memory, equals: 6)
                .runTest()
        }
        #expect(
            failures.isEmpty || failures.first?.message.contains("memory") == true,
            "\(failures.map(\.message))")
    }

    // MARK: - Dependencies a plan does not look at

    @Test func aDependencyReadWhileGivenBuildsTheScopeIsNotItsLiveValueUnawares() throws {
        let seen = A25Seen()
        let failures = try capturingFailures {
            try A25EagerReader.GIVEN { A25EagerReader() }
                .THEN(\.seenAtInit) { seen.value = $0 }
                .runTest()
        }
        #expect(
            !seen.value.contains("live") || failures.contains { $0.kind == .missingDependency },
            "the builder read \"\(seen.value)\" and the plan did not fail: \(failures.map(\.message))")
    }

    @Test func aSubtreeSetToPreviewOrLiveInsideAPlanStillFailsOnALiveRead() throws {
        for context in [DependencyContext.preview, .live] {
            let failures = try capturingFailures {
                try A25VaultParent.GIVEN {
                    let parent = A25VaultParent()
                    parent.child.useDependencies(context)
                    return parent
                }
                .WHEN(\.child, .read)
                .runTest()
            }
            #expect(
                failures.contains { $0.kind == .missingDependency },
                "\(context): the plan read the live A25Vault without failing: \(failures.map(\.message))")
        }
    }

    @Test func aLiveTestRequiringTestDependenciesFailsOnALiveRead() async {
        let failures = await capturingFailuresAsync {
            let parent = A25VaultParent()
            parent.requireTestDependencies()
            parent.child.send(.read)
        }
        #expect(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
    }

    @Test func aLiveTestRequiringTestDependenciesStillFailsOnALiveReadBelowAPreviewSubtree() async {
        let failures = await capturingFailuresAsync {
            let parent = A25VaultParent()
            parent.requireTestDependencies()
            parent.child.useDependencies(.preview)
            parent.child.send(.read)
        }
        #expect(
            failures.contains { $0.kind == .missingDependency },
            "the live test read the live A25Vault without failing: \(failures.map(\.message))")
    }

}

@MainActor
func a25ZeroTimerPlan() async {
    for interval in [Duration.zero, .nanoseconds(1), .seconds(-1)] {
        let failures = try? capturingFailures {
            try A25Poster.GIVEN { A25Poster(interval: interval) }
                .WHEN(.startTimer)
                .WHEN_TimePasses(.seconds(3_600))
                .runTest()
        }
        precondition(
            failures?.map(\.kind) == [.misuse], "\(interval): \(failures.map { $0.map(\.message) } ?? [])")
    }
}

@MainActor
func a25LongestTimerPlan() async {
    for interval in [Duration(_high: .max, low: .max), .seconds(Int64.max / 2), .seconds(Int64.max / 3)] {
        _ = try? capturingFailures {
            try A25Poster.GIVEN { A25Poster(interval: interval) }
                .WHEN(.startTimer)
                .WHEN_TimePasses(.seconds(Int64.max))
                .WHEN_TimePasses(.seconds(Int64.max))
                .WHEN_TimePasses(Duration(_high: .max, low: .max))
                .runTest()
        }
    }
}
