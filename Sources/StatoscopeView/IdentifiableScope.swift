@_spi(StatoscopeInternals) import StatoscopeCore

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
/// be a `nonisolated let` of a `Sendable` type: the conformance is used off the main actor. The
/// conformance is written the same way whether the module's code is nonisolated by default or, as in
/// new Xcode app projects, main-actor isolated by default.
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

    /// The hash of the scope's identity.
    ///
    /// Declared here so that the compiler does not derive one inside the scope's class: there, under
    /// main-actor default isolation, it would be main-actor isolated, the scope's `Hashable`
    /// conformance with it, and the conformance to this protocol would not compile.
    public nonisolated var hashValue: Int {
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize()
    }
}
