/// What the library keeps for one scope, one component per concern, each owned by its folder:
/// its place in the tree (`Tree/`), the dependencies injected at it (`Injection/`) and its effects
/// (`Effects/`). Middleware keeps its own registry (`Middleware/`): the core never calls into it.
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
    /// What happens to effects when the update that enqueued them returns.
    ///
    /// Global because it is a mode of the whole main actor, not of a scope: a test plan or a replay
    /// sets it for the duration of a synchronous run, and every scope it reaches follows it.
    ///
    /// Read once per effect committed: unchecked, as the main actor's other hot state is, since a
    /// run-time exclusivity check costs more than the read.
    // SAFETY: Sound because only the main actor touches it, and every access is a load or a store of
    // an enum without payloads, which calls nothing; a plan or a replay sets it around a synchronous
    // run.
    @exclusivity(unchecked) package static var effectExecution = EffectExecution.running

    /// The scope this runtime serves; nil once it is released.
    // SAFETY: Sound because it is written only in `init` and then only loaded, on the main actor; a
    // weak load calls no code of the app's. Read several times per effect (finding the runtime,
    // delivering): hot.
    @exclusivity(unchecked) package private(set) weak var scope: AnyObject?
    /// The scope's dynamic type, kept for reports made after the scope is gone.
    package let scopeType: any Scope.Type
    /// The scope's identity, kept for the same reason.
    package let scopeID: ObjectIdentifier
    /// Keeps the scope's memory allocated, not the scope alive, while this runtime exists: no other
    /// object can take the scope's address meanwhile, so `scopeID` alone tells whether an object is
    /// this runtime's scope. Loading the weak reference to compare the objects, once per effect
    /// enqueued, cost about 150 instructions (Swift 6.3); a released scope's memory is freed when
    /// its runtime is dropped.
    private unowned let pinnedScope: AnyObject

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
    /// Dependencies injected at the scope and what it resolved through its ancestors.
    // SAFETY: Sound because only the main actor touches it and nothing of the app's runs or is
    // released inside an access: a replaced injected value, a stale snapshot and forgotten providers
    // are taken out and released after the change (`inject`, `dependenciesForEffects`,
    // `forgetProviders()`), a provider is cached only where none is (the walk forgets stale ones
    // first), and `Injectable.defaultValue` is called after the read.
    // `ReentrancyTests.aReplacedDependencyMayInjectAndResolveFromItsDeinit`.
    @exclusivity(unchecked) var dependencies = DependencyCache()
    /// The lifecycle of the scope's effects, as plain data.
    // SAFETY: Sound because only the main actor touches it and the app's code neither runs nor is
    // released inside an access: `cancelEffects(where:)` runs the predicate over a copy (`inFlight`
    // is computed), lifecycle hooks are called after each change has returned, every entry (and so
    // every payload) the table removes is returned to the caller, the key instances it lets go of are
    // handed back and released by `releaseKeys()` after the access (the table keeps the first of
    // equal keys, which no entry may hold), and a key's `==` and `hash(into:)` are nonisolated (keys
    // are `Sendable`, which rules out an isolated conformance). Hot: every enqueue, start, completion.
    // `ReentrancyTests.aKeyLetGoOfByTheTableMayEnqueueAndReadFromItsDeinit`.
    @exclusivity(unchecked) package internal(set) var effects = EffectsStateMachine<ScopeEffect>()
    /// The tasks running the scope's effects, and who waits for them.
    // SAFETY: Sound because only the main actor touches it and nothing of the app's runs inside an
    // access: waiters are copied out before they are resumed, the start buffer is taken out while in
    // use, and the timed waiters' removal predicate is the library's.
    @exclusivity(unchecked) var effectTasks = EffectTasks()

    init(scope: any Scope) {
        self.scope = scope
        // The dynamic type: a scope reached through a base-class reference is still its subclass.
        self.scopeType = type(of: scope)
        self.scopeID = ObjectIdentifier(scope)
        self.pinnedScope = scope
    }
}
