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
            guard type(of: lhs) == type(of: rhs) else { return false }
            // Cast through `Any`: from `any Error` directly, the compiler takes the cast for one
            // that always succeeds, and warns.
            if let lhs = lhs as Any as? any Equatable { return lhs.isEqual(to: rhs) }
            return String(describing: lhs) == String(describing: rhs)
        case (.finished, .failed), (.failed, .finished):
            return false
        }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
