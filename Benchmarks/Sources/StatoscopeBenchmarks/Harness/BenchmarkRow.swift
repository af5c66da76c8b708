/// One line of the results table, and one element of the JSON output.
struct BenchmarkRow: Codable, Sendable {
    /// The workload's number in the budget, or "build" for the build time.
    let workload: String
    let name: String
    /// The unit of `figure` and `median`: "ns/op", "ns/effect", "ms", "MB" or "s".
    let unit: String
    /// The repetition that stands for the row (see `statistic`).
    let figure: Double
    /// Which repetition `figure` is: the lowest (times) or the highest (memory).
    let statistic: Measured.Figure
    let median: Double
    let repetitions: Int
    /// Operations timed in each repetition.
    let operations: Int
    /// The name of the row this one is compared with, measured in the same run.
    let baseline: String?
    /// `figure` over the baseline's `figure`.
    let ratio: Double?
    /// The limit, as text; nil where the budget sets none.
    let budget: String?
    let verdict: Verdict
    let note: String?
}
