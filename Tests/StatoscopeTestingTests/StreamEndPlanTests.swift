import Statoscope
import StatoscopeTesting
import Testing

/// Follows a chat's messages and keeps how the chat ended.
final class ChatWindow: Scope {
    struct Dropped: Error, Equatable { let code: Int }

    var messages: [String] = []
    var ending: StreamEnd?

    enum When: Sendable, Equatable {
        case userJoined
        case messageArrived(String)
        case chatEnded(StreamEnd)
    }

    func update(_ when: When) throws {
        switch when {
        case .userJoined:
            effectsState.enqueue(
                AnyStreamEffect<String> { _ in }.map(When.messageArrived).onEnd(When.chatEnded))
        case .messageArrived(let message):
            messages.append(message)
        case .chatEnded(let end):
            ending = end
        }
    }
}

@Suite struct StreamEndPlanTests {
    @Test func aPlanChecksHowAStreamEndedThroughItsOnEnd() throws {
        let failures = try capturingFailures {
            try ChatWindow.GIVEN { ChatWindow() }
                .WHEN(.userJoined)
                .WHEN_StreamYields(AnyStreamEffect<String>.self, "hello")
                .WHEN_StreamEnds(AnyStreamEffect<String>.self)
                .THEN(\.messages, equals: ["hello"])
                .THEN(\.ending, equals: .finished)
                .WHEN(.userJoined)
                .WHEN_StreamFails(AnyStreamEffect<String>.self, with: ChatWindow.Dropped(code: 1006))
                .THEN(\.ending, equals: .failed(ChatWindow.Dropped(code: 1006)))
                .FORK(.chatEnded(.finished)) { branch in
                    try branch.THEN(\.ending, equals: .finished)
                }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func anotherEndFailsTheCheckAndShowsBothEnds() throws {
        let plan = try ChatWindow.GIVEN { ChatWindow() }
            .WHEN(.userJoined)
            .WHEN_StreamFails(AnyStreamEffect<String>.self, with: ChatWindow.Dropped(code: 1006))
        let failures = try capturingFailures {
            try plan.THEN(\.ending, equals: .failed(ChatWindow.Dropped(code: 1000))).runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        let message = failures.first?.message ?? "no failure"
        #expect(message.contains("1006") && message.contains("1000"), "\(message)")
    }
}
