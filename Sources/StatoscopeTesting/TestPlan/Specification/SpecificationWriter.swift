import Foundation

/// Writes the specifications of a test run's plans to the folder named by `STATOSCOPE_SPECS_DIR`.
package enum SpecificationWriter {
    static let environmentVariable = "STATOSCOPE_SPECS_DIR"

    /// The folder to write to, if the environment names one.
    static var folder: String? {
        guard let folder = ProcessInfo.processInfo.environment[environmentVariable], !folder.isEmpty else {
            return nil
        }
        return folder
    }

    /// One file per plan, named after the test that runs it (its file and function) and the line of
    /// GIVEN, so reruns overwrite rather than pile up: `CounterTests.testUserFlow.L12.md`. Two tests
    /// that share a helper calling GIVEN get a file each. Outside a Swift Testing test (in XCTest,
    /// which does not say which test runs), the file and function are those that call GIVEN.
    package static func fileName(for core: PlanCore) -> String {
        let test = RunningTest.current
        let file = test?.file ?? core.given.fileName.replacingOccurrences(of: ".swift", with: "")
        let function = test?.function ?? String(core.function.prefix { $0 != "(" })
        let name = "\(file).\(function).L\(core.given.line).md"
        return String(
            name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "_" })
    }

    /// Writes the file; called on the test's own task, where the running test can be found.
    static func write(_ specification: String, for core: PlanCore, to folder: String) {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        let fileName = fileName(for: core)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(specification.utf8).write(to: url.appendingPathComponent(fileName))
        } catch {
            PlanIssueReporter.report(
                PlanFailure(
                    .misuse,
                    """
                    Could not write the plan's specification to \(folder) (\(environmentVariable))
                    expected: \(fileName) written
                    actual: \(error)
                    """, at: core.given))
        }
    }
}
