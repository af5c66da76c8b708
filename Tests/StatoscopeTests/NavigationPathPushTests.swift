import Observation
import Statoscope
import Testing

/// A stack whose screens are pushed by links, which the scope accepts or refuses in `update`.
@MainActor
@Observable
private final class LinkedStack: Scope {
    @ObservationIgnored @Subscope var path: [ContactCard] = []
    private(set) var events: [String] = []

    enum When: Sendable {
        case userWentBack(toDepth: Int)
        case linkPushed(ContactCard)
    }

    func update(_ when: When) throws {
        switch when {
        case .userWentBack(let depth):
            events.append("back to \(depth)")
            path.removeLast(path.count - depth)
        case .linkPushed(let card):
            events.append("pushed \(card.name)")
            guard card.name != "refused" else { throw InvalidStateError("this screen cannot be pushed") }
            path.append(card)
        }
    }

    func binding() -> ScopeBinding<[ContactCard]> {
        navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) }, push: { .linkPushed($0) })
    }
}

@MainActor
struct NavigationPathPushTests {
    @Test func aLinkPushingAScreenSendsThePush() async {
        let stack = LinkedStack()
        let ada = ContactCard(name: "Ada")
        stack.binding().value = [ada]
        #expect(stack.events == ["pushed Ada"])
        #expect(stack.path == [ada])
    }

    @Test func aWriteThatReplacesTheTopPopsToWhatBothShareThenPushesEachNewScreen() async {
        let stack = LinkedStack()
        let (ada, grace, edsger, barbara) = (
            ContactCard(name: "Ada"), ContactCard(name: "Grace"), ContactCard(name: "Edsger"),
            ContactCard(name: "Barbara")
        )
        stack.binding().value = [ada, grace]
        stack.binding().value = [ada, edsger, barbara]
        #expect(
            stack.events == ["pushed Ada", "pushed Grace", "back to 1", "pushed Edsger", "pushed Barbara"])
        #expect(stack.path.map(\.name) == ["Ada", "Edsger", "Barbara"])
    }

    @Test func aPushTheUpdateRefusesLeavesThePathAsItWas() async {
        let stack = LinkedStack()
        let ada = ContactCard(name: "Ada")
        stack.binding().value = [ada]
        stack.binding().value = [ada, ContactCard(name: "refused")]
        #expect(stack.path == [ada])
        #expect(stack.binding().value == [ada])
    }

    @Test func writingThePathAsItIsSendsNothing() async {
        let stack = LinkedStack()
        let ada = ContactCard(name: "Ada")
        stack.binding().value = [ada]
        stack.binding().value = stack.path
        #expect(stack.events == ["pushed Ada"])
    }

    @Test func withoutAPushEventALinkStillChangesNothing() async {
        let contacts = Contacts()
        contacts.send(.userOpened(name: "Ada"))
        let screens = contacts.path
        contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) }).value =
            screens + [ContactCard(name: "pushed by a link")]
        #expect(contacts.path == screens)
    }
}
