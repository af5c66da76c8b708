import Statoscope

/// Collects the error reports a test cares about, ignoring those of other tests running alongside.
@MainActor
final class ErrorReportCollector {
    private(set) var reports: [ErrorReport] = []
    private var registration: ErrorReporting.Registration?

    /// Collects the reports that `matches` accepts.
    init(matching matches: @escaping @MainActor (ErrorReport) -> Bool) {
        registration = ErrorReporting.addHandler { [weak self] report in
            if matches(report) { self?.reports.append(report) }
        }
    }

    /// Collects the reports about `scope` while it is alive: once it is released, its identifier may
    /// be reused by another test's scope.
    convenience init<S: Scope>(for scope: S) {
        let id = ObjectIdentifier(scope)
        weak let scope = scope
        self.init { report in scope != nil && report.scopeID == id }
    }

    isolated deinit {
        registration?.remove()
    }
}
