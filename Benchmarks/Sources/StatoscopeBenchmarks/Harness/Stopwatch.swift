/// Elapsed wall-clock time on a monotonic clock.
///
/// The harness reads it around whole loops only, never per operation, so that the cost of reading the
/// clock is spread over thousands of operations and does not show in the figures.
struct Stopwatch {
    private static let clock = ContinuousClock()
    private let start = Stopwatch.clock.now

    /// Nanoseconds since the stopwatch was made.
    var elapsedNanoseconds: Double {
        let elapsed = (Self.clock.now - start).components
        return Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
    }
}
