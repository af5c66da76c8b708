/// How much the harness measures: a full run for the figures in the README, a smoke run for CI.
struct Settings: Sendable {
    /// A smoke run runs every workload once over tiny counts and never fails on a budget: CI's machine
    /// is shared and noisy, and the run is there so that the benchmarks keep building and running.
    let isSmoke: Bool
    /// Timed repetitions of each case, after calibration and warm-up.
    let repetitions: Int
    /// How long one repetition of a timed loop should last; calibration picks the iteration count that
    /// gets there, so that clock reads and loop overhead vanish in the figure.
    let loopNanoseconds: Double
    /// Effects per repetition of the round trip (the budget's 10,000).
    let roundTripEffects: Int
    /// Effects held in flight at once (the budget's 100,000).
    let inFlightEffects: Int
    /// Repetitions of the effect workloads, which are timed as a whole rather than per operation.
    let effectRepetitions: Int
    /// Repetitions of the effect round trip. One lasts about 10 ms, against hundreds for the other
    /// effect workloads, so a neighbour's burst of load can cover a whole repetition, and on this
    /// machine either side lands at its fastest in only some of them: more repetitions, so that the
    /// fastest of each side is found in every run, not in some runs only.
    let roundTripRepetitions: Int

    static func full(repetitions: Int?) -> Settings {
        Settings(
            isSmoke: false, repetitions: repetitions ?? 7, loopNanoseconds: 40e6,
            roundTripEffects: 10_000, inFlightEffects: 100_000, effectRepetitions: repetitions ?? 5,
            roundTripRepetitions: repetitions ?? 15)
    }

    static let smoke = Settings(
        isSmoke: true, repetitions: 2, loopNanoseconds: 0.2e6, roundTripEffects: 200, inFlightEffects: 1_000,
        effectRepetitions: 1, roundTripRepetitions: 1)
}
