import Observation
import Statoscope

/// A sign-in form: its password is private state of an `@Observable` scope, in the form the docs
/// advise.
@MainActor
@Observable
final class SignInForm: Scope {
    private(set) var user = ""
    @ObservationIgnored @Sensitive var password = ""

    enum When: Sendable {
        case userTypedUser(String)
        case userTypedPassword(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTypedUser(let user): self.user = user
        case .userTypedPassword(let password): self.password = password
        }
    }
}

/// A level that an observer keeps within a limit by sending events from its closure.
@MainActor
@Observable
final class Level: Scope {
    private(set) var value = 0
    private(set) var shown: Int?

    enum When: Sendable {
        case set(Int)
        case increment
        case shown(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .set(let value): self.value = value
        case .increment: value += 1
        case .shown(let value): shown = value
        }
    }
}
