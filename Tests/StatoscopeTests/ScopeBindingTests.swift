import Statoscope
import Testing

@MainActor
final class EmailForm: Scope {
    private(set) var email = ""
    private(set) var attachment = Attachment(name: "none")
    var sent: [When] = []

    enum When: Sendable, Equatable {
        case userTypesNewEmail(userEmail: String)
        case userPickedAttachment(name: String)
    }

    func update(_ when: When) throws {
        sent.append(when)
        switch when {
        case .userTypesNewEmail(let email):
            self.email = email.lowercased()
        case .userPickedAttachment(let name):
            attachment = Attachment(name: name)
        }
    }
}

/// State that is not `Sendable`: a binding must not require it to be.
final class Attachment {
    let name: String

    init(name: String) {
        self.name = name
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

    @Test func bindingToStateThatIsNotSendable() async {
        let form = EmailForm()
        let attachment = form.binding(\.attachment, send: { .userPickedAttachment(name: $0.name) })
        attachment.value = Attachment(name: "cv.pdf")
        #expect(form.sent == [.userPickedAttachment(name: "cv.pdf")])
        #expect(attachment.value.name == "cv.pdf")
    }
}
