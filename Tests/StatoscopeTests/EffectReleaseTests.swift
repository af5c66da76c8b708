import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// Something an effect holds, so that a test sees when the effect is released.
private final class Keepsake: Sendable {}

/// An effect that holds its keepsake and returns at once.
private struct KeepsakeEffect: Effect {
    let keepsake: Keepsake

    func runEffect() async -> Int { 1 }
}

@MainActor
private final class KeepsakeHolder: Scope {
    var finished = 0

    enum When: Sendable {
        case start(Keepsake)
        case finished(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let keepsake):
            effectsState.enqueue(KeepsakeEffect(keepsake: keepsake).map(When.finished))
        case .finished(let count):
            finished += count
        }
    }
}

/// A weak reference to a keepsake, to check that it was released.
private struct Released {
    weak var keepsake: Keepsake?
}

/// Finished effects are released, with what they hold, whether they come back alone or in a burst
/// (whose leftovers the library releases away from the main actor).
@MainActor
struct EffectReleaseTests {
    /// Starts one effect per keepsake, all before the main actor takes any completion back, and
    /// waits until every one was delivered; returns weak references to the keepsakes.
    private func runEffects(_ count: Int, on scope: KeepsakeHolder) async -> [Released] {
        var keepsakes = (0..<count).map { _ in Keepsake() }
        let released = keepsakes.map { Released(keepsake: $0) }
        for keepsake in keepsakes {
            scope.send(.start(keepsake))
        }
        keepsakes.removeAll()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.finished == count)
        return released
    }

    @Test func aFinishedEffectIsReleased() async {
        let released = await runEffects(1, on: KeepsakeHolder())
        await waitUntil("the finished effect was released") { released.allSatisfy { $0.keepsake == nil } }
    }

    @Test func aBurstOfFinishedEffectsIsReleased() async {
        let released = await runEffects(200, on: KeepsakeHolder())
        await waitUntil("every effect of the burst was released") {
            released.allSatisfy { $0.keepsake == nil }
        }
    }
}
