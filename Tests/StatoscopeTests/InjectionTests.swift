import Statoscope
import Testing

struct Greeting: Injectable, Equatable {
    var text: String
    static var defaultValue: Greeting { Greeting(text: "default") }
}

/// A scope that reads a dependency directly and from an effect it starts.
@MainActor
final class Greeter: Scope {
    @Injected var greeting: Greeting
    @Subscope var child: Greeter? = nil
    var fromEffect: String?

    enum When: Sendable {
        case greetFromEffect
        case effectGreeted(String)
    }

    struct GreetEffect: Effect, Equatable {
        @Injected var greeting: Greeting
        func runEffect() async throws -> String { greeting.text }
    }

    func update(_ when: When) throws {
        switch when {
        case .greetFromEffect:
            effectsState.enqueue(GreetEffect().map(When.effectGreeted))
        case .effectGreeted(let text):
            fromEffect = text
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct InjectionTests {
    private func threeLevels() -> (Greeter, Greeter, Greeter) {
        let grandparent = Greeter()
        grandparent.child = Greeter()
        grandparent.child?.child = Greeter()
        return (grandparent, grandparent.child!, grandparent.child!.child!)
    }

    @Test func nearestInjectedValueWinsElseTheDefault() async {
        let (grandparent, parent, scope) = threeLevels()
        #expect(scope.greeting.text == "default")
        grandparent.inject(Greeting(text: "grandparent"))
        #expect(scope.greeting.text == "grandparent")
        parent.inject(Greeting(text: "parent"))
        #expect(scope.greeting.text == "parent")
        #expect(grandparent.greeting.text == "grandparent")
        scope.inject(Greeting(text: "self"))
        #expect(scope.greeting.text == "self")
        #expect(parent.greeting.text == "parent")
    }

    @Test func overrideOnOneSubtreeLeavesItsSiblingsAlone() async {
        let root = Root()
        root.branch.inject(Greeting(text: "mock"))
        #expect(root.branch.leaf.greeting.text == "mock")
        #expect(root.other.leaf.greeting.text == "default")
        #expect(root.greeting.text == "default")
    }

    @Test func overrideAddedAfterTheTreeExistsIsSeenBelow() async {
        let (grandparent, _, scope) = threeLevels()
        #expect(scope.greeting.text == "default")
        grandparent.inject(Greeting(text: "later"))
        #expect(scope.greeting.text == "later")
    }

    @Test func replacingAnInjectedValueIsSeenBelowAndByEffects() async {
        let (grandparent, parent, scope) = threeLevels()
        grandparent.inject(Greeting(text: "first"))
        #expect(scope.greeting.text == "first")
        grandparent.inject(Greeting(text: "second"))
        #expect(scope.greeting.text == "second")
        #expect(parent.greeting.text == "second")
        parent.inject(Greeting(text: "parent"))
        parent.inject(Greeting(text: "parent again"))
        #expect(scope.greeting.text == "parent again")
        #expect(grandparent.greeting.text == "second")
        scope.send(.greetFromEffect)
        await scope.effectsState.waitUntilSettled()
        #expect(scope.fromEffect == "parent again")
    }

    @Test func subtreeMovedUnderAnOverrideSeesItAtEveryDepth() async {
        let parent = Greeter()
        parent.inject(Greeting(text: "parent"))
        let child = Greeter()
        child.child = Greeter()
        let grandchild = child.child!
        #expect(grandchild.greeting.text == "default")
        parent.child = child
        #expect(grandchild.greeting.text == "parent")
        let other = Greeter()
        other.inject(Greeting(text: "other"))
        other.child = child
        #expect(grandchild.greeting.text == "other")
        #expect(child.greeting.text == "other")
    }

    @Test func childLinkedAfterAnOverrideSeesIt() async {
        let parent = Greeter()
        parent.inject(Greeting(text: "parent"))
        let child = Greeter()
        #expect(child.greeting.text == "default")
        parent.child = child
        #expect(child.greeting.text == "parent")
        parent.child = nil
        #expect(child.greeting.text == "parent", "a dismissed scope still reads what its ancestors gave")
        let other = Greeter()
        other.inject(Greeting(text: "other"))
        other.child = child
        #expect(child.greeting.text == "other", "linked elsewhere, it reads its new ancestors")
    }

    @Test func effectSeesTheDependenciesOfTheScopeThatEnqueuedIt() async {
        let (grandparent, parent, scope) = threeLevels()
        grandparent.inject(Greeting(text: "grandparent"))
        scope.inject(Greeting(text: "scope"))
        scope.send(.greetFromEffect)
        parent.send(.greetFromEffect)
        await scope.effectsState.waitUntilSettled()
        await parent.effectsState.waitUntilSettled()
        #expect(scope.fromEffect == "scope")
        #expect(parent.fromEffect == "grandparent")
    }

    @Test func effectOutsideAnyScopeReadsTheDefault() async throws {
        #expect(try await Greeter.GreetEffect().runEffect() == "default")
        #expect(Greeter.GreetEffect() == Greeter.GreetEffect())
    }

    @Test func effectWithADependencyPrintsWhatItDependsOnNotItsCache() {
        #expect("\(Greeter.GreetEffect())" == "GreetEffect(_greeting: @Injected Greeting)")
    }
}
