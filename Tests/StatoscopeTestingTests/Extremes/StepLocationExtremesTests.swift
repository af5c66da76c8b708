import Statoscope
import StatoscopeTesting
import Testing

/// Thrown by a `GIVEN` builder, so that the failure belongs to the `GIVEN`'s location.
struct BuilderRefused: Error {}

/// The location every verb takes (`fileID`, `filePath`, `line`, `column`), written by hand at the ends
/// of its range: a failure is still recorded on the running test, at the nearest location the test
/// library accepts, instead of stopping the test process.
@Suite struct StepLocationExtremesTests {
    @Test(arguments: [
        (UInt(0), UInt(0), 1, 1), (UInt(1), UInt.max, 1, Int.max), (UInt.max, UInt.max, Int.max, Int.max),
        (UInt(Int.max), UInt(Int.max) + 1, Int.max, Int.max),
    ])
    func aFailingStepAtAnyLineAndColumnIsRecordedOnTheTest(
        line: UInt, column: UInt, recordedLine: Int, recordedColumn: Int
    ) throws {
        try withKnownIssue {
            try Paced.GIVEN { Paced() }
                .THEN(\.finished, equals: [1], line: line, column: column)
                .runTest()
        } matching: { issue in
            issue.sourceLocation?.line == recordedLine && issue.sourceLocation?.column == recordedColumn
                && issue.comments.first?.rawValue.hasPrefix(
                    "THEN(\\Paced.finished, equals: ...) on Paced failed\nexpected: [1]\nactual: []") == true
        }
    }

    @Test func aGivenAtLineAndColumnZeroIsRecordedAtTheFirstLine() throws {
        try withKnownIssue {
            try Paced.GIVEN(line: 0, column: 0) { throw BuilderRefused() }
                .WHEN(.run(1, .keepOlder))
                .runTest()
        } matching: { issue in
            issue.sourceLocation?.line == 1 && issue.sourceLocation?.column == 1
                && issue.comments.first?.rawValue.contains("BuilderRefused()") == true
        }
    }

    @Test func aFileIDWithoutAModuleIsRecordedWithAnUnnamedOne() throws {
        try withKnownIssue {
            try Paced.GIVEN { Paced() }
                .THEN(\.finished, equals: [1], fileID: "Plain.swift")
                .runTest()
        } matching: { issue in
            issue.sourceLocation?.fileID == "_/Plain.swift" && issue.sourceLocation?.fileName == "Plain.swift"
        }
    }

    @Test func everyRouteGetsALineAndColumnFromOneToTheLargestInt() {
        #expect(PlanIssueReporter.reportable(0) == 1)
        #expect(PlanIssueReporter.reportable(1) == 1)
        #expect(PlanIssueReporter.reportable(42) == 42)
        #expect(PlanIssueReporter.reportable(UInt(Int.max)) == .max)
        #expect(PlanIssueReporter.reportable(UInt(Int.max) + 1) == .max)
        #expect(PlanIssueReporter.reportable(.max) == .max)
        #expect(PlanIssueReporter.reportableFileID("Module/File.swift") == "Module/File.swift")
        #expect(PlanIssueReporter.reportableFileID("File.swift") == "_/File.swift")
        #expect(PlanIssueReporter.reportableFileID("") == "_/")
    }
}
