extension WorkloadContext {
    /// Records the figure at `largest` against the figure at `smallest`, both from one interleaved
    /// measurement, as a baseline row and a growth row: the ratio is how much the figure grew. A
    /// figure per item is flat at 1x; a whole that grows with its items, at the sizes' own ratio.
    /// `note` follows "flat is 1x" in the growth row's note.
    func recordGrowth(
        of name: String, from bySize: [Int: Measured], smallest: Int, largest: Int, budget: Budget?,
        note: String? = nil
    ) {
        guard let small = bySize[smallest], let large = bySize[largest] else { return }
        let base = Measured(
            name: "\(name), at \(Format.count(smallest))", unit: small.unit, samples: small.samples,
            operations: small.operations)
        let grown = Measured(
            name: "\(name): growth, \(Format.count(largest)) / \(Format.count(smallest))", unit: large.unit,
            samples: large.samples, operations: large.operations)
        recordBaseline(base)
        record(grown, against: base, budget: budget, note: "flat is 1x" + (note.map { "; \($0)" } ?? ""))
    }
}
