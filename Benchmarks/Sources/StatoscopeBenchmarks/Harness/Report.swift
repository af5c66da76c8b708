import Foundation

/// The results as a Markdown table (pasted as is into the README) and as JSON.
///
/// In the table, a ratio is to the nearest baseline row above it, measured in the same run; the JSON
/// names it.
enum Report {
    static func table(_ rows: [BenchmarkRow]) -> String {
        let header = ["#", "workload", "figure", "median", "unit", "ratio", "budget", "verdict"]
        var lines = [header]
        for row in rows {
            lines.append([
                row.workload, row.name, Format.number(row.figure), Format.number(row.median), row.unit,
                row.ratio.map(Format.ratio) ?? "", row.budget ?? "", row.verdict.rawValue,
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        func render(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([render(header), rule] + lines.dropFirst().map(render)).joined(separator: "\n")
    }

    /// The JSON document: the rows, what produced them, and the workloads not written yet.
    struct Document: Encodable {
        let tool = "statoscope-benchmarks"
        let mode: String
        let date: String
        let machine: Machine
        let rows: [BenchmarkRow]
        let planned: [PlannedWorkload]
        let checksum: String
    }

    struct Machine: Encodable {
        let cores: Int
        let memoryBytes: UInt64
        let operatingSystem: String
        /// The 1-minute load average before and after the run: how busy the shared machine was.
        let loadBefore: Double?
        let loadAfter: Double?
    }

    struct PlannedWorkload: Encodable {
        let workload: Int
        let title: String
        let reason: String
    }

    static func json(_ document: Document) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(document)
    }

    /// The 1-minute load average, from /proc/loadavg.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}
