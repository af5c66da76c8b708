@_spi(StatoscopeInternals) import StatoscopeCore

/// A two-way binding to a piece of a scope's state whose setter sends an event.
///
/// A text field or a toggle writes through a binding; with a scope, writing must go through `send`
/// like every other change, so the binding reads the state and sends a `When` with the new value:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func sample(profile: ProfileScreen) { … } -->
/// ```swift
/// let email = profile.binding(\.email, send: { .userTypedEmail($0) })
/// email.value = "john@example.com"   // profile.send(.userTypedEmail("john@example.com"))
/// ```
///
/// The value can be of any type, `Sendable` or not: the binding is read and written on the main actor
/// only, as the scope is. On Apple platforms, the same call made where a SwiftUI `Binding` is expected
/// returns one (see <doc:UsingScopesInSwiftUIAndUIKit>).
@MainActor
public struct ScopeBinding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void
    /// The scope whose state the binding reads, when a scope made it: what a UIKit presenter
    /// following the binding observes.
    let owner: (any Scope)?

    /// A binding reading with `get` and writing with `set`.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.init(owner: nil, get: get, set: set)
    }

    init(
        owner: (any Scope)?, get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void
    ) {
        self.owner = owner
        self.read = get
        self.write = set
    }

    /// The current value; setting it sends the scope's event for the new value.
    public var value: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }
}

extension Scope {
    /// A binding to the state at `keyPath` whose setter sends `makeWhen(newValue)`.
    ///
    /// Declare the state `private(set)` so that views can only change it through this binding's event:
    ///
    /// <!-- compiled inside: @Observable final class EmailForm: Scope { … enum When { case userTypedEmail(String) }; func update(_ when: When) throws { if case .userTypedEmail(let email) = when { self.email = email } } } -->
    /// ```swift
    /// private(set) var email = ""
    /// ```
    ///
    /// What the binding reads afterwards is what `update` made of the event, not what was written.
    public func binding<Value>(
        _ keyPath: KeyPath<Self, Value>, send makeWhen: @escaping (Value) -> When
    ) -> ScopeBinding<Value> {
        ScopeBinding(owner: self, get: { self[keyPath: keyPath] }, set: { self.send(makeWhen($0)) })
    }
}
