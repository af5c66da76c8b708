import Statoscope
import StatoscopeTestSupport

/// The secrets a `Vault` is handed; none may appear in anything the library prints or writes.
enum VaultSecret {
    static let query = "query-7f3a"
    static let pin = "pin-9924"
    static let all = [query, pin]
}

/// A scope holding a sensitive value in each place an app can put one: in an event (a `Sensitive`
/// value, and a `SensitiveWhen` case), in state (a `Sensitive` property and a `@Sensitive`
/// property wrapper) and in an effect.
@MainActor
final class Vault: Scope {
    @Sensitive var pin = ""
    var query = Sensitive("")
    var found = 0
    let gate = Gate()

    enum When: Codable, Sendable, SensitiveWhen, TrackedWhen {
        case search(Sensitive<String>)
        case unlock(pin: String)
        case refuse(Sensitive<String>)
        case found(Int)

        var isSensitive: Bool {
            if case .unlock = self { return true }
            return false
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .search(let query):
            self.query = query
            effectsState.enqueue(Lookup(query: query, fails: query.value.hasSuffix("!"), gate: gate))
        case .unlock(let pin):
            self.pin = pin
        case .refuse:
            throw VaultRefusal()
        case .found(let count):
            found = count
        }
    }

    /// Sends the secrets through every door: events, state, a completed effect and a pending one.
    func handOverSecrets() async {
        send(.unlock(pin: VaultSecret.pin))
        send(.search(Sensitive(VaultSecret.query)))
        await gate.open()
        await effectsState.waitUntilSettled()
        send(.refuse(Sensitive(VaultSecret.query)))
    }
}

/// A lookup carrying the sensitive query; fails when it ends with `!`.
struct Lookup: Effect {
    let query: Sensitive<String>
    let fails: Bool
    let gate: Gate

    func runEffect() async throws -> Vault.When {
        await gate.wait()
        if fails { throw VaultRefusal() }
        return .found(1)
    }
}

struct VaultRefusal: Error {}

/// Whether `text` shows a redaction and none of the secrets.
func isRedacted(_ text: String) -> Bool {
    text.contains("<redacted>") && !VaultSecret.all.contains { text.contains($0) }
}
