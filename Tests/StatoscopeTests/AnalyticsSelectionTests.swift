import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A shop till that opts one case out of analytics, throws for another and loads a price through
/// `mapToResult()` into an `EffectResult`.
@MainActor
final class Till: Scope {
    var bought = 0
    var price: EffectResult<Int>?

    enum When: Codable, Sendable, TrackedWhen {
        case userTappedBuy(items: Int)
        case viewScrolled(offset: Double)
        case userTappedRefund
        case priceLoaded(EffectResult<Int>)

        var isTracked: Bool {
            if case .viewScrolled = self { return false }
            return true
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedBuy(let items):
            bought += items
            effectsState.enqueue(PriceLookup(fails: items == 0).mapToResult().map(When.priceLoaded))
        case .viewScrolled: break
        case .userTappedRefund: throw RefundRefused()
        case .priceLoaded(let price): self.price = price
        }
    }
}

/// A till whose events opt in one case only.
@MainActor
final class Drawer: Scope {
    enum When: Codable, Sendable, TrackedWhen {
        case opened
        case counted(Int)

        var isTracked: Bool {
            if case .opened = self { return true }
            return false
        }
    }

    func update(_ when: When) throws {}
}

/// Codable, so recordable, but never opted in to analytics.
@MainActor
final class Receipt: Scope {
    enum When: Codable, Sendable { case printed(total: Int) }
    func update(_ when: When) throws {}
}

struct PriceLookup: Effect {
    let fails: Bool
    func runEffect() async throws -> Int {
        if fails { throw PriceUnavailable() }
        return 42
    }
}

struct PriceUnavailable: Error {}
struct RefundRefused: Error {}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(20)), .isolatedInstruments)
struct AnalyticsSelectionTests {
    private func tracking(_ body: () async -> Void) async -> [String] {
        let tracked = TrackedEvents()
        defer { tracked.stop() }
        await body()
        return await tracked.delivered().map(\.description)
    }

    @Test func onlyCasesTheAppOptedInAreTracked() async {
        let till = Till()
        let drawer = Drawer()
        let events = await tracking {
            till.send(.viewScrolled(offset: 3))
            drawer.send(.counted(5))
            drawer.send(.opened)
            Receipt().send(.printed(total: 9))
        }
        #expect(events == ["opened{} at Drawer"])
    }

    @Test func anEventWhoseUpdateThrewIsNotTracked() async {
        let till = Till()
        let reports = ErrorReportCollector(for: till)
        let events = await tracking { till.send(.userTappedRefund) }
        #expect(events == [])
        #expect(
            reports.reports.map(\.description) == [
                "Till: Till.update(userTappedRefund) threw RefundRefused()"
            ])
    }

    @Test func completionsMappedToAnEffectResultAreTracked() async {
        let till = Till()
        let events = await tracking {
            till.send(.userTappedBuy(items: 2))
            await till.effectsState.waitUntilSettled()
            till.send(.userTappedBuy(items: 0))
            await till.effectsState.waitUntilSettled()
        }
        #expect(
            events == [
                "userTappedBuy{items: 2} at Till",
                "priceLoaded{_0: {success: {_0: 42}}} at Till",
                "userTappedBuy{items: 0} at Till",
                #"priceLoaded{_0: {failure: {_0: {message: "PriceUnavailable()", type: "PriceUnavailable"}}}} at Till"#,
            ])
        #expect(
            till.price == .failure(EffectFailure(type: "PriceUnavailable", message: "PriceUnavailable()")))
        #expect(throws: EffectFailure(type: "PriceUnavailable", message: "PriceUnavailable()")) {
            try till.price?.get()
        }
    }
}
