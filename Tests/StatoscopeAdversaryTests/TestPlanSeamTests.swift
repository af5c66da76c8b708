// Test plans where their features meet: shared values in forks, saves, strict state, large values,
// specification files, and verbs given values at their extremes.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

enum PlanKeys {
    static var fontSize: SharedKey<Int> { .persisted("adv-plan-font-size", default: 14) }
    static var big: SharedKey<[Int]> { .persisted("adv-plan-big", default: []) }
    static var diskless: SharedKey<Int> { .persisted("adv-plan-diskless", default: 0) }
    static var inMemory: SharedKey<Int> { SharedKey("adv-plan-in-memory", default: 0) }
}

@MainActor
final class PlanPreview: Scope {
    @Shared(PlanKeys.fontSize) var fontSize: Int

    enum When: Sendable { case noop }

    func update(_ when: When) throws {}
}

@MainActor
final class PlanSettings: Scope {
    @Shared(PlanKeys.fontSize) var fontSize: Int
    @Shared(PlanKeys.big) var big: [Int]
    @Subscope var preview = PlanPreview()

    enum When: Sendable {
        case larger
        case fill(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .larger: fontSize += 2
        case .fill(let count): big = Array(0..<count)
        }
    }
}

@MainActor
final class PlanDiskless: Scope {
    @Shared(PlanKeys.diskless) var count: Int
    @Shared(PlanKeys.inMemory) var inMemory: Int

    enum When: Sendable { case bump }

    func update(_ when: When) throws {
        count += 1
        inMemory += 1
    }
}

struct PlanSearchEffect: Effect, Equatable {
    let query: String
    func runEffect() async throws -> [String] { [query] }
}

struct PlanPost: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

@MainActor
final class PlanClocked: Scope {
    var results: [String] = []
    var ticks = 0
    var posted: Int?

    enum When: Sendable {
        case typed(String)
        case arrived([String])
        case startTimer(Duration)
        case tick(Int)
        case post(RetryPolicy)
        case posted(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .typed(let query):
            effectsState.enqueue(
                PlanSearchEffect(query: query).map(When.arrived), key: "search",
                ifKeyInFlight: .debounce(.seconds(Int64.max)))
        case .arrived(let results): self.results = results
        case .startTimer(let interval):
            effectsState.enqueue(RepeatingTimer(every: interval).map(When.tick), key: "timer")
        case .tick(let count): ticks = count
        case .post(let policy):
            effectsState.enqueue(PlanPost().mapToResult().map(When.posted), retrying: policy)
        case .posted(.success(let value)): posted = value
        case .posted(.failure): posted = -1
        }
    }
}

struct PlanOffline: Error {}

@MainActor
struct TestPlanSeamTests {
    // Writing test plans, "Shared values": "Each line of a plan, and each FORK branch, reads its shared
    // values from a store of its own"; "Branches": "The branch runs from a scope built anew and brought to
    // the fork point by replaying the events and completions before it; the main line never sees it."
    // GIVEN_Stored is part of what brings a branch to its fork point.
    @Test func aForkBranchStartsFromTheForkPointsSharedValuesSeededByGivenStoredAndTheMainLineNeverSeesIt()
        throws
    {
        try PlanSettings.GIVEN { PlanSettings() }
            .GIVEN_Stored(PlanKeys.fontSize, 18)
            .WHEN(.larger)
            .FORK(.larger) { branch in
                try branch
                    .THEN_Shared(PlanKeys.fontSize, equals: 22)
                    .WITH(\.preview) { try $0.THEN_Shared(PlanKeys.fontSize, equals: 22) }
                    .WHEN_TimePasses(.milliseconds(250))
                    .THEN_Saved(PlanKeys.fontSize, equals: 22)
                    .FORK(.larger) { nested in
                        try nested.THEN_Shared(PlanKeys.fontSize, equals: 24)
                    }
                    .THEN_Shared(PlanKeys.fontSize, equals: 22)
            }
            .THEN_Shared(PlanKeys.fontSize, equals: 20)
            .THEN(\.preview.fontSize, equals: 20)
            .THEN_Saved(PlanKeys.fontSize, equals: 20, writes: 1)
            .WHEN(.larger)
            .THEN_Shared(PlanKeys.fontSize, equals: 22)
            .runTest()
    }

    // Writing test plans, "Shared values": "A plan's store saves on the plan's virtual time as a live
    // store saves on its clock: the first change after a quiet period at once, and the changes made
    // within the write delay after it ... together, with their latest values, when WHEN_TimePasses
    // reaches the end of the delay".
    @Test func threeChangesWithinTheWriteDelayAreTwoWritesWithTheLatestValue() throws {
        try PlanSettings.GIVEN { PlanSettings() }
            .GIVEN_Stored(PlanKeys.fontSize, 10)
            .WHEN(.larger)
            .WHEN(.larger)
            .WHEN(.larger)
            .THEN_Saved(PlanKeys.fontSize, equals: 12, writes: 1)
            .WHEN_TimePasses(.milliseconds(249))
            .THEN_Saved(PlanKeys.fontSize, equals: 12, writes: 1)
            .WHEN_TimePasses(.milliseconds(1))
            .THEN_Saved(PlanKeys.fontSize, equals: 16, writes: 2)
            .WHEN_TimePasses(.seconds(10))
            .WHEN(.larger)
            .WHEN(.larger)
            .THEN_Saved(PlanKeys.fontSize, equals: 18, writes: 3)
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Saved(PlanKeys.fontSize, equals: 20, writes: 4)
            .runTest()
    }

    // Writing test plans, "Shared values": "a plan touches the disk only if its GIVEN builder injects a
    // store that does"; Guarantees: "Plans never share values ... and tests touch no disk unless they ask
    // to".
    @Test func aPlanThatSavesTouchesNoDiskAndLeavesTheProcessStoreAlone() throws {
        try PlanDiskless.GIVEN { PlanDiskless() }
            .WHEN(.bump)
            .WHEN(.bump)
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Saved(PlanKeys.diskless, equals: 2)
            .THEN_Shared(PlanKeys.inMemory, equals: 2)
            .runTest()
        let file = JSONFileStorage.standardDirectory.appendingPathComponent("adv-plan-diskless.json")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let live = PlanDiskless()
        #expect(live.count == 0, "a plan's value reached the process store")
        #expect(live.inMemory == 0)
    }

    // Sharing and persisting state: "A key made with SharedKey(_:default:) lives in memory; one made with
    // persisted(...) is saved"; Writing test plans: THEN_Saved "checks what was saved". A key that is
    // never saved cannot have been saved: the check must fail, naming it.
    @Test func thenSavedOnAKeyThatLivesInMemoryFailsNamingTheKey() throws {
        try withKnownIssue {
            try PlanDiskless.GIVEN { PlanDiskless() }
                .WHEN(.bump)
                .THEN_Saved(PlanKeys.inMemory, equals: 1)
                .runTest()
        } matching: { issue in
            issueText(issue).contains("adv-plan-in-memory")
        }
    }

    // Writing test plans, "Shared values" and "Strict state": a step that changes 100,000 elements of a
    // shared value, checked through THEN_Shared, THEN_Saved and THEN under strict state.
    @Test func aHundredThousandElementSharedValueIsCheckedSavedAndCoveredByStrictState() throws {
        let expected = Array(0..<100_000)
        try PlanSettings.GIVEN { PlanSettings() }
            .strictState()
            .WHEN(.fill(100_000))
            .THEN(\.big, equals: expected)
            .THEN_Shared(PlanKeys.big, equals: expected)
            .THEN_Saved(PlanKeys.big, equals: expected, writes: 1)
            .THEN(\.big.count, equals: 100_000)
            .runTest()
    }

    // How failures are reported: "Messages end with an expected: and an actual: line; structured values
    // add a line-by-line diff"; Guarantees, "Bad input": none "traps, hangs or stops the test process".
    @Test func aFailedCheckOfAHundredThousandElementsReportsItsDifference() throws {
        var wrong = Array(0..<100_000)
        wrong[50_000] = -1
        try withKnownIssue {
            try PlanSettings.GIVEN { PlanSettings() }
                .WHEN(.fill(100_000))
                .THEN(\.big, equals: wrong)
                .runTest()
        } matching: { issue in
            let text = issueText(issue)
            return text.contains("expected:") && text.contains("actual:") && text.contains("-1")
        }
    }

    // Writing test plans, "Strict state": "every property an event or a completion changes, in any scope of
    // the tree, must be read by a THEN ... The failure points at the step that made the changes and lists
    // each one"; Guarantees: "Logs and descriptions show a shared value like a stored property".
    @Test func strictStateCatchesAnUncheckedChangeOfASharedValue() throws {
        try withKnownIssue {
            try PlanDiskless.GIVEN { PlanDiskless() }
                .strictState()
                .WHEN(.bump)
                .WHEN(.bump)
                .THEN(\.count, equals: 2)
                .AND(\.inMemory, equals: 2)
                .runTest()
        } matching: { issue in
            let text = issueText(issue)
            return text.contains("strict state") && text.contains("count")
        }
    }

    // Living documentation, "Writing every specification of a test run": "Set STATOSCOPE_SPECS_DIR to a
    // folder and every plan that runs writes its specification there ... Each plan writes one file named
    // after the file and the function that call its GIVEN, and the line of that call". GIVEN's `function:`
    // is a parameter: a hand-written one must not put the file outside the folder.
    @Test func specificationFilesStayInsideTheFolderWhateverTheFunctionNameSays() throws {
        let folder: URL
        if let given = ProcessInfo.processInfo.environment["STATOSCOPE_SPECS_DIR"] {
            folder = URL(fileURLWithPath: given, isDirectory: true)
        } else {
            folder = try makeTemporaryFolder("specs")
            setenv("STATOSCOPE_SPECS_DIR", folder.path, 1)
        }
        try PlanDiskless.GIVEN(function: "x/../../adv-escaped-spec") { PlanDiskless() }
            .WHEN(.bump)
            .runTest()
        try PlanDiskless.GIVEN(function: "x/../../../adv-escaped-spec") { PlanDiskless() }
            .WHEN(.bump)
            .runTest()
        let controlLine = #line + 1
        try PlanDiskless.GIVEN { PlanDiskless() }
            .WHEN(.bump)
            .runTest()

        let written =
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        #expect(
            written.contains { $0.hasPrefix("TestPlanSeamTests.") && $0.hasSuffix(".L\(controlLine).md") },
            "the control plan wrote no specification in \(folder.path): \(written)")
        let escaped = ["/tmp", "/"].flatMap { place in
            contentsOfFolder(URL(fileURLWithPath: place)).filter { $0.contains("adv-escaped-spec") }
                .map { "\(place)/\($0)" }
        }
        #expect(escaped.isEmpty, "a specification was written outside \(folder.path): \(escaped)")
        for path in escaped { try? FileManager.default.removeItem(atPath: path) }
        // Living documentation: "Each plan writes one file named after the test that runs it": under
        // Swift Testing the running test names all three, whatever `function:` says.
        #expect(
            written.filter { $0.hasPrefix("TestPlanSeamTests.specificationFilesStayInside") }.count == 3,
            "each plan wrote a specification named after the running test: \(written)")
    }

    // Guarantees, "Bad input": "The plan's clock stops at .seconds(Int64.max)"; "A quiet period ... longer
    // than EffectClock.longestWait (a century) last[s] a century, live and in a test plan".
    @Test func timePassingPastTheEndOfDurationTwiceStartsAQuietPeriodOfInt64MaxSeconds() throws {
        try PlanClocked.GIVEN { PlanClocked() }
            .WHEN(.typed("s"))
            .THEN_Scheduled(PlanSearchEffect.self)
            .WHEN_TimePasses(.seconds(Int64.max))
            .WHEN_TimePasses(
                Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)
            )
            .WHEN_EffectCompletes(PlanSearchEffect.self, with: ["swift"])
            .THEN(\.results, equals: ["swift"])
            .runTest()
    }

    // How failures are reported, "What fails a plan": "A value a verb cannot take: a negative
    // WHEN_TimePasses duration or THEN_Enqueued count | the step"; Guarantees: "a negative THEN_Enqueued
    // count fails its step naming `count`".
    @Test func aNegativeDurationAndAnInt64MinCountFailTheirStepsNamingThem() throws {
        try withKnownIssue {
            try PlanClocked.GIVEN { PlanClocked() }
                .WHEN_TimePasses(.seconds(Int64.min))
                .runTest()
        } matching: { issue in
            issueText(issue).contains("WHEN_TimePasses")
        }
        try withKnownIssue {
            try PlanClocked.GIVEN { PlanClocked() }
                .WHEN(.typed("s"))
                .THEN_Enqueued(PlanSearchEffect.self, count: Int.min)
                .runTest()
        } matching: { issue in
            issueText(issue).contains("count")
        }
    }

    // Guarantees, "Effects": "in a test plan, passing time delivers each tick due, in one step, and a step
    // that would deliver more than a million fails rather than holds the plan"; "Bad input": every public
    // duration "works at its extremes ...; none traps, hangs or stops the test process".
    @Test(arguments: [Duration.zero, .seconds(-1), .nanoseconds(1), .seconds(Int64.min)])
    func aTimerOfAnExtremeIntervalNeitherHangsNorTrapsAPlan(_ interval: Duration) throws {
        try withKnownIssue(isIntermittent: true) {
            try PlanClocked.GIVEN { PlanClocked() }
                .WHEN(.startTimer(interval))
                .WHEN_TimePasses(.seconds(2))
                .THEN(\.ticks) { ticks in
                    if ticks < 1 {
                        throw CheckFailure("no tick in two seconds of an interval of \(interval)")
                    }
                }
                .runTest()
        } matching: { issue in
            issueText(issue).contains("million")
        }
    }

    // Long-lived effects and time, "Retry with backoff": "A multiplier below one shrinks the waits; ... one
    // that is not a number counts as one"; Guarantees: "No value of a policy traps"; in a plan "each wait
    // passes on virtual time".
    @Test(arguments: [Double.infinity, .nan, -Double.infinity, 0])
    func aRetryPolicyAtItsExtremesNeverTrapsAPlan(_ multiplier: Double) throws {
        let policy = RetryPolicy.exponentialBackoff(
            maxAttempts: Int.max, initialDelay: .seconds(Int64.max), multiplier: multiplier,
            maxDelay: .seconds(Int64.max))
        try PlanClocked.GIVEN { PlanClocked() }
            .WHEN(.post(policy))
            .WHEN_EffectFails(PlanPost.self, with: PlanOffline())
            .THEN_Scheduled(PlanPost.self)
            .WHEN_TimePasses(.seconds(Int64.max))
            .WHEN_EffectCompletes(PlanPost.self, with: 7)
            .THEN(\.posted, equals: 7)
            .runTest()
    }

    // Sharing and persisting state, "Being told of changes": "The event arrives after the update that made
    // the change returns, before its send does"; Writing test plans, "Branches": the branch is "brought to
    // the fork point by replaying the events and completions before it", with "a store of its own".
    @Test func aPlanDeliversChangeEventsInTheStepThatMadeTheChangeAndABranchKeepsItsOwn() throws {
        try ReplayApp.GIVEN { ReplayApp() }
            .WHEN(\.badge, .appeared)
            .WHEN(.bump)
            .THEN(\.badge.told, equals: [1])
            .FORK(.bump) { branch in
                try branch
                    .THEN(\.badge.told, equals: [1, 2])
                    .THEN_Shared(ReplayKeys.unread, equals: 2)
            }
            .WHEN(.bump)
            .WHEN(.bump)
            .THEN(\.badge.told, equals: [1, 2, 3])
            .WITH(\.badge) { try $0.THEN_Shared(ReplayKeys.unread, equals: 3) }
            .runTest()
    }
}
