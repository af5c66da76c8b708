// Attack 24: the former names (`sendUnsafe`, `injectObject`, `EffectsState`) compile, deprecated,
// naming their replacement, and behave as the new ones do. CHANGELOG 0.1.0: "the former names
// compile, deprecated, naming their replacement."
import Statoscope
import StatoscopeTesting
import Testing

struct A24DepError: Error, Equatable { let n: Int }

struct A24DepAPI: Injectable {
    var name: String
    static var defaultValue: A24DepAPI { A24DepAPI(name: "default") }
}

final class A24DepLeaf: Scope {
    @Injected var api: A24DepAPI
    var count = 0
    var seen = ""
    enum When {
        case inc
        case fail(Int)
        case read, sendUnsafeInside
    }
    func update(_ when: When) throws {
        switch when {
        case .inc: count += 1
        case .fail(let n): throw A24DepError(n: n)
        case .read: seen = api.name
        case .sendUnsafeInside: try sendUnsafe(.fail(9))  // queued: does not throw here
        }
    }
}

final class A24DepRoot: Scope {
    @Subscope var leaf: A24DepLeaf? = A24DepLeaf()
    enum When { case dismiss }
    func update(_ when: When) throws { leaf = nil }
}

@MainActor @Suite(.serialized) struct Attack24DeprecatedTests {
    @Test func sendUnsafeBehavesAsSendThrowing() throws {
        let leaf = A24DepLeaf()
        try leaf.sendUnsafe(.inc)
        #expect(leaf.count == 1)
        #expect(throws: A24DepError(n: 3)) { try leaf.sendUnsafe(.fail(3)) }
        #expect(throws: A24DepError(n: 3)) { try leaf.sendThrowing(.fail(3)) }
        let reports = Box<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { reports.value.append($0) }
        try leaf.sendUnsafe(.sendUnsafeInside)
        #expect(reports.value.count == 1)
        #expect((reports.value.first?.error as? A24DepError) == A24DepError(n: 9))
        let root = A24DepRoot()
        let dismissed = root.leaf!
        root.send(.dismiss)
        #expect(throws: EventToDismissedScope.self) { try dismissed.sendUnsafe(.inc) }
        registration.remove()
    }

    @Test func injectObjectBehavesAsInject() {
        let root = A24DepRoot()
        root.injectObject(A24DepAPI(name: "old name"))
        root.leaf!.send(.read)
        #expect(root.leaf!.seen == "old name")
        let other = A24DepRoot()
        other.inject(A24DepAPI(name: "new name"))
        other.leaf!.send(.read)
        #expect(other.leaf!.seen == "new name")
    }

    @Test func effectsStateIsScopeEffects() {
        let leaf = A24DepLeaf()
        let old: EffectsState<A24DepLeaf> = leaf.effectsState
        let new: ScopeEffects<A24DepLeaf> = old
        #expect(EffectsState<A24DepLeaf>.self == ScopeEffects<A24DepLeaf>.self)
        #expect(new.effects.isEmpty)
    }
}

@MainActor final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}
