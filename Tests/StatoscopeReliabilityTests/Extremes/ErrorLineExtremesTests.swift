import Statoscope
import Testing

/// The line numbers public errors carry, at the ends of their types: each is kept and printed as
/// given, without arithmetic that could trap.
struct ErrorLineExtremesTests {
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
}
