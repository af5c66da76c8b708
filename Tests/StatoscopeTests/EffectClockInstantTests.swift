import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

@Suite
struct EffectClockTests {
    private let farthest = Duration.seconds(Int64.max) * 8
    private let largest = Duration(_high: .max, low: .max)
    private let smallest = Duration(_high: .min, low: 0)

    @Test func instantsSaturateAtTheirFarthestAndTheirDistancesNeverOverflow() {
        let clock = EffectClock(ManualEffectClock())
        let start = clock.now
        #expect(start.offset == .zero)
        #expect(start.advanced(by: .seconds(3)).offset == .seconds(3))
        #expect(start.advanced(by: .seconds(-3)).offset == .seconds(-3))
        let latest = start.advanced(by: largest)
        let earliest = start.advanced(by: smallest)
        #expect(latest.offset == farthest)
        #expect(earliest.offset == .zero - farthest)
        #expect(latest.advanced(by: largest) == latest)
        #expect(earliest.advanced(by: smallest) == earliest)
        #expect(latest.advanced(by: smallest) == earliest)
        #expect(earliest.duration(to: latest) == farthest * 2)
        #expect(latest.duration(to: earliest) == .zero - farthest * 2)
        #expect(start.duration(to: latest.advanced(by: .seconds(-1))) == farthest - .seconds(1))
    }

    @Test func aManualClocksInstantsMadeAnywhereMeasureWithoutOverflowing() {
        let latest = ManualEffectClock.Instant(offset: largest)
        let earliest = ManualEffectClock.Instant(offset: smallest)
        #expect(earliest.duration(to: latest) == farthest * 2)
        #expect(latest.advanced(by: smallest).offset == .zero - farthest)
        #expect(earliest.advanced(by: largest).offset == farthest)
    }
}
