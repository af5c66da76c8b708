import Statoscope
import Testing

@MainActor
final class EmailForm: Scope {
    var email = ""
    var sent: [When] = []

    enum When: Sendable, Equatable {
        case userTypesNewEmail(userEmail: String)
    }

    func update(_ when: When) throws {
        sent.append(when)
        switch when {
        case .userTypesNewEmail(let email):
            self.email = email.lowercased()
        }
    }
}

@MainActor
struct ScopeBindingTests {
    @Test func bindingReadsTheStateAndWritesThroughSend() async {
        let form = EmailForm()
        let email = form.binding(\.email, send: { .userTypesNewEmail(userEmail: $0) })
        #expect(email.value == "")
        email.value = "John@Example.com"
        #expect(form.sent == [.userTypesNewEmail(userEmail: "John@Example.com")])
        // The binding shows what update made of the value, not what was written.
        #expect(email.value == "john@example.com")
    }
}
