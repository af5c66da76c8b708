import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A dependency that is a protocol: no wrapper struct, no default.
protocol ChatClient: Sendable {
    func send(_ text: String) async throws -> String
}

struct LiveChatClient: ChatClient {
    func send(_ text: String) async throws -> String { "live: \(text)" }
}

struct EchoChatClient: ChatClient {
    let prefix: String
    func send(_ text: String) async throws -> String { "\(prefix): \(text)" }
}

/// Sends through the chat client from an effect, and reads it in its update.
struct SendMessage: Effect, Equatable {
    @Injected var chat: any ChatClient
    let text: String
    func runEffect() async throws -> String { try await chat.send(text) }
}

final class ChatRoom: Scope {
    @Injected var chat: any ChatClient
    var clientName = ""
    var sent: [String] = []

    enum When {
        case readsClient
        case userSent(String)
        case sent(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .readsClient:
            clientName = "\(type(of: chat))"
        case .userSent(let text):
            effectsState.enqueue(SendMessage(text: text).map(When.sent))
        case .sent(let reply):
            sent.append(reply)
        }
    }
}

final class ChatApp: Scope {
    @Subscope var general = ChatRoom()
    @Subscope var support = ChatRoom()

    enum When { case noop }

    func update(_ when: When) throws {}
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ProtocolDependencyTests {
    @Test func aProtocolInjectedAtTheRootIsReadByScopesAndEffectsAndOverriddenPerSubtree() async {
        let app = ChatApp()
        app.inject(LiveChatClient(), as: (any ChatClient).self)
        app.support.inject(EchoChatClient(prefix: "support"), as: (any ChatClient).self)
        app.general.send(.readsClient)
        app.support.send(.readsClient)
        #expect(app.general.clientName == "LiveChatClient")
        #expect(app.support.clientName == "EchoChatClient")
        app.general.send(.userSent("hi"))
        app.support.send(.userSent("help"))
        await waitUntil("both replies arrive", within: .seconds(120)) {
            app.general.sent == ["live: hi"] && app.support.sent == ["support: help"]
        }
        #expect(app.general.sent == ["live: hi"])
        #expect(app.support.sent == ["support: help"])
        app.inject(EchoChatClient(prefix: "replaced"), as: (any ChatClient).self)
        app.general.send(.readsClient)
        #expect(app.general.clientName == "EchoChatClient")
    }

    @Test func aProtocolDependencyShowsInDescriptionsLikeAnyOther() {
        let app = ChatApp()
        app.inject(EchoChatClient(prefix: "root"), as: (any ChatClient).self)
        #expect(app.general.debugDescription.contains("@Injected chat: any ChatClient"))
        let subtree = app.subtreeDescription
        #expect(subtree.contains("injects any ChatClient = EchoChatClient(prefix: \"root\")"), "\(subtree)")
        #expect(
            subtree.contains("@Injected chat: any ChatClient = EchoChatClient(prefix: \"root\")"),
            "\(subtree)")
        let bare = ChatApp()
        #expect(
            bare.subtreeDescription.contains("@Injected chat: any ChatClient = none"),
            "\(bare.subtreeDescription)")
    }

    @Test func aProtocolNothingProvidesIsReportedThenStopsTheProgramNamingTheTypeTheReaderAndTheFix()
        async
    {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            await MainActor.run {
                let registration = ErrorReporting.addHandler { report in
                    FileHandle.standardOutput.write(Data("reported \(report.source): \(report.error)\n".utf8))
                }
                let app = ChatApp()
                withExtendedLifetime(registration) { app.general.send(.readsClient) }
            }
        }
        let message = """
            ChatRoom at ChatApp.general read @Injected any ChatClient, which nothing provides: no scope \
            from it up to its root injected one, and any ChatClient declares no value of its own. Inject \
            one at the root: root.inject(value, as: (any ChatClient).self)
            """
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("reported dependency: \(message)"), "\(output)")
        #expect(errors.contains(message), "\(errors)")
    }
}
