/// The name of an enum value's case, as the Swift runtime knows it: a payload-free case has no
/// other source of its name, since a mirror lists no child for it and its description may be the
/// type's own.
enum EnumCaseName {
    /// The case's name, or nil when the value is not an enum (or its type keeps no case names).
    static func of(_ value: Any) -> String? {
        func opened<T>(_ value: T) -> String? {
            // SAFETY: Sound because the runtime returns nil or a pointer to a NUL-terminated name in
            // the type's metadata, which lives as long as the process; it is copied at once.
            swiftEnumCaseName(value).map { String(cString: $0) }
        }
        return _openExistential(value, do: opened)
    }
}

// SAFETY: Sound because this is the Swift runtime's own entry point that `print` uses to write a
// case's name (swift_EnumCaseName, in every Swift runtime since Swift 4), declared with its signature:
// a generic value in, a C string out.
@_silgen_name("swift_EnumCaseName")
private func swiftEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
