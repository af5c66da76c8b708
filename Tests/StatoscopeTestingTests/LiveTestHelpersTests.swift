import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Suite struct LiveTestHelpersTests {
    @Test @MainActor func aManualClockStartsADebouncedEffectOnlyWhenAdvancedPastItsQuietPeriod() async {
        let search = SearchScreen()
        let clock = ManualEffectClock()
        search.inject(EffectClock(clock))
        search.send(.userTyped("sw"))
        await waitUntil("the search waits on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 1)
        #expect(search.results.isEmpty)
        clock.advance(by: .milliseconds(1))
        await waitUntil("the results arrive") { search.results == ["sw"] }
        #expect(clock.now == ManualEffectClock.Instant(offset: .milliseconds(300)))
    }

    @Test func sleepersWakeInDeadlineOrderAndTimeNeverOverflowsOrRunsBack() async throws {
        let clock = ManualEffectClock()
        let order = LockedOrder()
        await withTaskGroup(of: Void.self) { group in
            for (index, delay) in [30, 10, 20, 10].enumerated() {
                group.addTask {
                    try? await clock.sleep(for: .milliseconds(delay))
                    order.append(index)
                }
                await waitUntil("sleeper \(index) waits") { clock.sleeperCount == index + 1 }
            }
            clock.advance(by: .milliseconds(15))
            await waitUntil("the two earliest wake") { order.values.count == 2 }
            clock.advance(by: .seconds(1))
        }
        #expect(order.values == [1, 3, 2, 0])
        clock.advance(by: .seconds(-5))
        #expect(clock.now.offset == .milliseconds(1015))
        for _ in 1...9 { clock.advance(by: .seconds(Int64.max)) }
        #expect(clock.now.offset > .seconds(Int64.max) * 7)
        let saturated = clock.now
        clock.advance(by: .seconds(Int64.max))
        #expect(clock.now == saturated)
    }

    @Test func aCancelledSleeperThrowsAtOnce() async {
        let clock = ManualEffectClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await waitUntil("the sleeper waits") { clock.sleeperCount == 1 }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitUntilFailsNamingWhatDidNotHoldAndTheBound() async {
        let waitLine: UInt = #line + 2
        let failures = await capturingFailuresAsync {
            let held = await waitUntil("the door opens", within: .milliseconds(20)) { false }
            #expect(!held)
        }
        #expect(failures.map(\.kind) == [.waitTimedOut])
        #expect(failures.map(\.location.line) == [waitLine])
        #expect(failures.first?.message == "waited 0.02 seconds until the door opens, which never held")
    }

    /// Other work holding the main actor for six times the bound, as other tests do on a loaded
    /// machine, does not run the wait down: it goes on until what it waits for holds.
    @Test @MainActor func waitUntilDoesNotRunDownWhileOtherWorkHoldsTheMainActor() async {
        let progress = ReleaseProgress()
        let failures = await capturingFailuresAsync {
            let waiting = Task { @MainActor in
                await waitUntil("three checks after the release", within: .milliseconds(50)) {
                    if progress.released { progress.checksSinceRelease += 1 }
                    return progress.checksSinceRelease >= 3
                }
            }
            await Task.yield()
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .milliseconds(300) {}
            progress.released = true
            #expect(await waiting.value)
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(progress.checksSinceRelease == 3)
    }

    @Test func waitUntilReturnsAtOnceWhenItHoldsAndANegativeBoundChecksOnce() async {
        let failures = await capturingFailuresAsync {
            #expect(await waitUntil("it holds") { true })
            #expect(!(await waitUntil("it never holds", within: .seconds(-1)) { false }))
        }
        #expect(failures.map(\.kind) == [.waitTimedOut])
    }
}

/// Whether the main actor was let go, and how often a wait checked since.
@MainActor
final class ReleaseProgress {
    var released = false
    var checksSinceRelease = 0
}

/// The order in which sleepers woke, appended from their tasks.
final class LockedOrder: @unchecked Sendable {
    // `@unchecked Sendable`: `appended` is read and written only with `lock` held.
    private let lock = NSLock()
    private var appended: [Int] = []

    func append(_ value: Int) { lock.withLock { appended.append(value) } }

    var values: [Int] { lock.withLock { appended } }
}
