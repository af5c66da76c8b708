/// An event type whose cases ``Analytics`` tracks: the app opts in, per type and, if it wants, per
/// case.
///
/// <!-- compiled inside: final class Checkout: Scope { enum When: Codable { case userTappedBuy(items: Int), userScrolled(offset: Double), orderSaved(id: String) }; func update(_ when: When) throws {} } … -->
/// ```swift
/// extension Checkout.When: TrackedWhen {
///     // Opt a case out; return `true` only for chosen cases to opt them in instead.
///     var isTracked: Bool {
///         if case .userScrolled = self { return false }
///         return true
///     }
/// }
/// ```
///
/// Every case of a conforming type is tracked unless ``isTracked`` says otherwise. Events of other
/// types are never tracked, even when they are `Codable`: see
/// <doc:MiddlewareAndAnalytics#Choosing-what-is-tracked> for why.
public protocol TrackedWhen: Encodable, Sendable {
    /// Whether analytics tracks this event; `true` unless the type says otherwise.
    var isTracked: Bool { get }
}

extension TrackedWhen {
    /// Every case is tracked.
    public var isTracked: Bool { true }
}
