import Statoscope

/// Key paths in words, for messages and specifications.
///
/// A `@Subscope` property is computed, so its key path prints as `<computed 0x… (Type)>`; the tree
/// knows its name once the property was first read, which a step has done by the time it reports.
enum KeyPathText {
    /// The properties a key path goes through, without its root type: `detail?.title` for
    /// `\App.detail?.title`.
    static func propertyPath(_ keyPath: AnyKeyPath, root: Any.Type) -> String {
        var text = SubscopeNames.readableDescription(of: keyPath)
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
        SubscopeNames.readableDescription(of: keyPath)
    }
}
