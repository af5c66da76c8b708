/// How a stream effect ended, for ``StreamEffect/onEnd(_:)``.
///
/// It is `Equatable`, so an event that carries it keeps the scope's `When` comparable, and a test
/// plan can check it:
///
/// <!-- compiled with: Streams -->
/// <!-- compiled in a function -->
/// ```swift
/// enum When: Equatable {
///     case ticked(Int)
///     case ticksEnded(StreamEnd)
/// }
/// _ = Ticks(count: 3).map(When.ticked).onEnd(When.ticksEnded)
/// ```
///
/// Two failures are equal when their errors are of the same type and, for an `Equatable` error,
/// equal values; an error that is not `Equatable` compares by its description
/// (`String(describing:)`), so errors of one type that print alike count as the same failure.
public enum StreamEnd: Sendable, Equatable {
    /// The sequence ended.
    case finished
    /// The sequence threw.
    case failed(any Error)

    /// Whether two ends are the same: both finished, or both failed with the same error, as the
    /// type's documentation says.
    public static func == (lhs: StreamEnd, rhs: StreamEnd) -> Bool {
        switch (lhs, rhs) {
        case (.finished, .finished):
            return true
        case (.failed(let lhs), .failed(let rhs)):
            return isSameError(lhs, rhs)
        case (.finished, .failed), (.failed, .finished):
            return false
        }
    }
}
