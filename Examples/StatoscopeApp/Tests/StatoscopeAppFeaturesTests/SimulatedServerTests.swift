import StatoscopeAppFeatures
import Testing

/// The server the app runs against: what it stores is what it answers, and each stored count reaches
/// the open live-count connections. Without latency, so that nothing waits on a clock.
@Suite(.timeLimit(.minutes(1)))
struct SimulatedServerTests {
    @Test func aStoredCountIsLoadedAndPushedToTheLiveCount() async throws {
        let server = SimulatedServer(latency: .zero)
        let counter = CounterClient.simulated(server)
        var updates = LiveCountClient.simulated(server).updates().makeAsyncIterator()
        // The first element is the count when the connection opened: once it arrived, the
        // connection hears every change.
        #expect(try await updates.next() == 0)
        #expect(try await counter.save(5) == 5)
        #expect(try await counter.load() == 5)
        #expect(try await updates.next() == 5)
    }

    @Test func anInvalidEmailIsRefusedAndTheProfileKept() async throws {
        let profiles = ProfileClient.simulated(SimulatedServer(latency: .zero))
        let original = try await profiles.load()
        await #expect(throws: APIError(message: "ada is not an email address")) {
            try await profiles.save(Profile(name: "Ada", email: "ada"))
        }
        #expect(try await profiles.load() == original)
    }

    @Test func searchMatchesTitlesCaseInsensitively() async throws {
        let search = SearchClient.simulated(
            SimulatedServer(latency: .zero, catalog: ["Swift", "Observation"]))
        #expect(try await search.search("sw") == ["Swift"])
    }
}
