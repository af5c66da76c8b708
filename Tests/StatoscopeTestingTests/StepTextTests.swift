import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// How often a value was rendered as text: CustomDump and the steps' texts read its mirror, Swift's
/// description its `description`.
final class RenderCount: @unchecked Sendable {
    private let lock = NSLock()
    private var renders = 0

    func add() {
        lock.withLock { renders += 1 }
    }

    var count: Int { lock.withLock { renders } }
}

/// A value that counts every rendering of itself.
struct CountedRecord: CustomReflectable, CustomStringConvertible, Equatable, Sendable {
    let id: Int
    let renders: RenderCount

    var customMirror: Mirror {
        renders.add()
        return Mirror(self, children: ["id": id])
    }

    var description: String {
        renders.add()
        return "CountedRecord(id: \(id))"
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

/// A screen that loads a record, or a list of numbers, through effects.
@MainActor
final class RecordScreen: Scope {
    var record: CountedRecord?
    var numbers: [Int] = []

    enum When {
        case appeared
        case recordLoaded(CountedRecord)
        case numbersLoaded([Int])
    }

    struct LoadRecord: Effect {
        let renders: RenderCount
        func runEffect() async throws -> CountedRecord { CountedRecord(id: 0, renders: renders) }
    }

    struct LoadNumbers: Effect {
        func runEffect() async throws -> [Int] { [] }
    }

    let renders: RenderCount

    init(renders: RenderCount = RenderCount()) {
        self.renders = renders
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared:
            effectsState.enqueue(LoadRecord(renders: renders).map(When.recordLoaded))
            effectsState.enqueue(LoadNumbers().map(When.numbersLoaded))
        case .recordLoaded(let record): self.record = record
        case .numbersLoaded(let numbers): self.numbers = numbers
        }
    }
}

/// A step's text (its line in the specification, its name in a failure message) is made when it is
/// read, and a long list in it reads as its first elements and how many more there are.
@Suite struct StepTextTests {
    @Test func aStepsValueIsRenderedOnlyWhenItsTextIsRead() throws {
        let renders = RenderCount()
        let plan = try RecordScreen.GIVEN { RecordScreen(renders: renders) }
            .WHEN(.appeared)
            .WHEN_EffectCompletes(RecordScreen.LoadRecord.self, with: CountedRecord(id: 7, renders: renders))
            .THEN(\.record, equals: CountedRecord(id: 7, renders: renders))
            .WHEN_EffectCompletes(RecordScreen.LoadNumbers.self, with: [1, 2])
        #expect(renders.count == 0, "building the plan rendered the value")
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(renders.count == 0, "a passing run rendered the value")
        let specification = plan.specification
        #expect(specification.contains("- **And** `LoadRecord` completes with `CountedRecord(id: 7)`\n"))
        #expect(specification.contains("- **Then** record is `CountedRecord(id: 7)`\n"))
        #expect(renders.count > 0)
    }

    @Test func aLongListReadsAsItsFirstElementsAndHowManyMore() throws {
        let plan = try RecordScreen.GIVEN { RecordScreen() }
            .WHEN(.appeared)
            .WHEN_EffectCompletes(RecordScreen.LoadNumbers.self, with: Array(0..<3_000))
            .THEN(\.numbers.count, equals: 3_000)
            .WHEN(.numbersLoaded(Array(0..<5)))
            .THEN(\.numbers, equals: Array(0..<6))
        let specification = plan.specification
        #expect(specification.contains("- **And** `LoadNumbers` completes with `[0, 1, 2, … 2,997 more]`\n"))
        #expect(specification.contains("- **When** numbers loaded: `[0, 1, 2, 3, 4]`\n"))
        #expect(specification.contains("- **Then** numbers is `[0, 1, 2, … 3 more]`\n"))
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        // The check's message shows both values whole, so the developer sees what differs.
        #expect(failures.first?.message.contains("expected: [0, 1, 2, 3, 4, 5]") == true)
    }

    @Test func aFailedStepIsNamedWithItsValueShortened() throws {
        let failures = try capturingFailures {
            try RecordScreen.GIVEN { RecordScreen() }
                .WHEN_EffectCompletes(RecordScreen.LoadNumbers.self, with: Array(0..<10_000))
                .runTest()
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix(
                "WHEN_EffectCompletes(LoadNumbers.self, with: [0, 1, 2, … 9,997 more]) on RecordScreen: "
                    + "no LoadNumbers is pending") == true, "\(failures.map(\.message))")
    }
}
