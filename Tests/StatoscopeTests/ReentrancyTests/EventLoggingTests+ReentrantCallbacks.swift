import Statoscope
import StatoscopeTestSupport
import Testing

/// An error handler that reports from its own call, a cancellation predicate that enqueues, and a
/// scope's middleware that removes itself and sends: each call back into the library runs once. Error
/// handlers are app-wide: these run with the logging tests, one at a time.
extension EventLoggingTests {
    @Test func anErrorHandlerThatReportsFromItsOwnCallIsCalledForEachReportOnce() async {
        let tally = Tally()
        var seen: [String] = []
        var registration: ErrorReporting.Registration?
        registration = ErrorReporting.addHandler { report in
            guard report.scopeID == ObjectIdentifier(tally) else { return }
            seen.append("\(report.error)")
            if seen.count == 1 {
                ErrorReporting.report(
                    ErrorReport(error: OutputBroke(), source: .observation, scope: tally))
                registration?.remove()
            }
        }
        ErrorReporting.report(ErrorReport(error: OutputBroke(), source: .treeChange, scope: tally))
        ErrorReporting.report(ErrorReport(error: OutputBroke(), source: .treeChange, scope: tally))
        #expect(seen.count == 2, "the first, and the one reported from its handler: \(seen)")
    }

    @Test func aPredicateThatEnqueuesKeepsWhatItEnqueued() async {
        let work = PacedWork()
        work.send(.runHeld(1, .keepOlder))
        var calls = 0
        work.effectsState.cancelEffect { _ in
            calls += 1
            work.effectsState.enqueue(AnyEffect { 2 }.map(PacedWork.When.finished))
            return true
        }
        #expect(calls == 1)
        #expect(work.effectsState.effects.count == 1, "enqueued after the library's own work")
        #expect(await work.effectsState.settlesWithinTestPatience())
        #expect(work.finished == [2])
    }

    @Test func aScopeMiddlewareThatRemovesItselfAndSendsRunsEachEventOnce() async {
        let tally = Tally()
        var seen: [Int] = []
        let holder = Box<InstrumentRegistration?>(nil)
        holder.value = tally.addMiddleware { scope, when, next in
            if case .add(let amount) = when { seen.append(amount) }
            holder.value?.remove()
            try next(when)
            scope.send(.add(10))
        }
        tally.send(.add(1))
        tally.send(.add(2))
        #expect(seen == [1])
        #expect(tally.count == 13)
    }
}
