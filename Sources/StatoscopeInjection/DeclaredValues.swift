/// The values a dependency type declares for itself: an ``Injectable``'s, or none for any other type
/// (a protocol), which gets its values only by injection.
enum DeclaredValues {
    /// `Value`'s live ``Injectable/defaultValue``, or nil where it declares none.
    static func live<Value: Sendable>(of type: Value.Type) -> Value? {
        guard let injectable = type as? any Injectable.Type else { return nil }
        return defaultValue(of: injectable) as? Value
    }

    private static func defaultValue<Declared: Injectable>(of type: Declared.Type) -> any Sendable {
        Declared.defaultValue
    }
}

/// A dependency's type as users write it.
package enum DependencyTypeName {
    /// `type` as written: `any ChatClient` for a protocol's existential, which Swift prints bare
    /// (`ChatClient`), and the type itself otherwise.
    package static func of(_ type: Any.Type) -> String {
        // The metatype of an existential is the protocol's (`ChatClient.Protocol`).
        "\(Swift.type(of: type))".hasSuffix(".Protocol") ? "any \(type)" : "\(type)"
    }
}
