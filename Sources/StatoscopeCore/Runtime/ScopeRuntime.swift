/// What the library keeps for one scope: its place in the tree, kept here, and one part per module
/// above the core that keeps something per scope (the dependencies injected at it, its effects). The
/// core knows those parts only as ``ScopeRuntimePart``: it tells them what the lifecycle decides
/// (see ``ScopeLifetimes``) and never calls into their modules.
///
/// ## The lifecycle contract
///
/// A scope is *in the app* while it is a root that is alive, or linked by `@Subscope` below one.
/// - **Dismissal**: a child unlinked (an optional set to `nil` or replaced, a row removed, a plain
///   child replaced) and not linked again before the update that unlinked it returns is dismissed
///   when that update returns (at once, outside any update): every effect of its subtree is
///   cancelled, and events sent to any scope of it are reported instead of delivered. Moving a
///   child (another property, another parent, a reordered list) within one update is not dismissal.
///   Linking a dismissed scope again makes its subtree live again.
/// - **Release**: a released scope delivers nothing. While effects run, a sweep every
///   ``ScopeRuntimeTable/sweepInterval`` cancels the effects of released scopes and dismisses the
///   live descendants of released ones; nothing polls while no effect runs.
/// - **Reading** (paths, descriptions, recordings, test checks) never links, moves or creates
///   anything.
///
/// Why a side table rather than storage in the scope: a scope is any class conforming to ``Scope``,
/// with no base class and no stored property of the library's, so there is no deinit hook; the
/// runtime holds its scope weakly, and the sweep above stands in for one.
@MainActor
@usableFromInline
package final class ScopeRuntime {
    // SAFETY: Sound because it is written only in `init` and then only loaded, on the main actor; a
    // weak load calls no code of the app's. Read several times per effect (finding the runtime,
    // delivering): hot.
    @exclusivity(unchecked) private weak var weakScope: AnyObject?
    /// The scope this runtime serves; nil once it is released. Other modules read it through a call:
    /// an access they make to another module's stored property is checked for exclusivity at run
    /// time, which costs more than the call. The same holds for the accessors below.
    package var scope: AnyObject? { weakScope }
    /// The scope's dynamic type, kept for reports made after the scope is gone.
    package let scopeType: any Scope.Type
    /// The scope's identity, kept for the same reason.
    package let scopeID: ObjectIdentifier
    /// Keeps the scope's memory allocated, not the scope alive, while this runtime exists: no other
    /// object can take the scope's address meanwhile, so `scopeID` alone tells whether an object is
    /// this runtime's scope, a comparison cheaper than loading the weak reference; a released
    /// scope's memory is freed when its runtime is dropped.
    private unowned let pinnedScope: AnyObject
    /// The scope whose update was running when this runtime was made, if one was: a scope an update
    /// makes belongs to that update's tree until it is linked, so the update may set its shared
    /// values first (see `Dispatcher.isUpdatingTree(of:)`).
    package let madeDuringUpdateOf: ObjectIdentifier?

    /// Where the scope sits in its tree, and whether it is in the app.
    // SAFETY: Sound because only the main actor touches it and the app's code neither runs nor is
    // released inside an access: linking and unlinking compare identities (no `Hashable` of the
    // app's); replacing a place releases at most a `ChildList`, which holds plain data; a child
    // leaves its parent's list only through `ChildRuntimes.remove(_:)`, whose caller holds the
    // child, so that change never drops the last reference to a runtime (whose release would free
    // the app's injected values); and the only scopes the node holds, the ancestors injected for
    // testing, are only ever added (and read from a copy). `ChildRuntimes`, changed inside an access
    // to the parent's node, touches only its children's nodes, never the parent's: a link that would
    // make a scope its own ancestor is refused first. Read once per effect enqueued: hot.
    @exclusivity(unchecked) var tree = TreeNode()
    /// The dependencies injected at the scope and what it resolved, kept by the injection module;
    /// nil until the scope injects or resolves one.
    // SAFETY: Sound because only the main actor touches it, and each access is a load, or the one
    // store that sets it when it is nil (made by its module on first use), which releases nothing
    // and calls nothing. Read on every resolution, from another module, where an exclusivity check
    // cannot be proven away: hot.
    @exclusivity(unchecked) private var dependencyPartStorage: (any ScopeRuntimePart)?
    /// The scope's effects, kept by the effects module; nil until the scope enqueues one.
    // SAFETY: Sound as `dependencyPartStorage` is. Read on every enqueue, start and completion: hot.
    @exclusivity(unchecked) private var effectPartStorage: (any ScopeRuntimePart)?
    /// At a root, the scope types of its tree that views read but cannot observe, each reported once
    /// by the view module; empty elsewhere. Touched only when a view reads such a scope.
    package var unobservableTypesReported: Set<ObjectIdentifier> = []

    /// The dependencies' part, set by the injection module on first use.
    package var dependencyPart: (any ScopeRuntimePart)? {
        get { dependencyPartStorage }
        set { dependencyPartStorage = newValue }
    }

    /// The effects' part, set by the effects module on first use.
    package var effectPart: (any ScopeRuntimePart)? {
        get { effectPartStorage }
        set { effectPartStorage = newValue }
    }

    /// Whether the scope is in the app, leaving it, dismissed, or a root.
    package var lifetime: TreeNode.Lifetime { tree.lifetime }
    /// Whether the scope was dismissed: asked on every enqueue, where comparing the lifetime from
    /// another module goes through its generic `Equatable` conformance.
    package var isDismissed: Bool { tree.lifetime == .dismissed }
    /// The scope's parent, or its former parent while it is leaving or dismissed.
    package var parent: ScopeRuntime? { tree.parent }

    package init(scope: any Scope) {
        self.weakScope = scope
        // The dynamic type: a scope reached through a base-class reference is still its subclass.
        self.scopeType = type(of: scope)
        self.scopeID = ObjectIdentifier(scope)
        self.pinnedScope = scope
        self.madeDuringUpdateOf = Dispatcher.isUpdating ? Dispatcher.sendState.updatingScope : nil
    }
}

/// What a module above the core keeps for one scope, told what the lifecycle decides about it.
@MainActor
package protocol ScopeRuntimePart: AnyObject {
    /// The scope's lifecycle changed (see ``ScopeLifecycleChange``). Called outside any access to
    /// the runtime's other parts.
    func lifecycleChanged(_ change: ScopeLifecycleChange, of runtime: ScopeRuntime)
    /// The update that staged work in this part (see `Dispatcher.stage(_:)`) returned, or threw.
    func updateSettled(of runtime: ScopeRuntime, failed: Bool)
}

extension ScopeRuntimePart {
    package func updateSettled(of runtime: ScopeRuntime, failed: Bool) {}

    /// `part`, read from the slot of the module that owns this kind of part, as what it is.
    ///
    /// Inlinable, so that the cast costs its caller no call: the effects read their part on every
    /// enqueue, start and completion.
    @inlinable
    package static func owned(_ part: any ScopeRuntimePart) -> Self {
        assert(part is Self, "a scope's \(Self.self) slot holds a \(Self.self)")
        // SAFETY: Sound because each part's slot (`effectPart`, `dependencyPart`) is set only by the
        // module that owns that kind of part, always to its own kind (in its `own…Part`). The assert
        // checks the cast in debug builds.
        return unsafeDowncast(part, to: Self.self)
    }
}

extension ScopeRuntime {
    /// Tells each part of this runtime what the lifecycle decided.
    package func announce(_ change: ScopeLifecycleChange) {
        // Read before the calls: a part's reaction may add the other part.
        let parts = (dependencyPart, effectPart)
        parts.0?.lifecycleChanged(change, of: self)
        parts.1?.lifecycleChanged(change, of: self)
    }
}
