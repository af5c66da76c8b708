import Foundation

/// Writes the specifications of a test run's plans to the folder named by `STATOSCOPE_SPECS_DIR`.
enum SpecificationWriter {
    static let environmentVariable = "STATOSCOPE_SPECS_DIR"

    /// The folder to write to, if the environment names one.
    static var folder: String? {
        guard let folder = ProcessInfo.processInfo.environment[environmentVariable], !folder.isEmpty else {
            return nil
        }
        return folder
    }

    /// One file per plan, named after the test file, the test function and GIVEN's line, so reruns
    /// overwrite rather than pile up: `CounterTests.testUserFlow.L12.md`.
    static func fileName(for core: PlanCore) -> String {
        let file = core.given.fileName.replacingOccurrences(of: ".swift", with: "")
        let function = core.function.prefix { $0 != "(" }
        let name = "\(file).\(function).L\(core.given.line).md"
        return String(
            name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "_" })
    }

    static func write(_ specification: String, for core: PlanCore, to folder: String) {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(specification.utf8).write(to: url.appendingPathComponent(fileName(for: core)))
        } catch {
            PlanIssueReporter.report(
                PlanFailure(
                    .misuse,
                    """
                    Could not write the plan's specification to \(folder) (\(environmentVariable))
                    expected: \(fileName(for: core)) written
                    actual: \(error)
                    """, at: core.given))
        }
    }
}
