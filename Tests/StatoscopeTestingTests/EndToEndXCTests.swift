import Statoscope
import StatoscopeTesting
import XCTest

// Each failure kind reaches XCTest for real: `XCTFail` at the failing step's file and line, on the
// running test case. `XCTExpectFailure` does not exist on Linux, so the test case keeps the failures
// recorded while a scenario runs instead of failing.

final class EndToEndXCTests: XCTestCase {
    private struct Recorded {
        let description: String
        let filePath: String
        let line: Int
    }

    private var isCapturing = false
    private var recorded: [Recorded] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard isCapturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        recorded.append(Recorded(description: description, filePath: filePath, line: lineNumber))
    }

    private func recordedFailures(of scenario: FailureScenario) throws -> [Recorded] {
        recorded = []
        isCapturing = true
        defer { isCapturing = false }
        try scenario.run()
        return recorded
    }

    private func checkEveryScenario() throws {
        for scenario in FailureScenario.all {
            let failures = try recordedFailures(of: scenario)
            XCTAssertEqual(failures.count, 1, "\(scenario): \(failures.map(\.description))")
            guard let failure = failures.first else { continue }
            XCTAssertTrue(
                scenario.matches(
                    message: failure.description, filePath: failure.filePath, line: UInt(failure.line)),
                "\(scenario) reported at \(failure.filePath):\(failure.line): \(failure.description)")
        }
    }

    func testRoutesToXCTest() {
        XCTAssertEqual(PlanIssueReporter.currentRoute, .xcTest)
    }

    func testEveryKindFailsTheTestCaseAtItsStepFromANonisolatedMethod() throws {
        try checkEveryScenario()
    }

    @MainActor
    func testEveryKindFailsTheTestCaseAtItsStepFromTheMainActor() async throws {
        try checkEveryScenario()
    }

    func testEveryKindFailsTheTestCaseAtItsStepFromAnAsyncMethodOffTheMainQueue() async throws {
        XCTAssertFalse(MainQueue.isCurrent)
        try checkEveryScenario()
    }
}
