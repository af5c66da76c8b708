/// An error a `THEN` checker closure throws to fail its step with a message of its own.
///
/// <!-- compiled with: SyncedCounterApp -->
/// <!-- compiled inside: func sample(plan: TestPlan<Cart>) throws { _ = try plan … } -->
/// ```swift
/// .THEN(\.items) { items in
///     guard items.count == 2 else { throw CheckFailure("two items, got \(items.count)") }
/// }
/// ```
public struct CheckFailure: Error, Sendable, CustomStringConvertible {
    /// What the check found wrong.
    public let description: String

    /// Creates the error with what the check found wrong.
    public init(_ description: String) {
        self.description = description
    }
}
