/// Whether two errors count as the same failure: of one type and, for an `Equatable` error, equal
/// values; an error that is not `Equatable` compares by its description (`String(describing:)`).
///
/// The rule every value of the effect vocabulary that carries an error compares by: ``StreamEnd``,
/// ``RetryFailure``, ``RetryAttempt``.
func isSameError(_ lhs: any Error, _ rhs: any Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    // Cast through `Any`: from `any Error` directly, the compiler takes the cast for one that always
    // succeeds, and warns.
    if let lhs = lhs as Any as? any Equatable { return lhs.isEqual(to: rhs) }
    return String(describing: lhs) == String(describing: rhs)
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
