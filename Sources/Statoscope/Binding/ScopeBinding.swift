/// A two-way binding to a piece of a scope's state whose setter sends an event.
///
/// A text field or a toggle writes through a binding; with a scope, writing must go through `send`
/// like every other change, so the binding reads the state and sends a `When` with the new value:
///
/// ```swift
/// let email = profile.binding(\.email, send: { .userTypesNewEmail(userEmail: $0) })
/// email.value = "john@example.com"   // profile.send(.userTypesNewEmail(userEmail: "john@example.com"))
/// ```
///
/// On Apple platforms, `Binding(email)` makes a SwiftUI binding of it.
@MainActor
public struct ScopeBinding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void

    /// A binding reading with `get` and writing with `set`.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
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
    public func binding<Value>(
        _ keyPath: KeyPath<Self, Value>, send makeWhen: @escaping (Value) -> When
    ) -> ScopeBinding<Value> {
        ScopeBinding(get: { self[keyPath: keyPath] }, set: { self.send(makeWhen($0)) })
    }
}
