import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The effect clock's instants at the ends of `Duration`, a sleep until any instant, a manual clock
/// advanced by any duration, and `waitUntil` at the ends of its bound: none traps.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EffectClockExtremesTests {
    @Test func anEffectClocksInstantAdvancedByTheLargestDurationNeverTraps() async {
        await #expect(processExitsWith: .success) {
            _ = EffectClock(ContinuousClock()).now.advanced(by: Duration(_high: .max, low: .max))
        }
    }

    @Test func anEffectClocksInstantAdvancedByTheLongestSecondsNeverTraps() async {
        await #expect(processExitsWith: .success) {
            _ = EffectClock(ContinuousClock()).now.advanced(by: .seconds(Int64.max))
        }
    }

    @Test func anEffectClocksInstantAdvancedByTheSmallestDurationNeverTraps() async {
        await #expect(processExitsWith: .success) {
            _ = EffectClock(ContinuousClock()).now.advanced(by: Duration(_high: .min, low: 0))
        }
    }

    @Test func aManualEffectClocksInstantsNeverTrapAtTheEndsOfDuration() async {
        await #expect(processExitsWith: .success) {
            let clock = EffectClock(ManualEffectClock())
            let later = clock.now.advanced(by: Duration(_high: .max, low: .max))
            _ = later.advanced(by: Duration(_high: .max, low: .max))
            _ = clock.now.duration(to: later)
            _ = later.duration(to: clock.now.advanced(by: Duration(_high: .min, low: 0)))
        }
    }

    @Test func anEffectClockSleepsUntilAnyInstantWithoutTrapping() async {
        await #expect(processExitsWith: .success) {
            let clock = EffectClock(ContinuousClock())
            let now = clock.now
            try? await clock.sleep(until: now.advanced(by: .seconds(-3_600)))
            let sleeper = Task { try await clock.sleep(until: now.advanced(by: .seconds(Int64.max / 4))) }
            sleeper.cancel()
            _ = try? await sleeper.value
        }
    }

    @Test func aManualClockAdvancedByAnyDurationNeverTraps() async {
        await #expect(processExitsWith: .success) {
            let clock = ManualEffectClock()
            clock.advance(by: .seconds(-5))
            clock.advance(by: Duration(_high: .min, low: 0))
            clock.advance(by: Duration(_high: .max, low: .max))
            clock.advance(by: Duration(_high: .max, low: .max))
            clock.advance(to: ManualEffectClock.Instant(offset: .seconds(-10)))
            _ = clock.now.advanced(by: Duration(_high: .max, low: .max))
            let sleeper = Task { try await clock.sleep(for: Duration(_high: .max, low: .max)) }
            sleeper.cancel()
            _ = try? await sleeper.value
        }
    }

    @Test func waitUntilAtTheEndsOfItsBoundNeverTraps() async {
        await #expect(processExitsWith: .success) {
            let held = await waitUntil("true at once", within: Duration(_high: .max, low: .max)) { true }
            precondition(held)
            let heldAgain = await waitUntil("true at once", within: .seconds(Int64.max)) { true }
            precondition(heldAgain)
        }
    }
}
