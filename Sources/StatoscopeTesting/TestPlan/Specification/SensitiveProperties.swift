// `_forEachField` walks a type's stored properties without an instance: a specification is written
// before any scope exists, so a `Mirror` has nothing to reflect.
import Statoscope
// SAFETY: Sound because the one function used, `_forEachField`, only reads the field metadata the
// compiler emitted for the type it is given, and hands its closure a field name that is copied
// before the closure returns (see `storedField`). The SPI is the standard library's, not promised
// as API: a toolchain that changes its signature fails this file's build rather than its run.
@_spi(Reflection) import Swift

/// Which properties the app declared `@Sensitive`, found from the types alone.
///
/// A key path to a `@Sensitive var password` reads the wrapped `String`, which says nothing of its
/// privacy: the wrapper's storage (`_password: Sensitive<String>`) does. A specification is a document
/// written to disk, so the value such a check expects shows as `<redacted>`, as in every other output.
enum SensitiveProperties {
    /// Whether a property `propertyPath` goes through, from `root`, is stored in a `Sensitive`.
    ///
    /// A component that cannot be followed (a subscript, a computed property) ends the walk: what
    /// was found sensitive before it still counts. A property that cannot be named (its type's
    /// reflection metadata is gone, as for a `private` type's) counts as sensitive when its type has
    /// any `@Sensitive` property: it may be that one, and a secret must never be printed.
    static func isSensitive(_ propertyPath: String, root: Any.Type) -> Bool {
        var type = root
        for component in components(of: propertyPath) {
            if component.hasPrefix("<") { return hasSensitiveField(in: type) }
            guard let field = storedField(named: component, in: type) else { return false }
            if field is any SensitiveValue.Type { return true }
            type = unwrapped(field)
        }
        return false
    }

    /// Whether any stored property of `type` is held in a `Sensitive`.
    private static func hasSensitiveField(in type: Any.Type) -> Bool {
        let options = type is AnyClass ? _EachFieldOptions(rawValue: 1 << 0) : []
        var found = false
        _ = _forEachField(of: type, options: options) { _, _, fieldType, _ in
            found = fieldType is any SensitiveValue.Type
            return !found
        }
        return found
    }

    /// The property names of a path as ``KeyPathText`` writes it: `detail?.title` is `detail`, `title`.
    private static func components(of propertyPath: String) -> [String] {
        propertyPath.split(separator: ".").map { component in
            String(component.prefix { $0 != "?" && $0 != "!" && $0 != "[" })
        }
    }

    /// The type of the stored property that holds `name`: the property itself, or the storage a
    /// property wrapper or `@Observable` keeps under `_name`.
    private static func storedField(named name: String, in type: Any.Type) -> Any.Type? {
        // Class types need the class option, whose static property the compiler reports as shared
        // mutable state: its raw value is the same bit.
        let options = type is AnyClass ? _EachFieldOptions(rawValue: 1 << 0) : []
        let wrapped = "_\(name)"
        var found: Any.Type?
        _ = _forEachField(of: type, options: options) { fieldName, _, fieldType, _ in
            // SAFETY: the runtime passes the field's name as a NUL-terminated string that stays valid
            // while the closure runs; it is copied into a `String` before the closure returns.
            let fieldName = String(cString: fieldName)
            guard fieldName == name || fieldName == wrapped else { return true }
            found = fieldType
            return false
        }
        return found
    }

    /// The type a path goes on into: an optional's wrapped type, a `@Subscope`'s child.
    private static func unwrapped(_ type: Any.Type) -> Any.Type {
        var type = type
        while let container = type as? any PathContainer.Type {
            type = container.containedType
        }
        return type
    }
}

/// A type a key path goes through to reach the next property: an optional, a `@Subscope`.
private protocol PathContainer {
    static var containedType: Any.Type { get }
}

extension Optional: PathContainer {
    fileprivate static var containedType: Any.Type { Wrapped.self }
}

extension Subscope: PathContainer {
    fileprivate static var containedType: Any.Type { Value.self }
}
