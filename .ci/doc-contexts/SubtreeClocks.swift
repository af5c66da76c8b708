// What the testing article's sample of subtree clocks takes as known: a dashboard whose ticker, a
// subscope, refreshes on a clock of its own, each sending itself a refresh after a delay.
import Statoscope

@MainActor
final class Ticker: Scope {
    var refreshes = 0

    enum When: Sendable {
        case refreshLater
        case refresh
    }

    func update(_ when: When) throws {
        switch when {
        case .refreshLater: effectsState.enqueue(.refresh, after: .seconds(1))
        case .refresh: refreshes += 1
        }
    }
}

@MainActor
final class Dashboard: Scope {
    @Subscope var ticker = Ticker()
    var refreshes = 0

    enum When: Sendable {
        case refreshLater
        case refresh
    }

    func update(_ when: When) throws {
        switch when {
        case .refreshLater: effectsState.enqueue(.refresh, after: .seconds(1))
        case .refresh: refreshes += 1
        }
    }
}
