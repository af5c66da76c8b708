import Statoscope

/// A countdown: a stream a plan feeds by hand; it never runs in a plan.
struct Countdown: StreamEffect, Equatable {
    let from: Int

    func makeElements() -> AsyncStream<Int> {
        EffectRuns.record()
        return AsyncStream { continuation in
            for remaining in stride(from: from, through: 0, by: -1) { continuation.yield(remaining) }
            continuation.finish()
        }
    }
}

/// A feed of readings mapped with `mapToResult()`: its failure arrives as a last event.
struct Readings: StreamEffect, Equatable {
    func makeElements() -> AsyncStream<Double> {
        EffectRuns.record()
        return AsyncStream { $0.finish() }
    }
}

struct EngineJammed: Error, Equatable {}

/// A launch pad: a countdown whose every tick and whose end are events, and a feed of readings.
final class LaunchPad: Scope {
    var remaining: Int?
    var ending: String?
    var readings: [Double] = []
    var readingError: String?

    enum When {
        case userTappedLaunch(from: Int)
        case userOpenedReadings
        case ticked(Int)
        case countdownEnded(String)
        case readingArrived(Result<Double, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedLaunch(let from):
            effectsState.enqueue(
                Countdown(from: from).map(When.ticked).onEnd { When.countdownEnded("\($0)") },
                key: "countdown")
        case .userOpenedReadings:
            effectsState.enqueue(Readings().mapToResult().map(When.readingArrived))
        case .ticked(let value):
            remaining = value
        case .countdownEnded(let how):
            ending = how
        case .readingArrived(.success(let value)):
            readings.append(value)
        case .readingArrived(.failure(let error)):
            readingError = "\(error)"
        }
    }
}

struct LaunchAborted: Error, Equatable {}

/// Mission control: presents a launch pad and dismisses it, and runs a countdown as a one-shot effect
/// (its `Void` result mapped, so it delivers once, at its end).
final class MissionControl: Scope {
    @Subscope var pad: LaunchPad? = nil
    var silentCountdownDone = false

    enum When {
        case userOpensPad
        case userClosesPad
        case userStartsSilentCountdown
        case silentCountdownDone
        case userStartsCountdownAndAborts
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpensPad: pad = LaunchPad()
        case .userClosesPad: pad = nil
        case .userStartsSilentCountdown:
            effectsState.enqueue(Countdown(from: 3).map { (_: Void) in When.silentCountdownDone })
        case .silentCountdownDone: silentCountdownDone = true
        case .userStartsCountdownAndAborts:
            effectsState.enqueue(Countdown(from: 1).map { _ in When.silentCountdownDone })
            throw LaunchAborted()
        }
    }
}

/// A search request; plans complete it by hand.
struct Search: Effect, Equatable {
    let query: String
    func runEffect() async throws -> [String] {
        EffectRuns.record()
        return [query]
    }
}

/// Search-as-you-type: a search starts once the user paused typing for 300 ms.
final class SearchScreen: Scope {
    var results: [String] = []

    var refreshes = 0

    enum When {
        case userTyped(String)
        case resultsArrived([String])
        case userPulledToRefresh
        case refreshed
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let query):
            effectsState.enqueue(
                Search(query: query).map(When.resultsArrived), key: "search",
                ifKeyInFlight: .debounce(.milliseconds(300)))
        case .resultsArrived(let results):
            self.results = results
        case .userPulledToRefresh:
            effectsState.enqueue(
                Search(query: "").map { _ in When.refreshed }, key: "refresh",
                ifKeyInFlight: .throttle(.seconds(1)))
        case .refreshed:
            refreshes += 1
        }
    }
}
