import Foundation
import Statoscope
import StatoscopeTesting
import Testing

// Each failure kind reaches Swift Testing for real: an issue on the running test, at the failing
// step's file and line, whose comment is the message. `withKnownIssue` keeps the issues from failing
// this test and hands each one to the matcher, which records it for the checks below.

private final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Issue] = []

    func append(_ issue: Issue) {
        lock.withLock { recorded.append(issue) }
    }

    var issues: [Issue] { lock.withLock { recorded } }
}

private func checkReported(_ scenario: FailureScenario) throws {
    let log = IssueLog()
    try withKnownIssue {
        try scenario.run()
    } matching: { issue in
        log.append(issue)
        return true
    }
    let issues = log.issues
    #expect(issues.count == 1, "\(issues)")
    guard let issue = issues.first else { return }
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    let location = issue.sourceLocation
    #expect(
        scenario.matches(
            message: message, filePath: location?.filePath ?? "", line: UInt(location?.line ?? 0)),
        "\(scenario) reported at \(String(describing: location)): \(message)")
}

@Suite struct EndToEndSwiftTestingTests {
    @Test func routesToSwiftTesting() {
        #expect(PlanIssueReporter.currentRoute == .swiftTesting)
    }

    @Test(arguments: FailureScenario.all)
    func everyKindFailsTheTestAtItsStepFromANonisolatedTest(_ scenario: FailureScenario) throws {
        try checkReported(scenario)
    }

    @MainActor
    @Test(arguments: FailureScenario.all)
    func everyKindFailsTheTestAtItsStepFromAMainActorTest(_ scenario: FailureScenario) throws {
        #expect(MainQueue.isCurrent)
        try checkReported(scenario)
    }
}
