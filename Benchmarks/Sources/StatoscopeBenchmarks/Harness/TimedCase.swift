/// A synchronous operation the harness times in a loop.
///
/// `run` performs the operation `iterations` times and returns a value computed from what the
/// operations did. The harness folds that value into the checksum it prints at the end: the optimiser
/// cannot prove the work unused, so it cannot delete the loop, on either side of a comparison.
@MainActor
struct TimedCase {
    let name: String
    /// Runs before each timed loop, untimed: what must be in place only while this case runs (a
    /// middleware, say, which would slow every other case down if it stayed installed).
    var setUp: @MainActor () -> Void = {}
    /// Runs after each timed loop, untimed: undoes `setUp`.
    var tearDown: @MainActor () -> Void = {}
    let run: @MainActor (_ iterations: Int) -> UInt64
}
