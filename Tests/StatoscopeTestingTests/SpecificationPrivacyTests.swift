import Statoscope
import StatoscopeTesting
import Testing

/// A login screen holding a password in an event, in a `@Sensitive` property and in an effect.
@MainActor
final class Locker: Scope {
    @Sensitive var password = ""
    var typedKey = Sensitive("")

    enum When: Sendable, SensitiveWhen {
        case typePassword(String)
        case typeKey(Sensitive<String>)
        case saved

        var isSensitive: Bool {
            if case .typePassword = self { return true }
            return false
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .typePassword(let password):
            self.password = password
            effectsState.enqueue(StoreKey(key: Sensitive(password)))
        case .typeKey(let key): typedKey = key
        case .saved: break
        }
    }
}

/// Stores a key, which it carries sensitive.
struct StoreKey: Effect, Equatable {
    let key: Sensitive<String>
    func runEffect() async throws -> Locker.When { .saved }
}

@Suite struct SpecificationPrivacyTests {
    @Test func specificationsRedactEventsStateAndEffects() throws {
        let plan = try Locker.GIVEN("a locker") { Locker() }
            .WHEN(.typePassword("hunter2"))
            .WHEN(.typeKey(Sensitive("k-5512")))
            .THEN(\.typedKey, equals: Sensitive("k-5512"))
            .THEN_Enqueued(StoreKey(key: Sensitive("hunter2")))
        let text = plan.specification
        #expect(text.contains("<redacted>"), "\(text)")
        #expect(!text.contains("hunter2") && !text.contains("k-5512"), "\(text)")
        #expect(text.contains("- **When** type password: `<redacted>`"), "\(text)")
        #expect(text.contains("- **And** `StoreKey(key: <redacted>)` is enqueued"), "\(text)")
        try plan.runTest()
    }
}
