/// What a workload measures with and records into: the run's settings, its rows and its checksum.
@MainActor
final class WorkloadContext {
    let settings: Settings
    private(set) var rows: [BenchmarkRow] = []
    /// A value every timed loop contributes to and the run prints, so no loop's work is dead code.
    private(set) var checksum: UInt64 = 0
    /// What the rows recorded now belong to: a workload's number, set by the runner.
    var section = ""

    init(settings: Settings) {
        self.settings = settings
    }

    func consume(_ value: UInt64) {
        checksum = checksum &* 31 &+ value
    }

    /// Takes in what a workload run in a process of its own recorded.
    func adopt(_ measured: WorkloadProcess.Result) {
        rows.append(contentsOf: measured.rows)
        consume(measured.checksum)
    }

    /// Records the figure other rows of a workload are compared with.
    func recordBaseline(_ measured: Measured, note: String? = nil) {
        rows.append(
            BenchmarkRow(
                workload: section, name: measured.name, unit: measured.unit, figure: measured.figure,
                statistic: measured.rule, median: measured.samples.median,
                repetitions: measured.samples.values.count, operations: measured.operations, baseline: nil,
                ratio: nil, budget: nil, verdict: .baseline, note: note))
    }

    /// Records a figure with its ratio to `baseline` and its verdict against `budget` (none: reported
    /// only, where the issue sets no limit).
    func record(
        _ measured: Measured, against baseline: Measured? = nil, budget: Budget? = nil,
        note: String? = nil
    ) {
        let ratio = baseline.map { measured.figure / $0.figure }
        let verdict: Verdict =
            budget.map { $0.isMet(figure: measured.figure, ratio: ratio) ? .pass : .fail } ?? .reported
        rows.append(
            BenchmarkRow(
                workload: section, name: measured.name, unit: measured.unit, figure: measured.figure,
                statistic: measured.rule, median: measured.samples.median,
                repetitions: measured.samples.values.count, operations: measured.operations,
                baseline: baseline?.name, ratio: ratio, budget: budget?.text(unit: measured.unit),
                verdict: verdict, note: note))
    }

    /// Runs asynchronous measurements, each timed as a whole, for the effect workloads.
    ///
    /// Each measurement returns several figures (enqueue time, peak memory, ...). All run once as a
    /// warm-up, then `repetitions` times (the effect repetitions unless given), interleaved like
    /// ``Sampler``'s cases. The result holds, for each measurement, one `Samples` per figure.
    func repeatInterleaved(
        _ measurements: [@MainActor () async -> [Double]], repetitions: Int? = nil
    ) async -> [[Samples]] {
        for measurement in measurements {
            _ = await measurement()
        }
        var samples: [[Samples]] = measurements.map { _ in [] }
        for _ in 0..<(repetitions ?? settings.effectRepetitions) {
            for (index, measurement) in measurements.enumerated() {
                let figures = await measurement()
                if samples[index].isEmpty { samples[index] = figures.map { _ in Samples() } }
                for (figure, value) in figures.enumerated() {
                    samples[index][figure].append(value)
                }
            }
        }
        return samples
    }
}
