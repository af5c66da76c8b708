/// A small deterministic generator, so that a test's random choices are the same on every run.
public struct SplitMix64: RandomNumberGenerator {
    /// Where the sequence is: the seed, at first.
    public var state: UInt64

    /// The generator of the sequence that `state` seeds.
    public init(state: UInt64) {
        self.state = state
    }

    /// The sequence's next number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
