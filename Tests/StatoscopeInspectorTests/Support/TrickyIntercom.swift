import Statoscope
import StatoscopeTestSupport

/// A scope handed a sensitive press nested at every depth: it keeps the last in its state, passes
/// each on in an effect, and refuses some, in its update and in an effect.
@MainActor
final class TrickyIntercom: Scope {
    var last = Keypress.pressedDigit(0)
    var passed = 0

    enum When: Codable, Sendable, Equatable, TrackedWhen {
        case forward(Keypress)
        case forwardFailing(Keypress)
        case refuse(Keypress)
        case passed
    }

    func update(_ when: When) throws {
        switch when {
        case .forward(let press):
            last = press
            effectsState.enqueue(TrickyPassOn(press: press, fails: false))
        case .forwardFailing(let press):
            effectsState.enqueue(TrickyPassOn(press: press, fails: true))
        case .refuse:
            throw TrickyRefusal()
        case .passed:
            passed += 1
        }
    }
}

/// Passes a press on, or fails.
struct TrickyPassOn: Effect {
    let press: Keypress
    let fails: Bool

    func runEffect() async throws -> TrickyIntercom.When {
        if fails { throw TrickyRefusal() }
        return .passed
    }
}

struct TrickyRefusal: Error {}
