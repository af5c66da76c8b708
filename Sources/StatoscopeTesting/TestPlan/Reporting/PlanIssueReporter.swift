import Foundation
import IssueReporting

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Turns a plan's failures into test failures at the failing step's file and line.
///
/// On Linux, IssueReporting's `reportIssue` (1.13.1) fails a test reliably only when the test target
/// links its `IssueReportingTestSupport`. Without it, a Swift Testing failure is only printed, in debug
/// and release builds, and in release builds an XCTest failure is only printed too; with it or not,
/// XCTest messages get a paragraph about "host applications" that does not apply. So inside a test
/// this reporter records with the running test library itself, and uses `reportIssue` only outside
/// any test, where it emits a runtime warning (or whatever the app's issue reporters do).
///
/// Failures must be reported from the test's own thread and task: Swift Testing finds the running
/// test in a task-local value, which a hop through `DispatchQueue.main.sync` loses. `runTest()`
/// therefore collects failures on the main actor and reports them once back on its caller.
package enum PlanIssueReporter {
    /// Where a failure goes.
    package enum Route: Equatable, Sendable {
        /// Swift Testing's `Issue.record`, attributed to the running test.
        case swiftTesting
        /// XCTest's `XCTFail`, attributed to the running test case.
        case xcTest
        /// Swift Testing's `Issue.record` from a Swift Testing process but outside any test's task:
        /// the run still fails, with the issue attributed to no test. (`XCTFail` would be silently
        /// dropped there.)
        case swiftTestingOutsideTest
        /// IssueReporting's `reportIssue`: no test is running.
        case issueReporting
    }

    /// Where failures go instead of the test library, so the library's own tests can check each
    /// message and line.
    package struct Capture: Sendable {
        package let record: @Sendable (PlanFailure) -> Void

        package init(_ record: @escaping @Sendable (PlanFailure) -> Void) {
            self.record = record
        }
    }

    /// While set, failures go to its closure. A struct rather than a bare optional closure: a task-local
    /// value of function type can crash `TaskLocal.withValue` in release builds.
    @TaskLocal package static var capture: Capture?

    /// Reports a failure at its step's location.
    package static func report(_ failure: PlanFailure) {
        if let capture {
            capture.record(failure)
            return
        }
        let message = failure.message
        guard failure.failsTheTest else {
            // A note, not a failure: printed where the test's output goes, with the step's place.
            print("\(failure.location.filePath):\(failure.location.line): note: \(message)")
            return
        }
        let line = reportable(failure.location.line)
        let column = reportable(failure.location.column)
        switch currentRoute {
        case .swiftTesting, .swiftTestingOutsideTest:
            #if canImport(Testing)
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: reportableFileID(failure.location.fileID),
                        filePath: failure.location.filePath,
                        line: line, column: column))
            #endif
        case .xcTest:
            #if canImport(XCTest)
                XCTFail(message, file: failure.location.staticFilePath, line: UInt(line))
            #endif
        case .issueReporting:
            reportIssue(
                message, fileID: failure.location.staticFileID, filePath: failure.location.staticFilePath,
                line: UInt(line), column: UInt(column))
        }
    }

    /// Reports a failure that belongs to no step of a plan (a plain test sent an event the library
    /// refused), from the test's own thread and task.
    package static func reportOutsidePlan(
        _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        report(
            PlanFailure(
                .missingAncestor, message,
                at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// A step's line or column as the test libraries take it, from 1 to `Int.max`.
    ///
    /// Swift Testing stops the process on a source location whose line or column is below 1, and each
    /// library converts the verbs' `UInt` to `Int`, which traps above `Int.max`. A location passed by
    /// hand may be anything, so it is brought into that range instead of ending the test run.
    package static func reportable(_ lineOrColumn: UInt) -> Int {
        Int(clamping: max(lineOrColumn, 1))
    }

    /// A step's file ID as Swift Testing takes it: `Module/File.swift`. Swift Testing stops the
    /// process on one without a slash, so one passed by hand without a module gets an unnamed one.
    package static func reportableFileID(_ fileID: String) -> String {
        fileID.contains("/") ? fileID : "_/\(fileID)"
    }

    /// The route a failure reported now, from this thread and task, would take.
    package static var currentRoute: Route {
        #if canImport(Testing)
            if Test.current != nil { return .swiftTesting }
        #endif
        if isSwiftTestingProcess { return .swiftTestingOutsideTest }
        #if canImport(XCTest)
            if isTesting { return .xcTest }
        #endif
        return .issueReporting
    }

    /// SwiftPM runs the Swift Testing tests with `--testing-library swift-testing`.
    private static let isSwiftTestingProcess: Bool = {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count else {
            return false
        }
        return arguments[index + 1] == "swift-testing"
    }()
}
