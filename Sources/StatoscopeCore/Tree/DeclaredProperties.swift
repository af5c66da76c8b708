/// The stored properties of a kind (`@Superscope`, `@Injected` of a protocol) that scope types
/// declare, found by reading an instance, this class's and its superclasses', and remembered per
/// type when a type declares none: a test plan asks of every scope of its tree before each step that
/// sends an event, so a type without any is read once.
@MainActor
package final class DeclaredProperties<Declaration> {
    /// Whether each scope type met so far declares a counted property: assumed until a read of an
    /// instance tells, since a type's stored properties are read from an instance.
    private let declaringTypes = TypeMemo<Bool> { _ in true }
    private let counts: (Declaration) -> Bool

    /// Finds properties that are `Declaration`s and for which `counts` holds.
    package init(counting counts: @escaping (Declaration) -> Bool = { _ in true }) {
        self.counts = counts
    }

    /// Whether `type` may declare a counted property: false once an instance showed it declares none.
    package func mayDeclare(_ type: any Scope.Type) -> Bool {
        declaringTypes.value(for: type)
    }

    /// The first answer `check` gives for a counted property of `scope`, in declaration order, the
    /// scope's own class first; nil when it gives none.
    package func first<Answer>(
        of scope: any Scope, _ check: (Declaration) -> Answer?
    ) -> Answer? {
        let type = Swift.type(of: scope)
        guard declaringTypes.value(for: type) else { return nil }
        var declares = false
        var mirror: Mirror? = Mirror(reflecting: scope)
        while let current = mirror {
            for child in current.children {
                guard let declaration = child.value as? Declaration, counts(declaration) else { continue }
                declares = true
                if let answer = check(declaration) { return answer }
            }
            mirror = current.superclassMirror
        }
        declaringTypes.remember(declares, for: type)
        return nil
    }
}
