import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// An analytics ping that waits on the injected clock, then counts itself as sent.
struct AnalyticsPing: Effect {
    let name: String
    let sent: PingLog
    @Injected var clock: EffectClock

    func runEffect() async throws -> String {
        try await clock.sleep(for: .seconds(1))
        sent.append(name)
        if name == "broken" { throw PingFailure() }
        return name
    }
}

struct PingFailure: Error, CustomStringConvertible {
    var description: String { "the ping was refused" }
}

/// The pings that went out.
final class PingLog: @unchecked Sendable {
    // `@unchecked Sendable`: `names` is touched only with `lock` held.
    private let lock = NSLock()
    private var names: [String] = []

    func append(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}

@MainActor
final class Article: Scope {
    let log = PingLog()
    var updates = 0

    enum When: Sendable {
        case appeared(String)
        case userLeft
    }

    func update(_ when: When) throws {
        updates += 1
        switch when {
        case .appeared(let name):
            effectsState.enqueueFireAndForget(AnalyticsPing(name: name, sent: log), key: "ping")
        case .userLeft:
            effectsState.cancelEffect(key: "ping")
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct FireAndForgetTests {
    private func article() -> (Article, ManualEffectClock) {
        let clock = ManualEffectClock()
        let article = Article()
        article.inject(EffectClock(clock))
        return (article, clock)
    }

    @Test func itIsListedUntilItEndsAndNeverReachesUpdate() async {
        let (article, clock) = article()
        article.send(.appeared("home"))
        #expect(article.effectsState.effects.compactMap { ($0 as? AnalyticsPing)?.name } == ["home"])
        await waitUntil("the ping waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        #expect(await article.effectsState.settlesWithinTestPatience())
        #expect(article.log.all == ["home"])
        #expect(article.updates == 1, "only the event that enqueued it")
    }

    @Test func cancelledByKeyItNeverRuns() async {
        let (article, clock) = article()
        article.send(.appeared("home"))
        await waitUntil("the ping waiting") { clock.sleeperCount == 1 }
        article.send(.userLeft)
        #expect(article.effectsState.effects.isEmpty)
        clock.advance(by: .seconds(5))
        await drainCompletions(of: article.runtime)
        #expect(article.log.all.isEmpty)
    }

    @Test func itsFailureIsReportedAndReachesNoUpdate() async {
        let (article, clock) = article()
        let reports = ErrorReportCollector(for: article)
        article.send(.appeared("broken"))
        await waitUntil("the ping waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        #expect(await article.effectsState.settlesWithinTestPatience())
        #expect(reports.reports.map { "\($0.error)" } == ["the ping was refused"])
        #expect(article.updates == 1)
    }
}
