/// One child scope among several kinds, as an enum with one case per kind: a screen shows at most one
/// of its sheets, popovers and pushed screens, and the type says so.
///
/// Each case holds the scope it shows. Declare the enum, conform it, and hold it in an optional
/// `@Subscope`:
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
/// The scopes a case holds are its values that are scopes, or optionals holding one, whether labeled
/// or not, alone or beside other values: `case detail(recipe: RecipeDetail)`,
/// `case editor(RecipeEditor, mode: Mode)`, `case compare(RecipeDetail, RecipeDetail)`. Each is a
/// child like any other, linked under the property's name (`destination`), or, in a case holding
/// several, under the property's name and its label or position in the case (`destination.left`,
/// `destination.1`). Setting another case, or `nil`, dismisses the scopes that were shown and no
/// longer are, which ends their work. A case may hold no scope; a scope inside another value (an
/// array, a struct) is not a child.
///
/// Two values are equal when they are the same case holding the same values: the same scopes (the
/// same objects), and equal other values: compared with `==` when `Equatable`, else value by value
/// as reflection shows them.
///
/// Conforming needs nothing else; the conformance is written the same way whether the module's code
/// is nonisolated by default or main-actor isolated by default.
public protocol ScopeDestination: Equatable {}

extension ScopeDestination {
    /// The scopes the case holds.
    @usableFromInline
    nonisolated var destinationScopes: [any Scope] {
        destinationChildren.map(\.scope)
    }

    /// The scopes the case holds, each with what it adds to the property's name in the parent: nothing
    /// for a case's only scope, its label or position (`.left`, `.1`) for each of several.
    @usableFromInline
    nonisolated var destinationChildren: [(suffix: String, scope: any Scope)] {
        guard let values = destinationCase.values else { return [] }
        // Casting unwraps an optional: `case detail(RecipeDetail?)` holds its scope when set.
        if let scope = values as? any Scope { return [("", scope)] }
        let tuple = Mirror(reflecting: values)
        guard tuple.displayStyle == .tuple else { return [] }
        let scopes = tuple.children.compactMap { value -> (label: String, scope: any Scope)? in
            (value.value as? any Scope).map { (value.label ?? "", $0) }
        }
        guard scopes.count > 1 else { return scopes.map { ("", $0.scope) } }
        // A tuple's unlabeled values are labeled by their position: `.0`, `.1`.
        return scopes.map { ($0.label.hasPrefix(".") ? $0.label : ".\($0.label)", $0.scope) }
    }

    /// The case's name (`editor`) and its values, read by reflection: one value, or a tuple of
    /// several (`(RecipeEditor, mode: Mode)`, `(recipe: RecipeDetail)` for one labeled value); nil
    /// for a case without values. Nothing is asked of the enum but its conformance.
    nonisolated var destinationCase: (name: String, values: Any?) {
        let mirror = Mirror(reflecting: self)
        guard mirror.displayStyle == .enum else { return ("\(self)", nil) }
        guard let held = mirror.children.first else { return ("\(self)", nil) }
        return (held.label ?? "", held.value)
    }

    /// The case's name: `editor` for `.editor(editor)`.
    package nonisolated var destinationCaseName: String { destinationCase.name }

    /// The scope held when this is the case `embed` makes, and it holds one scope; nil otherwise.
    package nonisolated func scope<Child: Scope>(ifCase embed: (Child) -> Self) -> Child? {
        let children = destinationChildren
        guard children.count == 1, let child = children[0].scope as? Child,
            embed(child).destinationCaseName == destinationCaseName
        else { return nil }
        return child
    }

    /// The name of the case `embed` makes (`editor` for `Notes.Destination.editor`), for the messages
    /// and specifications of steps that name a case; nil without reflection metadata.
    ///
    /// `embed` is the case itself, which only puts the scope it is given in the enum, so it is given a
    /// stand-in: no scope of its type may exist yet.
    package nonisolated static func caseName<Child: Scope>(of embed: (Child) -> Self) -> String? {
        // A mirror of the app's own could read the stand-in as a scope.
        guard !(Self.self is any CustomReflectable.Type) else { return nil }
        let standIn = CaseNameStandIn()
        return withExtendedLifetime(standIn) {
            // SAFETY: Sound because `embed` is the case's constructor, which stores the reference in the
            // enum and does nothing else with it, and the enum is read here for its case's label only:
            // reflection copies the reference (a retain) and nothing reads the object as a `Child`.
            // The stand-in is a live object of a native class, so retaining and releasing it is sound
            // whatever `Child` is, and it outlives the value made of it.
            let made = embed(unsafeBitCast(standIn, to: Child.self))
            let mirror = Mirror(reflecting: made)
            guard mirror.displayStyle == .enum, let label = mirror.children.first?.label else { return nil }
            return label
        }
    }
}

/// The object a case's constructor holds while ``ScopeDestination/caseName(of:)`` reads its name.
private final class CaseNameStandIn: Sendable {}
