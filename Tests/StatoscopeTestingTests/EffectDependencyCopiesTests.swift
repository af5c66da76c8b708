import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A scope that starts the effect value it is given, and keeps what it returns.
final class CellarDoor: Scope {
    var seen = ""

    enum When {
        case start(ReadsOnAQueue)
        case got(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let effect): effectsState.enqueue(effect.map(When.got))
        case .got(let text): seen = text
        }
    }
}

/// Each start of an effect carries the dependencies of the scope that started it, even when one
/// effect value is started by scopes of two trees that inject different values.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EffectDependencyCopiesTests {
    @Test func oneEffectValueStartedByTwoTreesReadsEachStartersDependencies() async {
        let effect = ReadsOnAQueue()
        let first = CellarDoor()
        first.inject(Cellar(label: "first"))
        let second = CellarDoor()
        second.inject(Cellar(label: "second"))
        first.send(.start(effect))
        second.send(.start(effect))
        await waitUntil("both effects deliver") { !first.seen.isEmpty && !second.seen.isEmpty }
        #expect(first.seen == "first")
        #expect(second.seen == "second")
    }
}
