import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// Search asks the server once the user paused typing for the quiet period, on the plan's virtual
/// clock; each keystroke restarts the wait, and clearing the query cancels the search.
struct SearchAcceptanceTests {
    @Test func aBurstOfTypingCostsOneSearch() throws {
        try SearchScreen.GIVEN("an empty search") { SearchScreen() }
            .injecting(SearchClient.overCatalog)
            .WHEN(.userTypedQuery("s"))
            .THEN(\.isSearching, equals: true)
            .THEN_Scheduled(Search.self)
            .WHEN(.userTypedQuery("sw"))
            .THEN_Cancelled(Search(query: "s"))
            .THEN_Enqueued(Search.self, count: 1)
            .THEN_Enqueued(Search(query: "sw"))
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .WHEN_EffectCompletes(Search.self, with: ["swift", "swiftly", "sweep"])
            .THEN(\.results, equals: ["swift", "swiftly", "sweep"])
            .THEN(\.isSearching, equals: false)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func aFailedSearchShowsItsErrorAndClearingCancels() throws {
        try SearchScreen.GIVEN("an empty search") { SearchScreen() }
            .injecting(SearchClient.overCatalog)
            .WHEN(.userTypedQuery("sw"))
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .FORK_EffectFails(Search.self, with: APIError(message: "search is down")) { down in
                try down
                    .THEN(\.errorMessage, equals: "search is down")
                    .THEN(\.results, equals: [])
            }
            .WHEN(.userTypedQuery(""))
            .THEN_Cancelled(Search(query: "sw"))
            .THEN(\.isSearching, equals: false)
            .THEN_NoEffects()
            .WHEN_Throws(.resultsArrived(query: "sw", .success(["swift"])), InvalidStateError.self)
            .runTest()
    }
}
