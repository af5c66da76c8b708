/// What the harness measured for one case: a figure per repetition, and what each one covers.
struct Measured: Sendable {
    /// Which repetition stands for the case in the table, the ratios and the verdicts.
    enum Figure: String, Codable, Sendable {
        /// The fastest: on a shared machine other processes only ever add time, so the fastest
        /// repetition is the closest to what the code itself costs.
        case lowest
        /// The largest: memory an earlier repetition freed but the allocator kept can only hide usage.
        case highest
    }

    let name: String
    let unit: String
    let samples: Samples
    /// Operations covered by each figure (a figure is already per operation where the unit says so).
    let operations: Int
    var rule: Figure = .lowest

    var figure: Double {
        switch rule {
        case .lowest: samples.lowest
        case .highest: samples.highest
        }
    }
}
