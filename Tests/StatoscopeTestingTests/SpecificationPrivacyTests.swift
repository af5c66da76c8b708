import Statoscope
import StatoscopeTestSupport
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

/// A vault holding a locker, for a sensitive property reached through a subscope.
final class Vault: Scope {
    @Subscope var locker = Locker()
    @Subscope var spare: Locker? = Locker()

    enum When { case opened }

    func update(_ when: When) throws {}
}

/// An effect whose parameter is declared `@Sensitive`, so its key path reads the plain value.
struct SendPin: Effect, Equatable {
    @Sensitive var pin: String
    func runEffect() async throws {}
}

@Suite struct SpecificationPrivacyTests {
    @Test func aPropertyDeclaredSensitiveIsRedactedInTheSpecification() throws {
        let plan = try Locker.GIVEN("a locker") { Locker() }
            .WHEN(.typePassword("hunter2"))
            .THEN(\.password, equals: "hunter2")
            .AND(\.password, equals: "hunter2")
            .THEN(\.password.count, equals: 7)
        let text = plan.specification
        #expect(!text.contains("hunter2"), "\(text)")
        #expect(text.contains("- **Then** password is `<redacted>`"), "\(text)")
        #expect(text.contains("- **And** password is `<redacted>`"), "\(text)")
        #expect(text.contains("- **Then** password › count is `<redacted>`"), "\(text)")
        try plan.runTest()
    }

    @Test func aSensitivePropertyBelowASubscopeOrAnEffectIsRedactedToo() throws {
        let plan = try Vault.GIVEN("a vault") { Vault() }
            .WHEN(\.locker, .typePassword("hunter2"))
            .THEN(\.locker.password, equals: "hunter2")
            .THEN(\.spare?.password, equals: "")
            .WITH(\.locker) { try $0.THEN_Enqueued(parameter: \SendPin.pin, equals: "0000") }
        let text = plan.specification
        #expect(!text.contains("hunter2") && !text.contains("0000"), "\(text)")
        #expect(text.contains("- **Then** locker › password is `<redacted>`"), "\(text)")
        #expect(text.contains("- **And** spare › password is `<redacted>`"), "\(text)")
        #expect(text.contains("has pin `<redacted>`"), "\(text)")
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingEffect], "\(failures)")
    }

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

/// A door phone forwarding a keypad's presses, a sensitive one nested at any depth.
@MainActor
final class DoorPhone: Scope {
    var last = Keypress.pressedDigit(0)

    enum When: Sendable {
        case forward(Keypress)
    }

    func update(_ when: When) throws {
        if case .forward(let press) = when { last = press }
    }
}

extension SpecificationPrivacyTests {
    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventOrInStateIsRedactedInTheSpecification(_ nesting: Nesting) throws {
        let plan = try DoorPhone.GIVEN("a door phone") { DoorPhone() }
            .WHEN(.forward(nesting.secret))
            .THEN(\.last, equals: nesting.secret)
        let text = plan.specification
        #expect(hidesTheCode(text), "\(text)")
        #expect(text.contains("- **When** forward: `\(nesting.redactedTextOnItsOwn)`"), "\(text)")
        try plan.runTest()
    }
}

/// A scope declared `private`: a key path to its properties may not be named in a specification.
@MainActor
private final class HiddenLocker: Scope {
    @Sensitive var pin: String? = nil
    var note: String? = nil

    enum When: Sendable { case set(String) }

    func update(_ when: When) throws {
        if case .set(let text) = when {
            pin = text
            note = text
        }
    }
}

/// The same scope without a sensitive property.
@MainActor
private final class HiddenNotebook: Scope {
    var note: String? = nil

    enum When: Sendable { case set(String) }

    func update(_ when: When) throws {
        if case .set(let text) = when { note = text }
    }
}

extension SpecificationPrivacyTests {
    @Test func aPropertyOfAPrivateScopeWithASensitivePropertyIsRedactedWhenItCannotBeNamed() throws {
        let plan = try HiddenLocker.GIVEN { HiddenLocker() }
            .WHEN(.set("0000-SECRET"))
            .THEN(\.pin, equals: "0000-SECRET")
            .THEN(\.note, equals: "0000-SECRET")
        let text = plan.specification
        // The event is not sensitive; the check of the pin, named or not, is.
        let pinCheck = text.split(separator: "\n").first { $0.hasPrefix("- **Then**") }
        #expect(pinCheck?.hasSuffix("is `<redacted>`") == true, "\(text)")
        try plan.runTest()
    }

    @Test func aPrivateScopeWithoutSensitivePropertiesShowsTheValuesItsChecksExpect() throws {
        let plan = try HiddenNotebook.GIVEN { HiddenNotebook() }
            .WHEN(.set("shopping"))
            .THEN(\.note, equals: "shopping")
        let text = plan.specification
        #expect(text.contains("\"shopping\""), "\(text)")
        try plan.runTest()
    }
}
