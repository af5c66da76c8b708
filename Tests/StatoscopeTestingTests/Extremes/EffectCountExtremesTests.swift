import Statoscope
import StatoscopeTesting
import Testing

/// A scope that enqueues as many equal effects as its event says, itself or through a child that is
/// always there or one that may be missing.
@MainActor
final class Batch: Scope {
    @Subscope var inner = BatchRow()
    @Subscope var spare: BatchRow? = BatchRow()

    enum When {
        case enqueue(Int)
    }

    func update(_ when: When) throws {
        guard case .enqueue(let count) = when else { return }
        for _ in 0..<count { effectsState.enqueue(Lap(from: 1).map { _ in When.enqueue(0) }) }
    }
}

/// The child of a ``Batch``, enqueueing the same way.
@MainActor
final class BatchRow: Scope {
    enum When {
        case enqueue(Int)
    }

    func update(_ when: When) throws {
        guard case .enqueue(let count) = when else { return }
        for _ in 0..<count { effectsState.enqueue(Lap(from: 1).map { _ in When.enqueue(0) }) }
    }
}

/// `THEN_Enqueued(_:count:)` in each of its six forms, at zero, negative, the ends of `Int`: zero and
/// the largest count check as any count does, a negative one fails its step as a misuse naming
/// `count`.
@Suite struct EffectCountExtremesTests {
    /// How the message of each form of the count check begins.
    static let names = [
        "THEN_Enqueued(Lap.self, count: ", "THEN_Enqueued(Lap(from: 1), count: ",
        "THEN_Enqueued(Lap.self, count: ", "THEN_Enqueued(Lap(from: 1), count: ",
        "THEN_Enqueued(Lap.self, count: ", "THEN_Enqueued(Lap(from: 1), count: ",
    ]

    /// Adds the count check in its form `form`: by type or by value, on the root, on a child or on
    /// an optional child.
    static func check(form: Int, _ plan: TestPlan<Batch>, count: Int) throws -> TestPlan<Batch> {
        switch form {
        case 0: try plan.THEN_Enqueued(Lap.self, count: count)
        case 1: try plan.THEN_Enqueued(Lap(from: 1), count: count)
        case 2: try plan.WITH(\.inner) { try $0.THEN_Enqueued(Lap.self, count: count) }
        case 3: try plan.WITH(\.inner) { try $0.THEN_Enqueued(Lap(from: 1), count: count) }
        case 4: try plan.WITH(\.spare) { try $0.THEN_Enqueued(Lap.self, count: count) }
        default: try plan.WITH(\.spare) { try $0.THEN_Enqueued(Lap(from: 1), count: count) }
        }
    }

    /// Runs a plan with two equal effects pending on the root and on both children, then checks
    /// `count` with the form at `index`.
    private func failures(form index: Int, count: Int) throws -> [PlanFailure] {
        try capturingFailures {
            let plan = try Batch.GIVEN { Batch() }
                .WHEN(.enqueue(2))
                .WHEN(\.inner, .enqueue(2))
                .WHEN(\.spare, .enqueue(2))
            try Self.check(form: index, plan, count: count).runTest()
        }
    }

    @Test(arguments: 0..<6)
    func theRightCountPassesInEveryForm(form: Int) throws {
        #expect(try failures(form: form, count: 2) == [])
    }

    @Test(arguments: 0..<6)
    func aCountOfZeroFailsWithWhatIsPending(form: Int) throws {
        let failures = try failures(form: form, count: 0)
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(
            failures.first?.message.contains("\(Self.names[form])0) on Batch") == true,
            "\(failures.first?.message ?? "no failure")")
        #expect(failures.first?.message.contains("\nexpected: 0 pending") == true)
    }

    @Test(arguments: 0..<6, [Int.max])
    func theLargestCountFailsAsAnyCountThatIsNotMet(form: Int, count: Int) throws {
        let failures = try failures(form: form, count: count)
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(
            failures.first?.message.contains("\nexpected: \(Int.max) pending") == true,
            "\(failures.first?.message ?? "no failure")")
        #expect(failures.first?.message.contains("\nactual: 2 pending") == true)
    }

    @Test(arguments: 0..<6, [-1, Int.min])
    func aNegativeCountFailsItsStepNamingTheCount(form: Int, count: Int) throws {
        let failures = try failures(form: form, count: count)
        #expect(failures.map(\.kind) == [.misuse])
        let message = failures.first?.message ?? "no failure"
        #expect(message.hasPrefix("\(Self.names[form])\(count)) on Batch"), "\(message)")
        #expect(
            message.hasSuffix(
                """
                failed
                expected: a count of zero or more
                actual: count: \(count), which no number of pending effects can be
                """), "\(message)")
    }

    @Test func aNegativeCountReadsAsAnyCountInTheSpecification() throws {
        let plan = try Batch.GIVEN { Batch() }
            .WHEN(.enqueue(1))
            .THEN_Enqueued(Lap.self, count: Int.min)
        #expect(plan.specification.contains("\(Int.min) `Lap` are pending"), "\(plan.specification)")
        _ = try capturingFailures { try plan.runTest() }
    }
}
