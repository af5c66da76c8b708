import Foundation
import Statoscope
import Testing

/// A scope an error report can name.
@MainActor
final class Reported: Scope {
    enum When: Sendable {}
    func update(_ when: When) throws {}
}

/// The line numbers and dates public errors carry, at the ends of their types: each is kept and
/// printed as given, without arithmetic that could trap.
struct ErrorExtremesTests {
    @Test(arguments: [Int.min, -1, 1, Int.max])
    func aRecordingErrorKeepsAndPrintsAnyLine(line: Int) {
        let error = RecordingError(line: line, reason: "not valid JSON")
        #expect(error.line == line)
        #expect(error.description == "line \(line): not valid JSON")
    }

    @Test func aRecordingErrorAtLineZeroIsAboutTheWholeFile() {
        #expect(RecordingError(line: 0, reason: "cannot read it").description == "cannot read it")
    }

    @Test(arguments: [UInt.min, 1, UInt.max])
    func anInvalidStateErrorKeepsAndPrintsAnyLine(line: UInt) {
        let error = InvalidStateError("no cart", fileID: "Shop/Cart.swift", line: line)
        #expect(error.line == line)
        #expect(error.description.contains("Shop/Cart.swift:\(line)"), "\(error.description)")
    }

    @MainActor
    @Test(arguments: [
        Date.distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: -.greatestFiniteMagnitude),
        Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude),
        Date(timeIntervalSinceReferenceDate: .infinity),
    ])
    func anErrorReportKeepsAnyDate(date: Date) {
        let report = ErrorReport(
            error: RecordingError(line: 1, reason: "late"), source: .recording, scope: Reported(), date: date)
        #expect(report.date == date)
        #expect(report.description.contains("late"), "\(report.description)")
    }

    @MainActor
    @Test func anErrorReportKeepsANotANumberDate() {
        let date = Date(timeIntervalSinceReferenceDate: .nan)
        let report = ErrorReport(
            error: RecordingError(line: 1, reason: "late"), source: .recording, scope: Reported(), date: date)
        #expect(report.date.timeIntervalSinceReferenceDate.isNaN)
        #expect(report.description.contains("late"), "\(report.description)")
    }
}
