/// A fixed, pseudo-random sequence of increment and decrement taps, the same on every run.
///
/// Random rather than alternating, so that the branch predictor cannot learn the pattern and the
/// `switch` in both `handle(_:)` and `update(_:)` costs what it costs in an app; fixed, so that runs
/// compare. A timed loop walks it round and round.
struct TapSequence {
    /// A power of two, so that wrapping around is a mask. Long enough that no branch predictor learns
    /// it by heart: a CPU this machine runs on learned a sequence of 65,536 taps walked over and over,
    /// and the hand-written `handle(_:)` then took a third of the time it takes on other CPUs, a
    /// figure no app with real taps sees. A million taps, read in order, stream from memory.
    static let count = 1 << 20
    static let mask = count - 1

    /// Whether each tap increments (else it decrements).
    let increments: [Bool]

    init(seed: UInt64 = 0x5EED_000) {
        // SplitMix64: small, fast and good enough to defeat a branch predictor.
        var state = seed
        increments = (0..<Self.count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return (mixed ^ (mixed >> 31)) & 1 == 0
        }
    }
}
