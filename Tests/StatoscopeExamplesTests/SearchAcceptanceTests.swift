import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The search screen asks the server once the user paused typing for its quiet period, on the
/// plan's virtual clock: a burst of keystrokes schedules one search, each keystroke restarts the
/// wait, and the results, or the server's error, replace the searching indicator.
struct SearchAcceptanceTests {
    @Test func typingQuicklySchedulesOneSearchThatStartsOnceTheUserPaused() throws {
        try SearchScreen.GIVEN("an empty search screen") { SearchScreen() }
            .injecting(SearchAPI.overCatalog)
            .WHEN(.userTypesQuery("s"))
            .THEN(\.query, equals: "s")
            .THEN(\.viewShowsSearching, equals: true)
            .THEN_Scheduled(Search.self)
            .WHEN(.userTypesQuery("sw"))
            .THEN_Cancelled(Search(query: "s"))
            .WHEN(.userTypesQuery("swi"))
            .THEN_Cancelled(Search(query: "sw"))
            .THEN_Enqueued(Search.self, count: 1)
            .THEN_Enqueued(Search(query: "swi"))
            .THEN_Scheduled(Search.self)
            .WHEN_TimePasses(.milliseconds(299))
            .THEN_Scheduled(Search.self)
            .WHEN_TimePasses(.milliseconds(1))
            .WHEN_EffectCompletes(Search.self, with: ["swift", "swiftly"])
            .THEN(\.viewDisplaysResults, equals: ["swift", "swiftly"])
            .THEN(\.viewShowsSearching, equals: false)
            .THEN_Nil(\.viewDisplaysError)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func eachKeystrokeRestartsTheQuietPeriod() throws {
        try SearchScreen.GIVEN("an empty search screen") { SearchScreen() }
            .injecting(SearchAPI.overCatalog)
            .WHEN(.userTypesQuery("s"))
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Scheduled(Search.self)
            .WHEN(.userTypesQuery("sw"))
            .THEN_Cancelled(Search(query: "s"))
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Scheduled(Search.self)
            .THEN_Enqueued(Search(query: "sw"))
            .WHEN_TimePasses(.milliseconds(50))
            .WHEN_EffectCompletes(Search.self, with: ["swift", "swift-format", "swiftly", "sweep"])
            .THEN(\.viewDisplaysResults, equals: ["swift", "swift-format", "swiftly", "sweep"])
            .runTest()
    }

    @Test func typingWhileASearchRunsReplacesItAndWaitsAnew() throws {
        try SearchScreen.GIVEN("a search for \"sw\" running") { SearchScreen() }
            .injecting(SearchAPI.overCatalog)
            .WHEN(.userTypesQuery("sw"))
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .WHEN(.userTypesQuery("swe"))
            .THEN_Cancelled(Search(query: "sw"))
            .THEN_Enqueued(Search.self, count: 1)
            .THEN_Scheduled(Search.self)
            .THEN(\.viewShowsSearching, equals: true)
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .WHEN_EffectCompletes(Search.self, with: ["sweep"])
            .THEN(\.viewDisplaysResults, equals: ["sweep"])
            .THEN(\.query, equals: "swe")
            .runTest()
    }

    @Test func aFailedSearchShowsItsErrorUntilTheUserTypesAgain() throws {
        try showingResultsForSw()
            .WHEN(.userTypesQuery("swi"))
            .THEN(\.viewDisplaysResults, equals: ["swift"])
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .WHEN_EffectFails(Search.self, with: ServerError(message: "search is down"))
            .THEN(\.viewShowsSearching, equals: false)
            .THEN(\.viewDisplaysError, equals: "search is down")
            .THEN(\.viewDisplaysResults, equals: [])
            .THEN_NoEffects()
            .WHEN(.userTypesQuery("swif"))
            .THEN_Nil(\.viewDisplaysError)
            .THEN(\.viewShowsSearching, equals: true)
            .THEN_Scheduled(Search.self)
            .runTest()
    }

    @Test func clearingTheQueryCancelsTheSearchAndTheResults() throws {
        try showingResultsForSw()
            .WHEN(.userTypesQuery("swi"))
            .WHEN(.userTypesQuery(" "))
            .THEN_Cancelled(Search(query: "swi"))
            .THEN_NoEffects()
            .THEN(\.viewShowsSearching, equals: false)
            .THEN(\.viewDisplaysResults, equals: [])
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func resultsThatDoNotAnswerTheQueryShownAreRejected() throws {
        try SearchScreen.GIVEN("a screen searching for \"swi\"") { SearchScreen() }
            .injecting(SearchAPI.overCatalog)
            .WHEN_Throws(.networkFinishesSearching(query: "swi", .success(["swift"])), InvalidStateError.self)
            .WHEN(.userTypesQuery("swi"))
            .WHEN_Throws(.networkFinishesSearching(query: "sw", .success(["sweep"])), InvalidStateError.self)
            .THEN(\.viewDisplaysResults, equals: [])
            .THEN(\.viewShowsSearching, equals: true)
            .runTest()
    }

    /// The screen once the search for "sw" answered: the starting point of the plans where the user
    /// types on.
    private func showingResultsForSw() throws -> TestPlan<SearchScreen> {
        try SearchScreen.GIVEN("a screen showing the results for \"sw\"") { SearchScreen() }
            .injecting(SearchAPI.overCatalog)
            .WHEN(.userTypesQuery("sw"))
            .WHEN_TimePasses(SearchScreen.quietPeriod)
            .WHEN_EffectCompletes(Search.self, with: ["swift"])
            .THEN(\.viewDisplaysResults, equals: ["swift"])
    }
}
