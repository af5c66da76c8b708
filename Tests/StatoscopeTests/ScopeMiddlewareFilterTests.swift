import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import Testing

/// Scopes with middleware of their own and dismissed scopes still held share one filter, which lets
/// the events to every other scope skip the full path: each kind coming or going keeps the other's
/// checks.
@MainActor
struct ScopeMiddlewareFilterTests {
    @Test func aScopeWithoutMiddlewareIsUpdatedWhileManyOthersHaveSome() async {
        let others = (0..<100).map { _ in Journal() }
        var seen: [Int] = []
        let registrations = others.enumerated().map { index, other in
            other.addMiddleware { _, when, next in
                seen.append(index)
                try next(when)
            }
        }
        defer { for registration in registrations { registration.remove() } }
        let journal = Journal()
        // More events than pass between two release checks: some take the full path.
        for value in 1...1_000 { journal.send(.add(value)) }
        #expect(journal.total == 500_500)
        #expect(seen.isEmpty)
        others[7].send(.add(1))
        #expect(seen == [7])
        #expect(others[7].total == 1)
    }

    @Test func aScopesMiddlewareKeepsRunningWhenTheLastDismissedScopeHeldGoes() async {
        let journal = Journal()
        var seen = 0
        let registration = journal.addMiddleware { _, when, next in
            seen += 1
            try next(when)
        }
        defer { registration.remove() }
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        home.send(.close)
        #expect(ScopeFilter.mayContain(detail))
        // Linked again, the detail is no longer dismissed: no dismissed scope of this test is held.
        home.send(.present(detail))
        #expect(ScopeFilter.mayContain(journal))
        journal.send(.add(1))
        #expect(seen == 1)
        #expect(journal.total == 1)
    }

    @Test func aDismissedScopeIsRefusedWhileOthersGainAndLoseMiddleware() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        home.send(.close)
        let errors = ErrorReportCollector(for: detail)
        let journals = (0..<200).map { _ in Journal() }
        // Enough scopes with middleware that the filter is rebuilt, then all of them gone again.
        let registrations = journals.map { $0.addMiddleware { _, when, next in try next(when) } }
        detail.send(.tap)
        for registration in registrations { registration.remove() }
        #expect(ScopeFilter.mayContain(detail))
        detail.send(.tap)
        #expect(detail.taps == 0)
        #expect(
            errors.reports.map { "\($0.error)" } == [
                "Home.detail: Detail was dismissed; tap was not delivered",
                "Home.detail: Detail was dismissed; tap was not delivered",
            ])
    }

    @Test func aDismissedScopesMiddlewareNeverSeesTheEventsItRefuses() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        var seen = 0
        let registration = detail.addMiddleware { _, when, next in
            seen += 1
            try next(when)
        }
        defer { registration.remove() }
        home.send(.close)
        let errors = ErrorReportCollector(for: detail)
        detail.send(.tap)
        #expect(seen == 0)
        #expect(detail.taps == 0)
        #expect(
            errors.reports.map { "\($0.error)" } == [
                "Home.detail: Detail was dismissed; tap was not delivered"
            ])
    }
}
