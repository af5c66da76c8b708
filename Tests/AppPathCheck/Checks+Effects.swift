import Foundation
import Statoscope

/// What the effects' tasks saw, from the threads they ran on.
private struct EffectSightings: Sendable {
    let started = Collected<String>()
    let cancelled = Collected<String>()
    let ranOnMainThread = Collected<Bool>()
}

/// A search that answers at once, or, for "slow", waits until it is cancelled.
private struct Search: Effect {
    let query: String
    let sightings: EffectSightings

    func runEffect() async throws -> String {
        sightings.started.append(query)
        sightings.ranOnMainThread.append(Thread.isMainThread)
        if query == "slow" {
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                sightings.cancelled.append(query)
                throw error
            }
        }
        return "results for \(query)"
    }
}

@MainActor
private final class SearchScreen: Scope {
    let sightings = EffectSightings()
    var results: [String] = []

    enum When {
        case userSearched(String)
        case userSearchedUnkeyed(String)
        case resultsArrived(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userSearched(let query):
            effectsState.enqueue(
                Search(query: query, sightings: sightings).map(When.resultsArrived), key: "search")
        case .userSearchedUnkeyed(let query):
            effectsState.enqueue(Search(query: query, sightings: sightings).map(When.resultsArrived))
        case .resultsArrived(let results):
            self.results.append(results)
        }
    }
}

/// Effects: enqueued by an update, run off the main actor, their results sent back as events; an
/// effect with the key of one in flight replaces it, and cancelling by key stops it.
extension Checks {
    static var effects: [NamedCheck] {
        [
            NamedCheck(
                "an effect enqueued in update runs off the main thread and its result comes back as an event",
                anEffectsResultComesBackAsAnEvent),
            NamedCheck(
                "an effect with the key of one in flight cancels it, which delivers nothing",
                anEffectWithTheKeyOfOneInFlightCancelsIt),
            NamedCheck(
                "cancelling by key stops the effect, which delivers nothing", cancellingByKeyStopsTheEffect),
        ]
    }

    static func anEffectsResultComesBackAsAnEvent(_ check: Check) async {
        let screen = SearchScreen()
        screen.send(.userSearchedUnkeyed("tea"))
        check.expect("the effects in flight after the search", screen.effectsState.effects.count, equals: 1)
        await check.waitUntil("the results reaching update", got: "\(screen.results)") {
            !screen.results.isEmpty
        }
        check.expect("the results", screen.results, equals: ["results for tea"])
        check.expect("the effects in flight once delivered", screen.effectsState.effects.count, equals: 0)
        check.expect("where the effect ran", screen.sightings.ranOnMainThread.all, equals: [false])
    }

    static func anEffectWithTheKeyOfOneInFlightCancelsIt(_ check: Check) async {
        let screen = SearchScreen()
        screen.send(.userSearched("slow"))
        await check.waitUntil("the slow search starting") { screen.sightings.started.all == ["slow"] }
        screen.send(.userSearched("fast"))
        await check.waitUntil("the slow search cancelled", got: "\(screen.sightings.cancelled.all)") {
            screen.sightings.cancelled.all == ["slow"]
        }
        await check.waitUntil("the fast search's results", got: "\(screen.results)") {
            !screen.results.isEmpty
        }
        check.expect("the results", screen.results, equals: ["results for fast"])
        check.expect("the effects in flight", screen.effectsState.effects.count, equals: 0)
    }

    static func cancellingByKeyStopsTheEffect(_ check: Check) async {
        let screen = SearchScreen()
        screen.send(.userSearched("slow"))
        await check.waitUntil("the slow search starting") { screen.sightings.started.all == ["slow"] }
        screen.effectsState.cancelEffect(key: "search")
        check.expect("the effects in flight once cancelled", screen.effectsState.effects.count, equals: 0)
        await check.waitUntil("the slow search's task cancelled", got: "\(screen.sightings.cancelled.all)") {
            screen.sightings.cancelled.all == ["slow"]
        }
        // An unkeyed search after it: once its results are in, the slow one has had its chance to
        // deliver.
        screen.send(.userSearchedUnkeyed("tea"))
        await check.waitUntil("the next search's results", got: "\(screen.results)") {
            !screen.results.isEmpty
        }
        check.expect("the results", screen.results, equals: ["results for tea"])
    }
}
