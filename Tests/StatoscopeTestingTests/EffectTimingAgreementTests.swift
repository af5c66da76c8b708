import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// Answers a save's attempts from a script, live: a failure per status, then success.
// SAFETY: Sound because `made` is read and written only with `lock` held.
final class SaveScript: @unchecked Sendable {
    private let statuses: [Int]
    private let lock = NSLock()
    private var made = 0

    init(failing statuses: [Int]) {
        self.statuses = statuses
    }

    func answer() throws -> Int {
        let attempt = lock.withLock {
            made += 1
            return made
        }
        if attempt <= statuses.count { throw SaveFailure(status: statuses[attempt - 1]) }
        return attempt
    }
}

/// A save whose attempts the script answers live, and a plan completes by hand.
struct ScriptedSave: Effect {
    let script: SaveScript
    func runEffect() async throws -> Int { try script.answer() }
}

/// A saver that shows each retry, and how the save ended, as text both sides compare.
@MainActor
final class ScriptedSaver: Scope {
    let script: SaveScript
    var shown: [String] = []

    init(script: SaveScript) {
        self.script = script
    }

    enum When: Sendable {
        case userTappedSave
        case retrying(RetryAttempt)
        case saved(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedSave:
            effectsState.enqueue(
                ScriptedSave(script: script).mapToResult().map(When.saved),
                retrying: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(10)),
                onRetry: When.retrying)
        case .retrying(let retry):
            shown.append("\(retry)")
        case .saved(.success(let value)):
            shown.append("saved \(value)")
        case .saved(.failure(let error)):
            shown.append(String(reflecting: error))
        }
    }
}

/// A live run on a manual clock and a plan on virtual time, given the same steps, show the same
/// state and the same pending effects after every step.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EffectTimingAgreementTests {
    private enum Step {
        case send(QuietFilter.When)
        case pass(Duration)
    }

    @Test func aPlanAndALiveRunAgreeOnDelayedEventsAfterEveryStep() async throws {
        let steps: [Step] = [
            .send(.userTyped("s")), .pass(.milliseconds(200)), .send(.userTyped("sw")),
            .pass(.milliseconds(299)), .pass(.milliseconds(1)), .send(.userTyped("swi", after: .zero)),
            .send(.userTyped("swif")), .send(.echo(times: 2, every: .milliseconds(50))),
            .pass(.milliseconds(50)),
            .send(.userCleared), .pass(.milliseconds(50)), .pass(.seconds(1)),
        ]
        let clock = ManualEffectClock()
        let live = QuietFilter()
        live.inject(EffectClock(clock))
        var plan = try QuietFilter.GIVEN { QuietFilter() }
        for step in steps {
            switch step {
            case .send(let when):
                live.send(when)
                plan = try plan.WHEN(when)
            case .pass(let duration):
                clock.advance(by: duration)
                plan = try plan.WHEN_TimePasses(duration)
            }
            // At rest: every pending event waits on the clock, every due one was sent.
            await waitUntil("the live run at rest") { clock.sleeperCount == live.effectsState.effects.count }
            plan = try plan.THEN(\.settled, equals: live.settled).THEN(\.echoes, equals: live.echoes)
                .THEN(\.pendingText, equals: live.pendingText)
        }
        #expect(live.settled == ["sw", "swi"], "the run went where the steps meant it to")
        let failures = try capturingFailures { try plan.runTest(assertNoPendingEffects: true) }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aPlanAndALiveRunAgreeOnRetryEventsAndTheFailuresAttemptCount() async throws {
        let clock = ManualEffectClock()
        let live = ScriptedSaver(script: SaveScript(failing: [500, 502, 503]))
        live.inject(EffectClock(clock))
        var plan = try ScriptedSaver.GIVEN { ScriptedSaver(script: SaveScript(failing: [])) }
        live.send(.userTappedSave)
        plan = try plan.WHEN(.userTappedSave)
        for (index, (status, wait)) in [(500, 1), (502, 2)].enumerated() {
            await waitUntil("the retry told, its wait begun") {
                live.shown.count == index + 1 && clock.sleeperCount == 1
            }
            plan = try plan.WHEN_EffectFails(ScriptedSave.self, with: SaveFailure(status: status))
                .THEN(\.shown, equals: live.shown)
            clock.advance(by: .seconds(wait))
            plan = try plan.WHEN_TimePasses(.seconds(wait))
        }
        await waitUntil("the last attempt's failure delivered") { live.shown.count == 3 }
        plan = try plan.WHEN_EffectFails(ScriptedSave.self, with: SaveFailure(status: 503))
            .THEN(\.shown, equals: live.shown)
        #expect(
            live.shown == [
                "RetryAttempt(number: 2, maxAttempts: 3, error: HTTP 500, delay: 1.0 seconds)",
                "RetryAttempt(number: 3, maxAttempts: 3, error: HTTP 502, delay: 2.0 seconds)",
                "RetryFailure(attempts: 3, error: HTTP 503)",
            ])
        let failures = try capturingFailures { try plan.runTest(assertNoPendingEffects: true) }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
