/// A scope that is `Identifiable` and `Hashable` by identity: two values are equal when they are the
/// same scope.
///
/// SwiftUI's `sheet(item:)` asks for `Identifiable` items, and navigation paths and
/// `navigationDestination(item:)` for `Hashable` ones. A scope is a main-actor class, so writing those
/// conformances by hand takes a `nonisolated` `==` and `hash(into:)`; conforming to this protocol
/// instead provides them:
///
/// <!-- compiled inside: … extension Editor { enum When { case userTypedName(String) }; func update(_ when: When) throws {} } -->
/// ```swift
/// @Observable
/// final class Editor: IdentifiableScope {
///     // Its state, `When` and `update`, as in any scope.
/// }
/// ```
///
/// The `id` is the scope's `ObjectIdentifier` unless the scope declares an `id` of its own, which has to
/// be a `let` of a `Sendable` type: the conformance is used off the main actor.
public protocol IdentifiableScope: Scope, Identifiable, Hashable {}

extension IdentifiableScope {
    /// Whether `lhs` and `rhs` are the same scope.
    public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
        lhs === rhs
    }

    /// Hashes the scope's identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
