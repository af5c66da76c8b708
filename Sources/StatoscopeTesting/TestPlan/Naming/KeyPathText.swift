import Statoscope
import StatoscopeKeyPathNames

/// Key paths in words, for messages and specifications.
///
/// Properties of `@Observable` classes and `@Subscope`s are computed; ``KeyPathNames`` names them.
enum KeyPathText {
    /// The properties a key path goes through, without its root type: `detail?.title` for
    /// `\App.detail?.title`.
    static func propertyPath(_ keyPath: AnyKeyPath, root: Any.Type) -> String {
        KeyPathNames.propertyPath(of: keyPath) { text in
            var text = Substring(text)
            if text.hasPrefix("\\") { text.removeFirst() }
            // The description names the root as the source does (`Outer.Inner`, `Box<Int>`); the
            // unqualified type name ends that prefix.
            let rootName = "\(root)."
            if let range = text.firstRange(of: rootName) {
                return String(text[range.upperBound...])
            }
            return String(text)
        }
    }

    /// The key path as the test wrote it, root type included: `\Counter.viewDisplaysTotalCount`.
    static func code(_ keyPath: AnyKeyPath) -> String {
        KeyPathNames.readableDescription(of: keyPath)
    }
}
