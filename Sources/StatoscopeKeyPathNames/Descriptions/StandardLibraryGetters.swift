/// The standard library's own key path getters, for properties such as `count` that checks often
/// reach through (`\.rows.count`).
///
/// Optimized code refers to the getter the standard library emits for such a property, one for
/// every element type; its symbol is not in the shared library's dynamic table, so
/// ``GetterSymbols`` cannot name it. Key paths formed here refer to the same getters, so their
/// addresses name them. (Unoptimized code emits a getter of its own, which its symbol names.)
enum StandardLibraryGetters {
    /// The property's name, if `address` is one of the getters below.
    static func propertyName(getterAddress address: UInt) -> String? {
        known[address]
    }

    private static let known: [UInt: String] = {
        let keyPaths: [(AnyKeyPath, String)] = [
            (\[Int].count, "count"), (\[Int].isEmpty, "isEmpty"), (\[Int].first, "first"),
            (\[Int].last, "last"), (\String.count, "count"), (\String.isEmpty, "isEmpty"),
            (\Substring.count, "count"), (\[Int: Int].count, "count"), (\[Int: Int].isEmpty, "isEmpty"),
            (\[Int: Int].keys, "keys"), (\[Int: Int].values, "values"), (\Set<Int>.count, "count"),
            (\Set<Int>.isEmpty, "isEmpty"), (\ArraySlice<Int>.count, "count"),
            (\String.first, "first"), (\String.last, "last"),
        ]
        var found: [UInt: String] = [:]
        for (keyPath, name) in keyPaths {
            for token in ComputedToken.all(in: String(describing: keyPath)) {
                if let address = token.address { found[address] = name }
            }
        }
        return found
    }()
}
