import CustomDump
import Statoscope

// The library's property wrappers in failure messages, diffs and specifications: what they stand
// for, never their storage (a dependency's cache, a weak link, a linking flag).

extension Injected: CustomDumpStringConvertible {
    /// `@Injected APIClient`: the dependency, which is the same whichever value a test injects.
    public var customDumpDescription: String { "@Injected \(Value.self)" }
}

extension Superscope: CustomDumpStringConvertible {
    /// `@Superscope App`: the link up the tree, never the ancestor's whole state.
    public var customDumpDescription: String { "@Superscope \(Ancestor.self)" }
}

extension Subscope: CustomDumpReflectable {
    /// The child, or children, the property holds.
    public var customDumpMirror: Mirror {
        // The wrapper keeps its value private; reflection reads it without linking anything.
        let value = Mirror(reflecting: self).children.first { $0.label == "value" }?.value
        return Mirror(reflecting: value.map(WrappedChild.init) ?? WrappedChild(value: "?"))
    }
}

/// What a `@Subscope` holds, dumped as itself.
private struct WrappedChild: CustomDumpReflectable {
    let value: Any

    var customDumpMirror: Mirror { Mirror(reflecting: value) }
}

extension ValueText {
    /// A wrapper keeps its property under `_name`; the dump names it `name`, as the user wrote it.
    static func namingWrappedProperties(_ dumped: String) -> String {
        guard dumped.contains(": @Injected ") || dumped.contains(": @Superscope ") else { return dumped }
        return dumped.replacing(#/_([A-Za-z][A-Za-z0-9_]*): (@Injected |@Superscope )/#) { match in
            "\(match.output.1): \(match.output.2)"
        }
    }
}
