/// What the testing library, when it is linked into a test process, offers the core: a way to fail
/// the running test instead of stopping the process at a programming error that a test can meet,
/// such as a scope reading an ancestor it has not.
///
/// The core cannot depend on a test library, and nothing runs when a module loads, so the testing
/// library's conforming type is found by its name the first time an event is sent.
package protocol TestFailureReporting {
    /// Whether this process runs tests: only then is a programming error turned into a failure.
    @MainActor static var isRunningTests: Bool { get }
    /// Fails the running test with `message`, or the run when no test is current.
    @MainActor static func failRunningTest(_ message: String)
}

/// The testing library's reporter, when this process runs tests with it linked.
@MainActor
package enum TestFailures {
    /// The mangled name of `StatoscopeTesting.TestFailureReporter`, as the runtime looks types up.
    package static let reporterTypeName = "17StatoscopeTesting19TestFailureReporterO"

    /// Looked up once: the type, if linked, and only while tests run.
    package static let reporter: (any TestFailureReporting.Type)? = {
        guard let type = _typeByName(reporterTypeName) as? any TestFailureReporting.Type,
            type.isRunningTests
        else { return nil }
        return type
    }()
}
