import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Attacks on what *Injecting dependencies* promises, live: a protocol dependency injected for one
// subtree and not its sibling, overridden twice, read by a subclass, by a scope linked or moved later,
// and by effects; the live and preview contexts set at several levels.

/// A dependency that is a protocol.
protocol A25bChat: Sendable {
    var name: String { get }
}

struct A25bNamedChat: A25bChat {
    let name: String
}

/// A second protocol, for a subclass that declares one more dependency.
protocol A25bPhoneBook: Sendable {
    func number(of person: String) -> String
}

struct A25bFixedPhoneBook: A25bPhoneBook {
    let number: String
    func number(of person: String) -> String { "\(person): \(number)" }
}

/// Sends through the chat client it reads with `@Injected`.
struct A25bSend: Effect, Equatable {
    @Injected var chat: any A25bChat
    let text: String
    func runEffect() async throws -> String { "\(chat.name): \(text)" }
}

/// Reads the chat client in its update, and from an effect.
@MainActor
class A25bReader: Scope {
    @Injected var chat: any A25bChat
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
        case .send(let text): effectsState.enqueue(A25bSend(text: text).map(When.sent))
        case .sendThenInject(let text, let name):
            effectsState.enqueue(A25bSend(text: text).map(When.sent))
            inject(A25bNamedChat(name: name), as: (any A25bChat).self)
        case .sent(let reply): seen.append(reply)
        }
    }
}

/// A subclass that declares one more protocol dependency.
@MainActor
final class A25bSpecialReader: A25bReader {
    @Injected var phoneBook: any A25bPhoneBook

    override func update(_ when: When) throws {
        try super.update(when)
        if case .read = when { seen.append(phoneBook.number(of: "ada")) }
    }
}

/// A room that may hold a guest.
@MainActor
final class A25bRoom: Scope {
    @Subscope var guest: A25bReader? = nil
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Two readers side by side, a reader presented later, two rooms a guest moves between, and a reader
/// held through its base class.
@MainActor
final class A25bChatApp: Scope {
    @Subscope var left = A25bReader()
    @Subscope var right = A25bReader()
    @Subscope var late: A25bReader? = nil
    @Subscope var special: A25bReader = A25bSpecialReader()
    @Subscope var east = A25bRoom()
    @Subscope var west = A25bRoom()

    enum When: Sendable {
        case present
        case seatGuestEast
        case moveGuestWest
    }

    func update(_ when: When) throws {
        switch when {
        case .present: late = A25bReader()
        case .seatGuestEast: east.guest = A25bReader()
        case .moveGuestWest:
            let guest = east.guest
            east.guest = nil
            west.guest = guest
        }
    }
}

/// A dependency with a live, a test and a preview value.
struct A25bWeather: Injectable {
    var sky: String
    static var defaultValue: A25bWeather { A25bWeather(sky: "live") }
    static var testValue: A25bWeather { A25bWeather(sky: "test") }
    static var previewValue: A25bWeather { A25bWeather(sky: "preview") }
}

/// A dependency with a live and a preview value.
struct A25bAtlas: Injectable {
    var tiles: String
    static var defaultValue: A25bAtlas { A25bAtlas(tiles: "live") }
    static var previewValue: A25bAtlas { A25bAtlas(tiles: "preview") }
}

/// A dependency with a live value only.
struct A25bDialer: Injectable {
    var line: String
    static var defaultValue: A25bDialer { A25bDialer(line: "live") }
}

/// Reads the weather from an effect.
struct A25bLookUp: Effect, Equatable {
    @Injected var weather: A25bWeather
    @Injected var atlas: A25bAtlas
    func runEffect() async throws -> String { "\(weather.sky) \(atlas.tiles)" }
}

/// Reads three dependencies, and may hold a child that does the same.
@MainActor
final class A25bContextReader: Scope {
    @Injected var weather: A25bWeather
    @Injected var atlas: A25bAtlas
    @Injected var dialer: A25bDialer
    @Subscope var child: A25bContextReader? = nil
    var seen = ""
    var looked = ""

    enum When: Sendable {
        case read
        case lookUp
        case looked(String)
        case present
    }

    func update(_ when: When) throws {
        switch when {
        case .read: seen = "\(weather.sky) \(atlas.tiles) \(dialer.line)"
        case .lookUp: effectsState.enqueue(A25bLookUp().map(When.looked))
        case .looked(let text): looked = text
        case .present: child = A25bContextReader()
        }
    }
}

@MainActor
func a25bEffectReadsAProtocolNothingProvides() async {
    let reader = A25bReader()
    reader.send(.send("hello"))
    _ = await reader.effectsState.waitUntilSettled(timeout: .seconds(60))
    print("the effect ran without its dependency: \(reader.seen)")
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct DependencyAttack25bTests {
    // MARK: - A protocol injected for subtrees

    @Test func aProtocolInjectedForOneSubtreeIsNeverSeenByItsSibling() {
        let app = A25bChatApp()
        app.inject(A25bNamedChat(name: "root"), as: (any A25bChat).self)
        app.left.inject(A25bNamedChat(name: "left"), as: (any A25bChat).self)
        app.left.send(.read)
        app.right.send(.read)
        #expect(app.left.seen == ["left"])
        #expect(app.right.seen == ["root"])
        // Overridden twice: the latest injection of the subtree wins.
        app.left.inject(A25bNamedChat(name: "left again"), as: (any A25bChat).self)
        app.left.send(.read)
        #expect(app.left.seen == ["left", "left again"])
        // The root's new value reaches the sibling, not the subtree that overrides it.
        app.inject(A25bNamedChat(name: "root again"), as: (any A25bChat).self)
        app.left.send(.read)
        app.right.send(.read)
        #expect(app.left.seen == ["left", "left again", "left again"])
        #expect(app.right.seen == ["root", "root again"])
    }

    @Test func aProtocolInjectedAtTheRootReachesScopesLinkedLaterAndMoved() {
        let app = A25bChatApp()
        app.inject(A25bNamedChat(name: "root"), as: (any A25bChat).self)
        app.west.inject(A25bNamedChat(name: "west"), as: (any A25bChat).self)
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
        let app = A25bChatApp()
        app.inject(A25bNamedChat(name: "root"), as: (any A25bChat).self)
        app.inject(A25bFixedPhoneBook(number: "555"), as: (any A25bPhoneBook).self)
        app.special.inject(A25bNamedChat(name: "special"), as: (any A25bChat).self)
        app.special.send(.read)
        #expect(app.special.seen == ["special", "ada: 555"])
        // A scope's own description names its dependencies; the subtree's shows their values.
        #expect(app.special.debugDescription.contains("@Injected phoneBook: any A25bPhoneBook"))
        let description = app.special.subtreeDescription
        #expect(
            description.contains(#"@Injected chat: any A25bChat = A25bNamedChat(name: "special")"#),
            "\(description)")
        #expect(
            description.contains(
                #"@Injected phoneBook: any A25bPhoneBook = A25bFixedPhoneBook(number: "555")"#),
            "\(description)")
    }

    @Test func anEffectReadsTheProtocolItsOwnSubtreeSees() async {
        let app = A25bChatApp()
        app.inject(A25bNamedChat(name: "root"), as: (any A25bChat).self)
        app.left.inject(A25bNamedChat(name: "left"), as: (any A25bChat).self)
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
        let app = A25bChatApp()
        app.inject(A25bNamedChat(name: "root"), as: (any A25bChat).self)
        app.right.send(.sendThenInject("hi", "injected in the update"))
        await waitUntil("the reply arrives", within: testPatience) { app.right.seen.count == 1 }
        #expect(app.right.seen == ["injected in the update: hi"])
    }

    @Test func anInjectableInjectedAsItsOwnTypeIsReadLikeOneInjectedPlainly() {
        let reader = A25bContextReader()
        reader.inject(A25bDialer(line: "as its type"), as: A25bDialer.self)
        reader.send(.read)
        #expect(reader.seen == "live live as its type")
    }

    @Test func anEffectsReadOfAProtocolNothingProvidesStopsTheProgramWithTheMessage() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            await a25bEffectReadsAProtocolNothingProvides()
        }
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(!output.contains("without its dependency"), "\(output)")
        #expect(errors.contains("@Injected any A25bChat"), "\(errors)")
        #expect(errors.contains("an effect"), "\(errors)")
        #expect(errors.contains("inject(value, as: (any A25bChat).self)"), "\(errors)")
    }

    // MARK: - Contexts, live

    @Test func aPreviewRootReadsPreviewValuesElseTheLiveOnes() {
        let root = A25bContextReader()
        root.useDependencies(.preview)
        root.send(.read)
        #expect(root.seen == "preview preview live")
    }

    @Test func aContextSetLowerInTheTreeWinsOutsideTests() throws {
        let root = A25bContextReader()
        root.useDependencies(.preview)
        root.send(.present)
        let child = try #require(root.child)
        child.useDependencies(.live)
        child.send(.present)
        let grandchild = try #require(child.child)
        grandchild.useDependencies(.preview)
        child.send(.read)
        grandchild.send(.read)
        #expect(child.seen == "live live live")
        #expect(grandchild.seen == "preview preview live")
    }

    @Test func anInjectionWinsOverTheContext() {
        let root = A25bContextReader()
        root.useDependencies(.preview)
        root.inject(A25bWeather(sky: "injected"))
        root.send(.present)
        root.child?.send(.read)
        #expect(root.child?.seen == "injected preview live")
    }

    @Test func aContextSetAfterAReadChangesTheNextRead() {
        let root = A25bContextReader()
        root.send(.read)
        #expect(root.seen == "live live live")
        root.useDependencies(.preview)
        root.send(.read)
        #expect(root.seen == "preview preview live", "the cached answer outlived the context change")
    }

    @Test func anEffectInAPreviewSubtreeReadsThePreviewValues() async {
        let root = A25bContextReader()
        root.send(.present)
        root.child?.useDependencies(.preview)
        root.child?.send(.lookUp)
        root.send(.lookUp)
        await waitUntil("both look-ups end", within: testPatience) {
            root.looked != "" && root.child?.looked != ""
        }
        #expect(root.looked == "live live")
        #expect(root.child?.looked == "preview preview")
    }
}
