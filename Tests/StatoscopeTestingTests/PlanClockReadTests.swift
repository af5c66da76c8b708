import Statoscope
import StatoscopeTesting
import Testing

/// Notes the time its clock reads at each event.
final class ClockReader: Scope {
    @Injected var clock: EffectClock
    var stamps: [Duration] = []

    enum When { case stamp }

    func update(_ when: When) throws {
        stamps.append(clock.now.offset)
    }
}

@Suite struct PlanClockReadTests {
    @Test func anUpdateReadingTheInjectedClockReadsThePlansVirtualTime() throws {
        let failures = try capturingFailures {
            try ClockReader.GIVEN { ClockReader() }
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.zero])
                .WHEN_TimePasses(.seconds(5))
                .WHEN(.stamp)
                .THEN(\.stamps, equals: [.zero, .seconds(5)])
                .FORK(.stamp) { branch in
                    try branch.THEN(\.stamps, equals: [.zero, .seconds(5), .seconds(5)])
                }
                .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }

    // The tree's own clock is not read as it is live: it has a plan time of its own, which the plan
    // moves, as the plan's clock would be.
    @Test func aClockTheTreeInjectsHasAPlanTimeOfItsOwn() throws {
        let clock = ManualEffectClock()
        clock.advance(by: .seconds(60))
        let failures = try capturingFailures {
            try ClockReader.GIVEN {
                let stopwatch = ClockReader()
                stopwatch.inject(EffectClock(clock))
                return stopwatch
            }
            .WHEN(.stamp)
            .WHEN_TimePasses(.seconds(5))
            .WHEN(.stamp)
            .THEN(\.stamps, equals: [.zero, .seconds(5)])
            .runTest()
        }
        #expect(failures == [], "\(failures.map(\.message))")
    }
}
