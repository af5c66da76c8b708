import Statoscope
import StatoscopeTesting
import Testing

struct SavePosition: Effect, Equatable {
    let position: Int
    func runEffect() async throws -> Int { position }
}

struct Lookup: Effect, Equatable {
    let query: String
    func runEffect() async throws -> String { query }
}

@MainActor
final class MapScreen: Scope {
    var saved: [Int] = []
    var found: [String] = []

    enum When: Sendable {
        case userMoved(Int)
        case saved(Int)
        case userTyped(String)
        case found(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userMoved(let position):
            effectsState.enqueue(
                SavePosition(position: position).map(When.saved), key: "save",
                ifKeyInFlight: .throttleLatest(.seconds(1)))
        case .saved(let position):
            saved.append(position)
        case .userTyped(let query):
            effectsState.enqueue(
                Lookup(query: query).map(When.found), key: "lookup",
                ifKeyInFlight: .debounce(.milliseconds(300)))
        case .found(let result):
            found.append(result)
        }
    }
}

@MainActor
@Suite
struct TrailingThrottlePlanTests {
    @Test func theLatestEffectOfAWindowStartsAtItsEnd() throws {
        let failures = try capturingFailures {
            try MapScreen.GIVEN { MapScreen() }
                .WHEN(.userMoved(1))
                .WHEN_EffectCompletes(SavePosition.self, with: 1)
                .THEN(\.saved, equals: [1])
                .WHEN_TimePasses(.milliseconds(200))
                .WHEN(.userMoved(2))
                .THEN_Scheduled(SavePosition.self)
                .WHEN_TimePasses(.milliseconds(300))
                .WHEN(.userMoved(3))
                .THEN_Cancelled(SavePosition(position: 2))
                .THEN_Enqueued(SavePosition.self, count: 1)
                .WHEN_TimePasses(.milliseconds(499))
                .THEN_Scheduled(SavePosition.self)
                .WHEN_TimePasses(.milliseconds(1))
                .WHEN_EffectCompletes(SavePosition.self, with: 3)
                .THEN(\.saved, equals: [1, 3])
                .WHEN(.userMoved(4))
                .THEN_Scheduled(SavePosition.self)
                .WHEN_TimePasses(.seconds(1))
                .WHEN_EffectCompletes(SavePosition.self, with: 4)
                .WHEN_TimePasses(.seconds(5))
                .WHEN(.userMoved(5))
                .WHEN_EffectCompletes(SavePosition.self, with: 5)
                .THEN(\.saved, equals: [1, 3, 4, 5])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aNewDebouncedEffectCancelsOneAlreadyRunning() throws {
        let failures = try capturingFailures {
            try MapScreen.GIVEN { MapScreen() }
                .WHEN(.userTyped("s"))
                .WHEN_TimePasses(.milliseconds(300))
                .WHEN(.userTyped("sw"))
                .THEN_Cancelled(Lookup(query: "s"))
                .WHEN_TimePasses(.milliseconds(300))
                .WHEN_EffectCompletes(Lookup.self, with: "sw")
                .THEN(\.found, equals: ["sw"])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
