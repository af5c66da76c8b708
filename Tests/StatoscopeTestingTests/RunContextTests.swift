import Statoscope
import StatoscopeTesting
import Testing
import XCTest

private struct NoDatabase: Error {}

@Suite struct RunContextTests {
    @Test func effectsRunAgainOnceThePlanIsOverEvenAfterFailures() async throws {
        _ = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userChecksOutEmptyCart).THEN(\.items, equals: ["x"]).runTest()
        }
        let execution = await MainActor.run { ScopeRuntime.effectExecution }
        #expect(execution == .running)
    }

    @Test func aPlanRunsOnceAndTakesNoStepAfterItsRun() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        try plan.runTest()
        #expect(throws: TestPlanError.self) { try plan.runTest() }
        #expect(throws: TestPlanError.self) { _ = try plan.THEN(\.items, equals: []) }
    }

    @Test func aBuilderThatThrowsFailsAtGivensLine() throws {
        let givenLine: UInt = #line + 1
        let plan = try Cart.GIVEN { () throws -> Cart in throw NoDatabase() }
            .THEN(\.items, equals: [])
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.givenThrew])
        #expect(failures.map(\.location.line) == [givenLine])
        #expect(failures.first?.message.contains("actual: threw NoDatabase()") == true)
    }

    @Test func aPlanWhoseBuildingThrowsIsNotAlsoReportedAsNeverRun() throws {
        let failures = capturingFailures {
            #expect(throws: NoDatabase.self) {
                _ = try Cart.GIVEN { Cart() }.FORK(.userAddsItem("a")) { _ in throw NoDatabase() }
            }
        }
        #expect(failures == [])
    }

    @Test func aCheckerClosureFailsItsStepWithTheErrorItThrows() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let line: UInt = #line + 1
        _ = try plan.THEN(\.items) { items in
            guard items.count == 2 else { throw CheckFailure("two items, got \(items.count)") }
        }
        _ = try plan.THEN(\.items) { items in
            guard items.count == 1 else { throw CheckFailure("one item") }
        }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.message.contains("the check threw two items, got 1") == true)
        #expect(failures.first?.message.contains(#"actual: ["a"]"#) == true)
    }

    @Test func aStructuredMismatchShowsADiff() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsTwoItemsQuickly("a", "b"))
        _ = try plan.THEN(\.items, equals: ["a", "c"])
        let failures = try capturingFailures { try plan.runTest() }
        let message = try #require(failures.first?.message)
        #expect(message.contains(#"expected: ["a", "c"]"#))
        #expect(message.contains(#"actual: ["a", "b"]"#))
        #expect(message.contains(#"-   [1]: "c""#))
        #expect(message.contains(#"+   [1]: "b""#))
    }

    @Test func aNonisolatedTestRunsThePlanThroughTheMainQueue() throws {
        #expect(!MainQueue.isCurrent)
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).THEN(\.items, equals: ["a"]).runTest()
        }
        #expect(failures == [])
    }

    @Test func anAsyncNonisolatedTestRunsPlansToo() async throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).THEN(\.items, equals: ["b"]).runTest()
        }
        #expect(failures.map(\.kind) == [.wrongValue])
    }
}

final class RunContextXCTests: XCTestCase {
    func testANonisolatedMethodRunsOnTheMainQueueInPlace() throws {
        XCTAssertTrue(MainQueue.isCurrent)
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).THEN(\.items, equals: ["b"]).runTest()
        }
        XCTAssertEqual(failures.map(\.kind), [.wrongValue])
    }

    func testAnAsyncMethodOffTheMainQueueRunsThroughIt() async throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).THEN(\.items, equals: ["b"]).runTest()
        }
        XCTAssertEqual(failures.map(\.kind), [.wrongValue])
    }
}
