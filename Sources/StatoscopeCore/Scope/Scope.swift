/// A piece of application state with a single entry point.
///
/// A scope is a class whose stored properties are its state. Every event it can receive is a case of
/// its ``When`` type, and ``update(_:)`` is the only place where that state changes:
///
/// <!-- compiled inside: @MainActor func sample(counter: Counter) { … } -->
/// <!-- declarations at the top level -->
/// ```swift
/// @Observable
/// final class Counter: Scope {
///     var viewDisplaysTotalCount = 0
///     enum When {
///         case userTappedIncrementButton
///     }
///     func update(_ when: When) throws {
///         switch when {
///         case .userTappedIncrementButton:
///             viewDisplaysTotalCount += 1
///         }
///     }
/// }
///
/// counter.send(.userTappedIncrementButton)
/// ```
///
/// Conforming needs nothing else: no base class, no macro and no stored property of the library's.
/// The runtime data a scope needs (its effects, for instance) is kept by the library, keyed by the
/// scope's identity, and released once the scope is gone.
///
/// `print(scope)`, `String(describing: scope)` and `"\(scope)"` show the scope's state, as its
/// `debugDescription` lists it, or the scope's own `description` when it conforms to
/// `CustomStringConvertible` (the library's `write(to:)` provides this).
@MainActor
public protocol Scope: AnyObject, TextOutputStreamable {
    /// Every event the scope can receive: user actions, system events and effect completions.
    associatedtype When: Sendable

    /// Applies an event to the state; the only place where the scope's state changes.
    ///
    /// Call ``send(_:)`` rather than this method: `send` queues re-entrant events, starts the effects
    /// this method enqueues and reports what it throws. Throw (typically an ``InvalidStateError``)
    /// when the event makes no sense in the current state; the effects enqueued by an update that
    /// throws are discarded.
    func update(_ when: When) throws
}
