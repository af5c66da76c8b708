import Statoscope

/// Fails the running test when a scope meets a programming error a test can meet (an event to a
/// scope that cannot reach an ancestor it declares), so that the other tests of the process still
/// run and report. The core finds this type by its name (`TestFailures.reporterTypeName`): renaming
/// it or moving it to another module breaks that, which `TestFailureReporterTests` catches.
enum TestFailureReporter: TestFailureReporting {
    static var isRunningTests: Bool {
        PlanIssueReporter.currentRoute != .issueReporting
    }

    static func failRunningTest(_ message: String) {
        PlanIssueReporter.reportOutsidePlan(message)
    }
}
