import Observation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A token that is not `Equatable`: every assignment is a change.
struct Token: Sendable {
    let text: String
}

/// An `@Observable` scope holding sensitive values of every kind in ignored wrappers.
@MainActor
@Observable
final class Keyring: Scope {
    @ObservationIgnored @Sensitive var token = Token(text: "")
    @ObservationIgnored @Sensitive var pin: Int? = nil
    var level = 0

    enum When: Sendable {
        case token(String)
        case pin(Int?)
        case level(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .token(let text): token = Token(text: text)
        case .pin(let pin): self.pin = pin
        case .level(let level): self.level = level
        }
    }
}

/// A mutable box a main-actor closure can write to.
@MainActor
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// `observe {}` as the docs promise it, with closures that cancel themselves, fight each other, and
/// read sensitive values that cannot be compared.
extension ScopeObservationTests {
    @Test func aNonEquatableSensitiveValueNotifiesOnEveryAssignment() async {
        let keyring = Keyring()
        var seen: [String] = []
        let observation = keyring.observe { seen.append($0.token.text) }
        keyring.send(.token("a"))
        await mainActorBarrier()
        keyring.send(.token("a"))
        await mainActorBarrier()
        #expect(seen == ["", "a", "a"], "a value that cannot be compared is a change each time")
        withExtendedLifetime(observation) {}
    }

    @Test func anOptionalSensitiveValueNotifiesOnlyWhenItChanges() async {
        let keyring = Keyring()
        var seen: [Int?] = []
        let observation = keyring.observe { seen.append($0.pin) }
        keyring.send(.pin(1))
        await mainActorBarrier()
        keyring.send(.pin(1))
        await mainActorBarrier()
        keyring.send(.pin(nil))
        await mainActorBarrier()
        #expect(seen == [nil, 1, nil])
        withExtendedLifetime(observation) {}
    }

    @Test func aClosureThatCancelsItsObservationThenSendsIsNotRunAgain() async {
        let keyring = Keyring()
        var runs = 0
        let holder = Box<ScopeObservation?>(nil)
        holder.value = keyring.observe { keyring in
            runs += 1
            _ = keyring.level
            if runs == 2 {
                holder.value?.cancel()
                keyring.send(.level(keyring.level + 1))
            }
        }
        keyring.send(.level(1))
        await mainActorBarrier()
        keyring.send(.level(10))
        await mainActorBarrier()
        #expect(runs == 2)
        #expect(holder.value?.isCancelled == true)
        #expect(keyring.level == 10)
    }

    @Test func anObserverThatStartsAnotherObserverFromItsRunSettles() async {
        let keyring = Keyring()
        var inner: [ScopeObservation] = []
        var innerRuns = 0
        let observation = keyring.observe { keyring in
            _ = keyring.level
            if inner.isEmpty {
                inner.append(
                    keyring.observe { keyring in
                        innerRuns += 1
                        if keyring.level < 5 { keyring.send(.level(keyring.level + 1)) }
                    })
            }
        }
        await mainActorBarrier()
        #expect(keyring.level == 5)
        #expect(innerRuns == 6)
        withExtendedLifetime((observation, inner)) {}
    }

    @Test func twoObserversThatFightNeverHangTheMainActor() async {
        let keyring = Keyring()
        var runs = 0
        // One keeps the level up, the other down: they never settle together.
        let up = keyring.observe { keyring in
            runs += 1
            if keyring.level < 1 { keyring.send(.level(1)) }
        }
        let down = keyring.observe { keyring in
            runs += 1
            if keyring.level > 0 { keyring.send(.level(0)) }
        }
        await mainActorBarrier()
        up.cancel()
        down.cancel()
        let runsWhenCancelled = runs
        keyring.send(.level(7))
        await mainActorBarrier()
        #expect(runs == runsWhenCancelled)
        #expect(keyring.level == 7)
    }
}
