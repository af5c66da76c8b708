import Statoscope
import Testing

/// Error handlers that release registrations, add handlers, or cause another error while a report is
/// delivered: each sees what its registration says. Each test runs with instruments of its own
/// (`.isolatedInstruments`).
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct ErrorHandlerRegistrationTests {
    // ErrorReporting: a handler releasing another handler's registration, and its own, while a
    // report is delivered; the released ones receive nothing after.
    @Test func handlersReleasingRegistrationsWhileAReportIsDelivered() {
        let log = MainBox<[String]>([])
        let second = MainBox<InstrumentRegistration?>(nil)
        let first = MainBox<InstrumentRegistration?>(nil)
        first.value = ErrorReporting.addHandler { report in
            log.value.append("first \(report.error)")
            second.value = nil
            first.value = nil
        }
        second.value = ErrorReporting.addHandler { report in
            log.value.append("second \(report.error)")
        }
        let third = ErrorReporting.addHandler { report in
            log.value.append("third \(report.error)")
        }
        let counter = InstrumentedCounter()
        counter.send(.fail(1))
        log.value.append("|")
        counter.send(.fail(2))
        let afterFirst = Array(log.value.drop { $0 != "|" })
        #expect(afterFirst == ["|", "third CounterError(2)"], "log: \(log.value)")
        #expect(log.value.contains("third CounterError(1)"))
        third.remove()
    }

    @Test func handlersAddingHandlersFromHandlers() {
        let log = MainBox<[String]>([])
        let kept = MainBox<[InstrumentRegistration]>([])
        let adder = ErrorReporting.addHandler { report in
            log.value.append("adder \(report.error)")
            if kept.value.isEmpty {
                kept.value.append(
                    ErrorReporting.addHandler { report in log.value.append("added \(report.error)") })
                _ = ErrorReporting.addHandler { report in log.value.append("dropped \(report.error)") }
            }
        }
        let counter = InstrumentedCounter()
        counter.send(.fail(1))
        counter.send(.fail(2))
        #expect(log.value.contains("added CounterError(2)"), "log: \(log.value)")
        #expect(!log.value.contains { $0.hasPrefix("dropped") }, "log: \(log.value)")
        #expect(
            log.value.filter { $0.hasPrefix("adder") } == ["adder CounterError(1)", "adder CounterError(2)"])
        adder.remove()
        kept.value = []
    }

    @Test func aHandlerThatCausesAnotherErrorSeesBothReports() {
        let log = MainBox<[String]>([])
        let counter = InstrumentedCounter()
        let handler = ErrorReporting.addHandler { report in
            log.value.append("h \(report.error)")
            if (report.error as? CounterError)?.n == 1 { counter.send(.fail(2)) }
        }
        let other = ErrorReporting.addHandler { report in log.value.append("o \(report.error)") }
        counter.send(.fail(1))
        #expect(
            Set(log.value) == [
                "h CounterError(1)", "h CounterError(2)", "o CounterError(1)", "o CounterError(2)",
            ],
            "log: \(log.value)")
        #expect(log.value.count == 4)
        handler.remove()
        other.remove()
    }
}
