// The former names (`sendUnsafe`, `injectObject`, `EffectsState`,
// `MiddlewareRegistration`) compile, deprecated, naming their replacement, and behave as the new ones
// do. CHANGELOG 0.1.0: "the former names compile, deprecated, naming their replacement."
import Statoscope
import StatoscopeTesting
import Testing

struct FormerNameError: Error, Equatable { let n: Int }

struct FormerNameAPI: Injectable {
    var name: String
    static var defaultValue: FormerNameAPI { FormerNameAPI(name: "default") }
}

final class FormerNameLeaf: Scope {
    @Injected var api: FormerNameAPI
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
        case .fail(let n): throw FormerNameError(n: n)
        case .read: seen = api.name
        case .sendUnsafeInside: try sendUnsafe(.fail(9))  // queued: does not throw here
        }
    }
}

final class FormerNameRoot: Scope {
    @Subscope var leaf: FormerNameLeaf? = FormerNameLeaf()
    enum When { case dismiss }
    func update(_ when: When) throws { leaf = nil }
}

@MainActor @Suite(.serialized) struct FormerNameBehaviourTests {
    @Test func sendUnsafeBehavesAsSendThrowing() throws {
        let leaf = FormerNameLeaf()
        try leaf.sendUnsafe(.inc)
        #expect(leaf.count == 1)
        #expect(throws: FormerNameError(n: 3)) { try leaf.sendUnsafe(.fail(3)) }
        #expect(throws: FormerNameError(n: 3)) { try leaf.sendThrowing(.fail(3)) }
        let reports = Box<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { reports.value.append($0) }
        try leaf.sendUnsafe(.sendUnsafeInside)
        #expect(reports.value.count == 1)
        #expect((reports.value.first?.error as? FormerNameError) == FormerNameError(n: 9))
        let root = FormerNameRoot()
        let dismissed = root.leaf!
        root.send(.dismiss)
        #expect(throws: EventToDismissedScope.self) { try dismissed.sendUnsafe(.inc) }
        registration.remove()
    }

    @Test func injectObjectBehavesAsInject() {
        let root = FormerNameRoot()
        root.injectObject(FormerNameAPI(name: "old name"))
        root.leaf!.send(.read)
        #expect(root.leaf!.seen == "old name")
        let other = FormerNameRoot()
        other.inject(FormerNameAPI(name: "new name"))
        other.leaf!.send(.read)
        #expect(other.leaf!.seen == "new name")
    }

    @Test func effectsStateIsScopeEffects() {
        let leaf = FormerNameLeaf()
        let old: EffectsState<FormerNameLeaf> = leaf.effectsState
        let new: ScopeEffects<FormerNameLeaf> = old
        #expect(EffectsState<FormerNameLeaf>.self == ScopeEffects<FormerNameLeaf>.self)
        #expect(new.effects.isEmpty)
    }

    @Test func middlewareRegistrationIsInstrumentRegistration() {
        let leaf = FormerNameLeaf()
        let old: MiddlewareRegistration = leaf.addMiddleware { _, when, next in try next(when) }
        let new: InstrumentRegistration = old
        #expect(MiddlewareRegistration.self == InstrumentRegistration.self)
        #expect(new == old)
        new.remove()
    }
}

@MainActor final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}
