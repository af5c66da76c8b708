import Statoscope
import Testing

/// Runs the README's tour, so its samples are exercised, not only compiled.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ReadmeTourTests {
    @Test func counterFromTheTourCounts() async {
        let counter = Counter()
        tapTwice(counter)
        #expect(counter.viewDisplaysTotalCount == 2)
    }

    @Test func treeFromTheTourLinksRowsAndReadsTheirDependency() async throws {
        let home = Home()
        home.inject(NamesAPI { id in "mock \(id)" })
        home.send(.listLoaded(2))
        home.rows[1].send(.userTappedRow)
        await home.effectsState.waitUntilSubtreeSettled()
        #expect(home.opened == [1])
        #expect(home.rows[1].name == "mock 1")
        #expect(home.rows[1].scopePath == "Home.rows[1]")
    }
}
