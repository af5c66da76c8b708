import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Instruments that open isolations, forward events, install instruments, report or throw from inside
/// their call: each event and report stays in the isolation that sent it, and the outer sees it too.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationReentrancyTests {
    @Test func aMiddlewareThatOpensAnIsolationAndSendsFromItKeepsTheEventInsideTheOuter() {
        let outer = SeenEvents()
        let a = IsolatedScope()
        let b = IsolatedScope()
        let seen = withIsolatedInstruments {
            let seen = SeenEvents()
            let opener = Middleware.addAppWide { event, next in
                if event.scope === a {
                    withIsolatedInstruments {
                        let nested = SeenEvents()
                        b.send(.ping(2))
                        withExtendedLifetime(nested) {}
                    }
                }
                try next(event)
            }
            a.send(.ping(1))
            withExtendedLifetime(opener) {}
            return seen.whens
        }
        #expect(b.received == ["ping(2)"])
        #expect(seen.sorted() == ["ping(1)", "ping(2)"])
        #expect(outer.whens.sorted() == ["ping(1)", "ping(2)"])
    }

    @Test func anEventForwardedByAnOuterMiddlewareIsSeenByTheIsolationThatSentTheFirst() {
        let a = IsolatedScope()
        let b = IsolatedScope()
        let forwarding = Middleware.addAppWide { event, next in
            if event.scope === a, case .ping(let n) = event.when as? IsolatedScope.When {
                b.send(.ping(n + 100))
            }
            try next(event)
        }
        let seen = withIsolatedInstruments {
            let seen = SeenEvents()
            a.send(.ping(1))
            return seen.whens
        }
        a.send(.ping(2))
        withExtendedLifetime(forwarding) {}
        #expect(seen == ["ping(1)", "ping(101)"])
        #expect(b.received == ["ping(101)", "ping(102)"])
    }

    @Test func aMiddlewareInstalledByAMiddlewareInsideStopsWithTheIsolation() {
        let scope = IsolatedScope()
        let late = MainBox<SeenEvents?>(nil)
        withIsolatedInstruments {
            let installer = Middleware.addAppWide { event, next in
                if late.value == nil { late.value = SeenEvents() }
                try next(event)
            }
            scope.send(.ping(1))
            scope.send(.ping(2))
            withExtendedLifetime(installer) {}
        }
        scope.send(.ping(3))
        #expect(late.value?.whens == ["ping(2)"])
    }

    @Test func aHandlerThatReportsInsideReceivesItsOwnReportAndSoDoesTheOuter() {
        let scope = IsolatedScope()
        let outer = SeenReports(only: scope)
        let inside = withIsolatedInstruments {
            let received = MainBox<[String]>([])
            let handler = ErrorReporting.addHandler { report in
                received.value.append("\(report.error)")
                if received.value.count == 1 {
                    ErrorReporting.report(
                        ErrorReport(error: IsolatedError(n: 2), source: .observation, scope: scope))
                }
            }
            scope.send(.boom(1))
            withExtendedLifetime(handler) {}
            return received.value
        }
        #expect(inside == ["IsolatedError(1)", "IsolatedError(2)"])
        #expect(outer.errors.sorted() == ["IsolatedError(1)", "IsolatedError(2)"])
    }

    @Test func aHandlerThatOpensAnIsolationAndReportsFromItReceivesThatReport() {
        let scope = IsolatedScope()
        let received = withIsolatedInstruments {
            let received = MainBox<[String]>([])
            let handler = ErrorReporting.addHandler { report in
                received.value.append("\(report.error)")
                guard received.value.count == 1 else { return }
                withIsolatedInstruments {
                    let nested = SeenReports()
                    scope.send(.boom(2))
                    withExtendedLifetime(nested) {}
                }
            }
            scope.send(.boom(1))
            withExtendedLifetime(handler) {}
            return received.value
        }
        #expect(received == ["IsolatedError(1)", "IsolatedError(2)"])
    }

    @Test func aMiddlewareThrowingInsideIsReportedInsideAndTheUpdateIsSkipped() {
        let scope = IsolatedScope()
        let outer = SeenReports(only: scope)
        let inside = withIsolatedInstruments {
            let reports = SeenReports()
            let throwing = Middleware.addAppWide { _, _ in throw IsolatedError(n: 8) }
            scope.send(.ping(1))
            withExtendedLifetime(throwing) {}
            return reports.errors
        }
        scope.send(.ping(2))
        #expect(inside == ["IsolatedError(8)"])
        #expect(outer.errors == ["IsolatedError(8)"])
        #expect(scope.received == ["ping(2)"])
    }
}
