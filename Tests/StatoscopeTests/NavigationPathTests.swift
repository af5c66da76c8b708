import Statoscope
import Testing

@MainActor
struct NavigationPathTests {
    private func contactsWithThreeScreens() -> Contacts {
        let contacts = Contacts()
        for name in ["Ada", "Grace", "Edsger"] {
            contacts.send(.userOpened(name: name))
        }
        return contacts
    }

    @Test func thePathIsTheListOfScreensTheScopePushed() async {
        let contacts = contactsWithThreeScreens()
        let path = contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })
        #expect(path.value.map(\.name) == ["Ada", "Grace", "Edsger"])
        #expect(path.value == contacts.path)
    }

    @Test func theBackButtonSendsThePopWithTheDepthLeft() async {
        let contacts = contactsWithThreeScreens()
        let path = contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })
        path.value = Array(path.value.dropLast())
        #expect(contacts.path.map(\.name) == ["Ada", "Grace"])
    }

    @Test func goingBackSeveralScreensAtOnceIsOneEvent() async {
        let contacts = contactsWithThreeScreens()
        var events: [Contacts.When] = []
        let path = contacts.navigationPath(
            \.path,
            popTo: {
                events.append(.userWentBack(toDepth: $0))
                return .userWentBack(toDepth: $0)
            })
        path.value = []
        #expect(events == [.userWentBack(toDepth: 0)])
        #expect(contacts.path.isEmpty)
    }

    @Test func aWriteThatIsNotAPopIsIgnored() async {
        let contacts = contactsWithThreeScreens()
        let screens = contacts.path
        let path = contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })
        path.value = screens + [ContactCard(name: "pushed by a view")]
        path.value = [screens[1]]
        path.value = screens
        #expect(contacts.path == screens)
    }
}
