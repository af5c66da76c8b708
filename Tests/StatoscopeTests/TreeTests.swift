import Observation
import Statoscope
import StatoscopeTestSupport
import Testing

@MainActor
final class Leaf: Scope {
    var value = 0
    let gate = Gate()
    let probe = EffectProbe()
    @Superscope var branch: Branch
    @Superscope var root: Root
    @Injected var greeting: Greeting

    enum When: Sendable {
        case set(Int)
        case startEffect
        case tellRoot(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .set(let value):
            self.value = value
        case .startEffect:
            effectsState.enqueue(GatedEffect(value: 99, gate: gate, probe: probe).map(When.set))
        case .tellRoot(let message):
            root.send(.heard(message))
        }
    }
}

@MainActor
final class Branch: Scope {
    var label = "branch"
    @Subscope var leaf = Leaf()
    @Subscope var optionalLeaf: Leaf? = nil
    @Subscope var leaves: [Leaf] = []

    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
final class Root: Scope {
    var heard: [String] = []
    @Injected var greeting: Greeting
    @Subscope var branch = Branch()
    @Subscope var other = Branch()

    enum When: Sendable { case heard(String) }
    func update(_ when: When) throws {
        if case .heard(let message) = when { heard.append(message) }
    }
}

@MainActor
final class Orphan: Scope {
    @Superscope var root: Root
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct TreeTests {
    @Test func plainChildIsLinkedOnFirstAccess() async throws {
        let root = Root()
        #expect(root.branch.leaf.scopePath == "Root.branch.leaf")
        #expect(try root.branch.leaf.superscope(Root.self) === root)
        #expect(root.branch.leaf.branch === root.branch)
    }

    @Test func replacedChildIsDismissedAndTheNewOneLinked() async throws {
        let root = Root()
        let old = root.branch.leaf
        root.branch.leaf = Leaf()
        #expect(root.branch.leaf.scopePath == "Root.branch.leaf")
        #expect(root.branch.leaf !== old)
        // A dismissed scope keeps its last path and still reads the ancestors it had, so a view
        // that holds it on can render it.
        #expect(old.scopePath == "Root.branch.leaf")
        #expect(try old.superscope(Root.self) === root)
        #expect(!root.subtreeDescription.contains("value = 7"))
        old.send(.set(7))
        #expect(old.value == 0, "a dismissed scope's update never runs")
    }

    @Test func optionalChildIsLinkedWhenPresentedAndUnlinkedWhenCleared() async throws {
        let root = Root()
        #expect(root.branch.optionalLeaf == nil)
        let detail = Leaf()
        root.branch.optionalLeaf = detail
        #expect(detail.scopePath == "Root.branch.optionalLeaf")
        #expect(detail.branch === root.branch)
        root.branch.optionalLeaf = nil
        #expect(detail.scopePath == "Root.branch.optionalLeaf", "its last path")
        root.branch.optionalLeaf = detail
        detail.send(.set(4))
        #expect(detail.value == 4, "presented again, it is live again")
    }

    @Test func listChildrenAreLinkedUnderTheirIndexAndKeepTheirIdentity() async throws {
        let root = Root()
        let (a, b, c) = (Leaf(), Leaf(), Leaf())
        root.branch.leaves = [a, b]
        #expect(a.scopePath == "Root.branch.leaves[0]")
        #expect(b.scopePath == "Root.branch.leaves[1]")
        root.branch.leaves = [b, c]
        #expect(a.scopePath == "Root.branch.leaves[0]", "a removed row keeps its last path")
        a.send(.set(1))
        #expect(a.value == 0, "a removed row is dismissed")
        #expect(b.scopePath == "Root.branch.leaves[0]", "a row kept in the list stays linked, renamed")
        #expect(c.scopePath == "Root.branch.leaves[1]")
        #expect(c.root === root)
        root.branch.leaves.removeAll()
        b.send(.set(1))
        c.send(.set(1))
        #expect(b.value == 0 && c.value == 0, "every removed row is dismissed")
    }

    @Test func releasedChildsEffectsAreCancelledAndDeliverNothing() async throws {
        let root = Root()
        let gate: Gate
        let probe: EffectProbe
        let runtime: ScopeRuntime?
        weak var released: Leaf?
        do {
            let leaf = Leaf()
            (gate, probe, released) = (leaf.gate, leaf.probe, leaf)
            root.branch.optionalLeaf = leaf
            leaf.send(.startEffect)
            runtime = leaf.runtime
            await probe.waitUntilStarted()
        }
        root.branch.optionalLeaf = nil
        #expect(released == nil)
        // Cancelled when unlinked and released, not at a later sweep.
        #expect(runtime?.effects.isEmpty == true)
        await gate.open()
        await probe.waitUntilFinished(1)
        #expect(await probe.cancelled == 1)
        await drainCompletions(of: runtime)
    }

    @Test func superscopeIsFoundAtAnyDepth() async {
        let root = Root()
        root.branch.leaves = [Leaf()]
        let leaf = root.branch.leaves[0]
        #expect(leaf.root === root)
        #expect(leaf.branch === root.branch)
        leaf.send(.tellRoot("hello"))
        #expect(root.heard == ["hello"])
    }

    @Test func missingSuperscopeNamesBothTypesAndThePath() async {
        let branch = Branch()
        let leaf = branch.leaf
        #expect(throws: MissingSuperscopeError.self) { try leaf.superscope(Root.self) }
        do {
            _ = try leaf.superscope(Root.self)
        } catch {
            #expect(
                "\(error)"
                    == "@Superscope: no ancestor of type Root above Leaf at Branch.leaf; "
                    + "link Leaf below a Root with @Subscope before reading it")
        }
        #expect(throws: MissingSuperscopeError.self) { try Orphan().superscope(Root.self) }
    }

    @Test func subtreeDescriptionShowsTypesNamesStateEffectsAndInjections() async {
        let root = Root()
        root.inject(Greeting(text: "hi"))
        root.branch.leaves = [Leaf()]
        root.branch.leaves[0].send(.set(3))
        root.branch.leaf.send(.startEffect)
        let description = root.subtreeDescription
        root.branch.leaf.effectsState.cancelAllEffects()
        #expect(
            description == """
                Root
                  heard = []
                  @Injected greeting: Greeting = Greeting(text: "hi")
                  injects Greeting = Greeting(text: "hi")
                  branch: Branch
                    label = "branch"
                    optionalLeaf = nil
                    leaf: Leaf
                      value = 0
                      gate = StatoscopeTestSupport.Gate
                      probe = StatoscopeTests.EffectProbe
                      @Injected greeting: Greeting = Greeting(text: "hi")
                      effect GatedEffect(value: 99, fails: false, gate: StatoscopeTestSupport.Gate, probe: StatoscopeTests.EffectProbe)
                    leaves[0]: Leaf
                      value = 3
                      gate = StatoscopeTestSupport.Gate
                      probe = StatoscopeTests.EffectProbe
                      @Injected greeting: Greeting = Greeting(text: "hi")
                  other: Branch
                    label = "branch"
                    optionalLeaf = nil
                    leaf: Leaf
                      value = 0
                      gate = StatoscopeTestSupport.Gate
                      probe = StatoscopeTests.EffectProbe
                      @Injected greeting: Greeting = Greeting(text: "hi")
                """)
    }

    @Test func deepTreeIsDescribedAndResolvedWithoutRecursion() async {
        let depth = 10_000
        let root = Chain()
        var last = root
        for _ in 1..<depth {
            let next = Chain()
            last.next = next
            last = next
        }
        root.inject(Greeting(text: "deep"))
        #expect(last.greeting.text == "deep")
        let lines = root.subtreeDescription.split(separator: "\n")
        // A header and an @Injected line per scope, the root's injection, and the last `next = nil`.
        #expect(lines.count == depth * 2 + 2)
        #expect(lines.contains("\(String(repeating: "  ", count: 32))(depth 33) next: Chain"))
        #expect(last.scopePath.hasPrefix("Chain.next.next."))
    }
}

/// One link of an arbitrarily deep chain of scopes.
@MainActor
final class Chain: Scope {
    @Subscope var next: Chain? = nil
    @Injected var greeting: Greeting
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// An observable parent whose child property stays observable.
@Observable
final class ObservableParent: Scope {
    var title = ""
    @ObservationIgnored @Subscope var detail: Leaf? = nil
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct SubscopeObservationTests {
    @Test func replacingAChildNotifiesObserversOfAnObservableParent() async {
        let parent = ObservableParent()
        let notifications = NotificationCount()
        withObservationTracking {
            _ = parent.detail
        } onChange: {
            MainActor.assumeIsolated { notifications.value += 1 }
        }
        parent.detail = Leaf()
        #expect(notifications.value == 1)
        #expect(parent.detail?.scopePath == "ObservableParent.detail")
    }
}
