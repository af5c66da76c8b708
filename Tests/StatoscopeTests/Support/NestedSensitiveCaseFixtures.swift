import Foundation
import Statoscope
import StatoscopeTestSupport

/// A scope that forwards presses: it keeps the last in its state, and passes it on in an effect
/// that waits at a gate, or that fails.
@MainActor
final class Intercom: Scope {
    var last = Keypress.pressedDigit(0)
    var passed = 0
    let gate = Gate()

    enum When: Codable, Sendable, TrackedWhen {
        case forward(Keypress)
        case forwardFailing(Keypress)
        case refuse(Keypress)
        case passed
    }

    func update(_ when: When) throws {
        switch when {
        case .forward(let press):
            last = press
            effectsState.enqueue(PassOn(press: press, fails: false, gate: gate))
        case .forwardFailing(let press):
            effectsState.enqueue(PassOn(press: press, fails: true, gate: gate))
        case .refuse:
            throw IntercomRefusal()
        case .passed:
            passed += 1
        }
    }

    /// Sends the secret through every door: an event that is kept in state and starts an effect,
    /// one whose effect fails, and one whose update throws.
    func handOver(_ press: Keypress) async {
        send(.forward(press))
        send(.forwardFailing(press))
        send(.refuse(press))
        await gate.open()
        await effectsState.waitUntilSettled()
    }
}

/// Passes a press on once its gate opens; fails when asked to.
struct PassOn: Effect {
    let press: Keypress
    let fails: Bool
    let gate: Gate

    func runEffect() async throws -> Intercom.When {
        await gate.wait()
        if fails { throw IntercomRefusal() }
        return .passed
    }
}

struct IntercomRefusal: Error {}

/// A scope whose events encode in ways the library's own encoders leave to `JSONEncoder`: beside a
/// date (for analytics), and through a superclass's encoder (for analytics and recordings).
@MainActor
final class Mailroom: Scope {
    var received = 0

    enum When: Encodable, Sendable, TrackedWhen {
        case scheduled(Keypress, at: Date)
        case posted(RegisteredParcel)
    }

    func update(_ when: When) throws {
        received += 1
    }
}

/// A parcel carrying a press.
class Parcel: Encodable, @unchecked Sendable {
    // Sendable: its properties are constants of sendable types, in it and in its subclass.
    let press: Keypress

    init(press: Keypress) {
        self.press = press
    }
}

/// A parcel that encodes its superclass's properties apart, through `superEncoder()`.
final class RegisteredParcel: Parcel, @unchecked Sendable {
    let number: Int

    init(press: Keypress, number: Int) {
        self.number = number
        super.init(press: press)
    }

    private enum CodingKeys: String, CodingKey {
        case number
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try super.encode(to: container.superEncoder())
    }
}
