import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A dependency that is a protocol.
protocol Messenger: Sendable {
    var name: String { get }
}

struct NamedMessenger: Messenger {
    let name: String
}

/// A second protocol, for a subclass that declares one more dependency.
protocol PhoneBook: Sendable {
    func number(of person: String) -> String
}

struct FixedPhoneBook: PhoneBook {
    let number: String
    func number(of person: String) -> String { "\(person): \(number)" }
}

/// Sends through the chat client it reads with `@Injected`.
struct SendThroughMessenger: Effect, Equatable {
    @Injected var chat: any Messenger
    let text: String
    func runEffect() async throws -> String { "\(chat.name): \(text)" }
}

/// Reads the chat client in its update, and from an effect.
@MainActor
class MessengerReader: Scope {
    @Injected var chat: any Messenger
    var seen: [String] = []

    enum When: Sendable {
        case read
        case send(String)
        case sendThenInject(String, String)
        case sent(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .read: seen.append(chat.name)
        case .send(let text): effectsState.enqueue(SendThroughMessenger(text: text).map(When.sent))
        case .sendThenInject(let text, let name):
            effectsState.enqueue(SendThroughMessenger(text: text).map(When.sent))
            inject(NamedMessenger(name: name), as: (any Messenger).self)
        case .sent(let reply): seen.append(reply)
        }
    }
}

/// A subclass that declares one more protocol dependency.
@MainActor
final class PhoneBookReader: MessengerReader {
    @Injected var phoneBook: any PhoneBook

    override func update(_ when: When) throws {
        try super.update(when)
        if case .read = when { seen.append(phoneBook.number(of: "ada")) }
    }
}

/// A room that may hold a guest.
@MainActor
final class Room: Scope {
    @Subscope var guest: MessengerReader? = nil
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Two readers side by side, a reader presented later, two rooms a guest moves between, and a reader
/// held through its base class.
@MainActor
final class MessengerApp: Scope {
    @Subscope var left = MessengerReader()
    @Subscope var right = MessengerReader()
    @Subscope var late: MessengerReader? = nil
    @Subscope var special: MessengerReader = PhoneBookReader()
    @Subscope var east = Room()
    @Subscope var west = Room()

    enum When: Sendable {
        case present
        case seatGuestEast
        case moveGuestWest
    }

    func update(_ when: When) throws {
        switch when {
        case .present: late = MessengerReader()
        case .seatGuestEast: east.guest = MessengerReader()
        case .moveGuestWest:
            let guest = east.guest
            east.guest = nil
            west.guest = guest
        }
    }
}

/// A protocol dependency injected live for one subtree and not its sibling, overridden twice, read by a
/// subclass, by a scope linked or moved later, and by effects.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ProtocolDependencySubtreeTests {
    @Test func aProtocolInjectedForOneSubtreeIsNeverSeenByItsSibling() {
        let app = MessengerApp()
        app.inject(NamedMessenger(name: "root"), as: (any Messenger).self)
        app.left.inject(NamedMessenger(name: "left"), as: (any Messenger).self)
        app.left.send(.read)
        app.right.send(.read)
        #expect(app.left.seen == ["left"])
        #expect(app.right.seen == ["root"])
        // Overridden twice: the latest injection of the subtree wins.
        app.left.inject(NamedMessenger(name: "left again"), as: (any Messenger).self)
        app.left.send(.read)
        #expect(app.left.seen == ["left", "left again"])
        // The root's new value reaches the sibling, not the subtree that overrides it.
        app.inject(NamedMessenger(name: "root again"), as: (any Messenger).self)
        app.left.send(.read)
        app.right.send(.read)
        #expect(app.left.seen == ["left", "left again", "left again"])
        #expect(app.right.seen == ["root", "root again"])
    }

    @Test func aProtocolInjectedAtTheRootReachesScopesLinkedLaterAndMoved() {
        let app = MessengerApp()
        app.inject(NamedMessenger(name: "root"), as: (any Messenger).self)
        app.west.inject(NamedMessenger(name: "west"), as: (any Messenger).self)
        app.send(.present)
        app.late?.send(.read)
        #expect(app.late?.seen == ["root"])
        app.send(.seatGuestEast)
        let guest = app.east.guest
        guest?.send(.read)
        app.send(.moveGuestWest)
        #expect(app.west.guest === guest)
        guest?.send(.read)
        #expect(guest?.seen == ["root", "west"], "a moved scope resolves through its new place")
    }

    @Test func aSubclassReadsItsOwnAndItsInheritedProtocolDependencies() {
        let app = MessengerApp()
        app.inject(NamedMessenger(name: "root"), as: (any Messenger).self)
        app.inject(FixedPhoneBook(number: "555"), as: (any PhoneBook).self)
        app.special.inject(NamedMessenger(name: "special"), as: (any Messenger).self)
        app.special.send(.read)
        #expect(app.special.seen == ["special", "ada: 555"])
        // A scope's own description names its dependencies; the subtree's shows their values.
        #expect(app.special.debugDescription.contains("@Injected phoneBook: any PhoneBook"))
        let description = app.special.subtreeDescription
        #expect(
            description.contains(#"@Injected chat: any Messenger = NamedMessenger(name: "special")"#),
            "\(description)")
        #expect(
            description.contains(
                #"@Injected phoneBook: any PhoneBook = FixedPhoneBook(number: "555")"#),
            "\(description)")
    }

    @Test func anEffectReadsTheProtocolItsOwnSubtreeSees() async {
        let app = MessengerApp()
        app.inject(NamedMessenger(name: "root"), as: (any Messenger).self)
        app.left.inject(NamedMessenger(name: "left"), as: (any Messenger).self)
        app.left.send(.send("hi"))
        app.right.send(.send("yo"))
        await waitUntil("both replies arrive", within: testPatience) {
            app.left.seen.count == 1 && app.right.seen.count == 1
        }
        #expect(app.left.seen == ["left: hi"])
        #expect(app.right.seen == ["root: yo"])
    }

    // "When it starts, it receives a snapshot of the dependencies its scope sees": it starts when the
    // update returns, after the update's own injection.
    @Test func anEffectEnqueuedBeforeItsUpdateInjectsReadsWhatTheScopeSeesWhenItStarts() async {
        let app = MessengerApp()
        app.inject(NamedMessenger(name: "root"), as: (any Messenger).self)
        app.right.send(.sendThenInject("hi", "injected in the update"))
        await waitUntil("the reply arrives", within: testPatience) { app.right.seen.count == 1 }
        #expect(app.right.seen == ["injected in the update: hi"])
    }

    @Test func anInjectableInjectedAsItsOwnTypeIsReadLikeOneInjectedPlainly() {
        let reader = ContextReader()
        reader.inject(ContextDialer(line: "as its type"), as: ContextDialer.self)
        reader.send(.read)
        #expect(reader.seen == "live live as its type")
    }

    @Test func anEffectThatWouldReadAProtocolNothingProvidesDoesNotRunAndIsReported() async {
        let reader = MessengerReader()
        let reports = await withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            reader.send(.send("hello"))
            _ = await reader.effectsState.waitUntilSettled(timeout: testPatience)
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reader.seen == [])
        #expect(reports.count == 1)
        let message = reports.first.map { "\($0.error)" } ?? ""
        #expect(
            message.hasPrefix(
                "the effect SendThroughMessenger of MessengerReader read @Injected any Messenger"),
            "\(message)")
        #expect(message.contains("inject(value, as: (any Messenger).self)"), "\(message)")
    }
}
