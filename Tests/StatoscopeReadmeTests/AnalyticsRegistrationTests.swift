import Statoscope
import StatoscopeTesting
import Testing

/// Analytics: "Events accepted before the registration is removed still reach the sink", in order, one
/// at a time, while another sink goes on; a sink that releases its own registration off the main actor
/// stops. Each test runs with instruments of its own (`.isolatedInstruments`).
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct AnalyticsRegistrationTests {
    // Analytics: "Events accepted before the registration is removed still reach the sink."
    @Test func analyticsEventsAcceptedBeforeRemovalStillArrive() async {
        let names = LockedValue<[String]>([])
        let counter = InstrumentedCounter()
        var analytics: InstrumentRegistration? = Analytics.install { event in
            names.mutate { $0.append(event.name) }
        }
        counter.send(.inc)
        counter.send(.note("x"))
        analytics = nil
        counter.send(.inc)
        await Analytics.waitUntilDelivered()
        #expect(names.value == ["inc", "note"])
        _ = analytics
    }

    // A sink that releases its own registration: it runs off the main actor, so the last reference
    // goes there. The sink must stop, nothing may crash.
    @Test func anAnalyticsSinkReleasingItsOwnRegistrationOffTheMainActor() async {
        let names = LockedValue<[String]>([])
        let holder = LockedValue<InstrumentRegistration?>(nil)
        holder.mutate { slot in
            slot = Analytics.install { event in
                names.mutate { $0.append(event.name) }
                holder.mutate { $0 = nil }
            }
        }
        let counter = InstrumentedCounter()
        counter.send(.inc)
        await Analytics.waitUntilDelivered()
        await settleTasks()
        counter.send(.note("after"))
        await Analytics.waitUntilDelivered()
        #expect(names.value == ["inc"])
    }

    // Analytics: "Events accepted before the registration is removed still reach the sink", in
    // order, one at a time; another sink goes on.
    @Test func manyEventsInFlightWhenOneOfTwoSinksIsDropped() async {
        let first = LockedValue<[String]>([])
        let second = LockedValue<[String]>([])
        var one: InstrumentRegistration? = Analytics.install { event in
            first.mutate { $0.append("\(event.parameters)") }
        }
        let two = Analytics.install { event in second.mutate { $0.append("\(event.parameters)") } }
        let counter = InstrumentedCounter()
        for i in 0..<1_000 { counter.send(.note("\(i)")) }
        one = nil
        for i in 1_000..<2_000 { counter.send(.note("\(i)")) }
        await Analytics.waitUntilDelivered()
        _ = one
        #expect(first.value.count == 1_000)
        #expect(second.value.count == 2_000)
        #expect(first.value == Array(second.value.prefix(1_000)))
        #expect(second.value.first?.contains("\"0\"") == true)
        #expect(second.value.last?.contains("1999") == true)
        two.remove()
    }
}
