import Statoscope
import StatoscopeTesting
import Testing

/// A locker whose sensitive property is declared in its base class.
class BaseSafe: Scope {
    @Sensitive var pin = ""

    enum When: SensitiveWhen {
        case setPin(String)
        case setCredentials(String)
        case typed(Sensitive<String>)

        var isSensitive: Bool {
            if case .typed = self { return false }
            return true
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .setPin(let pin): self.pin = pin
        case .setCredentials(let pin): credentialsDidChange(pin)
        case .typed(let value): pin = value.value
        }
    }

    func credentialsDidChange(_ pin: String) {}
}

/// Credentials whose PIN is declared sensitive inside a plain struct.
struct Credentials: Equatable, Sendable {
    @Sensitive var pin: String
}

/// The subclass a plan runs.
final class WallSafe: BaseSafe {
    var credentials = Credentials(pin: "")

    override func credentialsDidChange(_ pin: String) {
        credentials = Credentials(pin: pin)
    }
}

/// A sensitive property declared in a base class, or inside a plain struct, is redacted in the
/// specification, while a failing check still shows the developer both values.
extension SpecificationPrivacyTests {
    @Test func aSensitivePropertyOfABaseClassIsRedactedInTheSpecification() throws {
        let plan = try WallSafe.GIVEN("a wall safe") { WallSafe() }
            .WHEN(.setPin("8642"))
            .THEN(\.pin, equals: "8642")
            .WHEN(.setCredentials("1357"))
            .THEN(\.credentials, equals: Credentials(pin: "1357"))
            .THEN(\.credentials.pin, equals: "1357")
            .WHEN(.typed(Sensitive("9753")))
            .THEN(\.pin) { #expect($0 == "9753") }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures == [], "\(failures)")
        let specification = plan.specification
        for secret in ["8642", "1357", "9753"] {
            #expect(!specification.contains(secret), "\(secret) in \(specification)")
        }
    }

    @Test func aFailingCheckOfASensitiveValueStillShowsTheDeveloperBothValues() throws {
        let failures = try capturingFailures {
            try WallSafe.GIVEN { WallSafe() }
                .WHEN(.setPin("8642"))
                .THEN(\.pin, equals: "0000")
                .runTest()
        }
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(failures.first?.message.contains("8642") == true, "\(failures)")
    }
}
