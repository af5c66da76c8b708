import Statoscope
import StatoscopeTesting
import Testing

/// A persisted key and a key kept in memory, read by `Sizer`.
enum PlanKeys {
    static let size = SharedKey<Int>.persisted("planSize", default: 14)
    static let memory = SharedKey<Int>("planMemory", default: 0)
}

@MainActor
final class Sizer: Scope {
    @Shared(PlanKeys.size) var size: Int
    @Shared(PlanKeys.memory) var memory: Int
    enum When: Sendable {
        case larger
        case remember
    }
    func update(_ when: When) throws {
        switch when {
        case .larger: size += 1
        case .remember: memory += 1
        }
    }
}

/// Shared values in plans: a negative or huge write count is refused naming it; a stored value seeds
/// every fork, and a fork's saves stay in it; seeding a key kept in memory is seen or refused clearly.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct SharedValuePlanTests {
    @Test func aNegativeOrHugeWriteCountIsRefusedNamingIt() throws {
        let failures = try capturingFailures {
            try Sizer.GIVEN { Sizer() }
                .WHEN(.larger)
                .THEN_Saved(PlanKeys.size, equals: 15, writes: -1)
                .THEN_Saved(PlanKeys.size, equals: 15, writes: Int.min)
                .runTest()
        }
        #expect(failures.count == 2, "\(failures.map(\.message))")
        #expect(failures.allSatisfy { $0.message.contains("writes") }, "\(failures.map(\.message))")
    }

    @Test func aStoredValueSeedsEveryForkAndAForksSavesStayInIt() throws {
        let failures = try capturingFailures {
            try Sizer.GIVEN { Sizer() }
                .GIVEN_Stored(PlanKeys.size, 30)
                .WHEN(.larger)
                .FORK(.larger) { branch in
                    try branch
                        .THEN_Shared(PlanKeys.size, equals: 32)
                        .WHEN_TimePasses(.milliseconds(250))
                        .THEN_Saved(PlanKeys.size, equals: 32, writes: 2)
                }
                .THEN_Shared(PlanKeys.size, equals: 31)
                .THEN_Saved(PlanKeys.size, equals: 31, writes: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func seedingAKeyKeptInMemoryIsSeenOrRefusedClearly() throws {
        let failures = try capturingFailures {
            try Sizer.GIVEN { Sizer() }
                .GIVEN_Stored(PlanKeys.memory, 5)
                .WHEN(.remember)
                .THEN_Shared(PlanKeys.memory, equals: 6)
                .runTest()
        }
        #expect(
            failures.isEmpty || failures.first?.message.contains("memory") == true,
            "\(failures.map(\.message))")
    }
}
