import Statoscope
import StatoscopeTesting
import Testing

/// Registrations of every kind are distinct in a set and keep running there, an error handler's is the
/// same type and equates by identity, and they compare and hash off the main actor. Each test runs with
/// instruments of its own (`.isolatedInstruments`).
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct RegistrationIdentityTests {
    // InstrumentRegistration: Hashable and ==; "An identifier no other instrument has".
    @Test func registrationsOfEveryKindAreDistinctInASetAndKeepRunningThere() async {
        let log = MainBox<[String]>([])
        let tracked = LockedValue(0)
        let counter = InstrumentedCounter()
        var set: Set<InstrumentRegistration> = []
        set.insert(
            Middleware.addAppWide { event, next in
                log.value.append("app")
                try next(event)
            })
        set.insert(
            counter.addMiddleware { _, when, next in
                log.value.append("own")
                try next(when)
            })
        set.insert(ErrorReporting.addHandler { _ in log.value.append("handler") })
        set.insert(Analytics.install { _ in tracked.mutate { $0 += 1 } })
        #expect(set.count == 4)
        for _ in 0..<50 {
            set.insert(Middleware.addAppWide { event, next in try next(event) })
            set.insert(ErrorReporting.addHandler { _ in })
            set.insert(counter.addMiddleware { _, when, next in try next(when) })
            set.insert(Analytics.install { _ in })
        }
        #expect(set.count == 204)
        counter.send(.fail(1))
        await Analytics.waitUntilDelivered()
        #expect(log.value == ["app", "own", "handler"])
        counter.send(.inc)
        await Analytics.waitUntilDelivered()
        #expect(tracked.value == 1)
        // Removing does not change a registration's identity: still found in the set.
        let any = set.first!
        let hashBefore = any.hashValue
        any.remove()
        #expect(set.contains(any))
        #expect(any.hashValue == hashBefore)
        #expect(any == any)
        #expect(set.filter { $0 == any }.count == 1)
        set.removeAll()
        log.value = []
        counter.send(.fail(2))
        await Analytics.waitUntilDelivered()
        #expect(log.value.isEmpty)
        #expect(tracked.value == 1)
    }

    @Test func errorReportingRegistrationIsTheSameTypeAndEquatesByIdentity() {
        let a: ErrorReporting.Registration = ErrorReporting.addHandler { _ in }
        let b: InstrumentRegistration = ErrorReporting.addHandler { _ in }
        #expect(a != b)
        #expect(a == a)
        let c = a
        #expect(c == a && c.hashValue == a.hashValue)
        a.remove()
        b.remove()
    }

    // InstrumentRegistration's == and hash(into:) are nonisolated: usable off the main actor.
    @Test func registrationsCompareAndHashOffTheMainActor() async {
        let a = Middleware.addAppWide { event, next in try next(event) }
        let b = ErrorReporting.addHandler { _ in }
        let result = await Task.detached { (a == b, a == a, Set([a, b, a]).count) }.value
        #expect(result.0 == false)
        #expect(result.1)
        #expect(result.2 == 2)
        a.remove()
        b.remove()
    }
}
