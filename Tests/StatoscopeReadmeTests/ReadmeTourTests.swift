import Statoscope
import Testing

/// Runs the README's tour, so its samples are exercised, not only compiled.
@MainActor
struct ReadmeTourTests {
    @Test func counterFromTheTourCounts() async {
        let counter = Counter()
        tapTwice(counter)
        #expect(counter.viewDisplaysTotalCount == 2)
    }

    @Test func treeFromTheTourLinksRowsAndReadsTheirDependency() async throws {
        let app = App()
        app.injectObject(NamesAPI { id in "mock \(id)" })
        app.send(.listLoaded(2))
        app.rows[1].send(.userTappedRow)
        await app.effectsState.waitUntilSubtreeSettled()
        #expect(app.opened == [1])
        #expect(app.rows[1].name == "mock 1")
        #expect(app.rows[1].scopePath == "App.rows[1]")
    }
}
