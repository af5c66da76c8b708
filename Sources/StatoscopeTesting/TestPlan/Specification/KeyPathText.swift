/// Key paths in words, for messages and specifications.
enum KeyPathText {
    /// The properties a key path goes through, without its root type: `detail?.title` for
    /// `\App.detail?.title`.
    static func propertyPath(_ keyPath: AnyKeyPath, root: Any.Type) -> String {
        var text = String(describing: keyPath)
        if text.hasPrefix("\\") { text.removeFirst() }
        // The description names the root as the source does (`Outer.Inner`, `Box<Int>`); the
        // unqualified type name ends that prefix.
        let rootName = "\(root)."
        if let range = text.range(of: rootName) {
            return String(text[range.upperBound...])
        }
        return text
    }

    /// The key path as the test wrote it, root type included: `\Counter.viewDisplaysTotalCount`.
    static func code(_ keyPath: AnyKeyPath) -> String {
        String(describing: keyPath)
    }
}
