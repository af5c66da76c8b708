/// One child scope among several kinds, as an enum with one case per kind: a screen shows at most one
/// of its sheets, popovers and pushed screens, and the type says so.
///
/// Each case holds one scope. Declare the enum, conform it, and hold it in an optional `@Subscope`:
///
/// <!-- compiled inside: enum DestinationSample { @Observable final class Editor: IdentifiableScope { enum When {}; func update(_ when: When) throws {} }; @Observable final class Share: IdentifiableScope { enum When {}; func update(_ when: When) throws {} }; … } -->
/// ```swift
/// @Observable
/// final class Notes: Scope {
///     enum Destination: ScopeDestination {
///         case editor(Editor)
///         case share(Share)
///     }
///
///     @ObservationIgnored @Subscope var destination: Destination? = nil
///
///     enum When {
///         case userTappedEdit
///         case userTappedShare
///         case userDismissedDestination
///     }
///
///     func update(_ when: When) throws {
///         switch when {
///         case .userTappedEdit: destination = .editor(Editor())
///         case .userTappedShare: destination = .share(Share())
///         case .userDismissedDestination: destination = nil
///         }
///     }
/// }
/// ```
///
/// The scope a case holds is linked under the property's name, as an optional child is: setting
/// another case, or `nil`, dismisses the scope that was shown, which ends its work. Two values are
/// equal when they are the same case holding the same scope.
///
/// Conforming needs nothing else; the conformance is written the same way whether the module's code
/// is nonisolated by default or main-actor isolated by default. A case that holds anything else than
/// one scope holds no child.
public protocol ScopeDestination: Equatable {}

extension ScopeDestination {
    /// Whether both are the same case holding the same scope.
    public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
        let left = lhs.destinationCase
        let right = rhs.destinationCase
        return left.name == right.name && left.scope === right.scope
    }

    /// The scope the case holds, if it holds one.
    @usableFromInline
    nonisolated var destinationScopes: [any Scope] {
        destinationCase.scope.map { [$0] } ?? []
    }

    /// The case's name (`editor`) and the scope it holds, read by reflection: nothing is asked of the
    /// enum but its conformance.
    nonisolated var destinationCase: (name: String, scope: (any Scope)?) {
        let mirror = Mirror(reflecting: self)
        guard mirror.displayStyle == .enum, let held = mirror.children.first else {
            return ("\(self)", nil)
        }
        return (held.label ?? "", held.value as? any Scope)
    }

    /// The case's name: `editor` for `.editor(editor)`.
    package nonisolated var destinationCaseName: String { destinationCase.name }

    /// The scope held when this is the case `embed` makes, nil for any other case.
    package nonisolated func scope<Child: Scope>(ifCase embed: (Child) -> Self) -> Child? {
        let held = destinationCase
        guard let child = held.scope as? Child, embed(child).destinationCase.name == held.name else {
            return nil
        }
        return child
    }
}
