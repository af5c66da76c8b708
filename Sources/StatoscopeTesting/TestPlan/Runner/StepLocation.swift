/// Where a step of a plan was written: the test's file, line and column.
///
/// Every verb takes its caller's location as default arguments, so a failure points at the line of
/// the step that failed, not at the line of `runTest()`. The file is kept as the `StaticString`s the
/// defaults produce, because that is what XCTest and IssueReporting take.
package struct StepLocation: Sendable, Hashable, CustomStringConvertible {
    package let staticFileID: StaticString
    package let staticFilePath: StaticString
    package let line: UInt
    package let column: UInt

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.staticFileID = fileID
        self.staticFilePath = filePath
        self.line = line
        self.column = column
    }

    package var fileID: String { "\(staticFileID)" }
    package var filePath: String { "\(staticFilePath)" }

    /// The file's name without its folder, for messages and specification titles.
    package var fileName: String {
        let fileID = self.fileID
        return String(fileID.split(separator: "/").last ?? Substring(fileID))
    }

    package var description: String { "\(fileName):\(line)" }

    package static func == (lhs: StepLocation, rhs: StepLocation) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.filePath == rhs.filePath
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(filePath)
        hasher.combine(line)
        hasher.combine(column)
    }
}
