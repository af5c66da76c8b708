import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A stream that yields one message, then ends as it is told.
struct Chat: StreamEffect {
    struct Dropped: Error, Equatable { let code: Int }
    struct Garbled: Error { let detail: String }

    let failure: (any Error)?

    func makeElements() -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield("hello")
            continuation.finish(throwing: failure)
        }
    }
}

@MainActor
final class ChatScreen: Scope {
    var messages: [String] = []
    var ends: [StreamEnd] = []
    var events: [When] = []

    enum When: Sendable, Equatable {
        case userJoined(failure: Chat.Dropped?)
        case messageArrived(String)
        case chatEnded(StreamEnd)
    }

    func update(_ when: When) throws {
        events.append(when)
        switch when {
        case .userJoined(let failure):
            effectsState.enqueue(Chat(failure: failure).map(When.messageArrived).onEnd(When.chatEnded))
        case .messageArrived(let message):
            messages.append(message)
        case .chatEnded(let end):
            ends.append(end)
        }
    }
}

@MainActor
@Suite struct StreamEndTests {
    @Test func finishedEqualsFinishedAndNoFailure() {
        #expect(StreamEnd.finished == .finished)
        #expect(StreamEnd.finished != .failed(Chat.Dropped(code: 1)))
        #expect(StreamEnd.failed(Chat.Dropped(code: 1)) != .finished)
    }

    @Test func anEquatableFailureComparesByValue() {
        #expect(StreamEnd.failed(Chat.Dropped(code: 1)) == .failed(Chat.Dropped(code: 1)))
        #expect(StreamEnd.failed(Chat.Dropped(code: 1)) != .failed(Chat.Dropped(code: 2)))
    }

    @Test func failuresOfDifferentTypesDifferEvenWhenTheyPrintAlike() {
        struct Dropped: Error, Equatable { let code: Int }
        #expect(String(describing: Dropped(code: 1)) == String(describing: Chat.Dropped(code: 1)))
        #expect(StreamEnd.failed(Chat.Dropped(code: 1)) != .failed(Dropped(code: 1)))
    }

    @Test func anotherFailureComparesByItsDescription() {
        #expect(StreamEnd.failed(Chat.Garbled(detail: "x")) == .failed(Chat.Garbled(detail: "x")))
        #expect(StreamEnd.failed(Chat.Garbled(detail: "x")) != .failed(Chat.Garbled(detail: "y")))
    }

    @Test func aLiveStreamsEndReachesUpdateAsAComparableEvent() async {
        let screen = ChatScreen()
        screen.send(.userJoined(failure: nil))
        #expect(await screen.effectsState.settlesWithinTestPatience())
        screen.send(.userJoined(failure: Chat.Dropped(code: 1006)))
        #expect(await screen.effectsState.settlesWithinTestPatience())
        #expect(screen.messages == ["hello", "hello"])
        #expect(screen.ends == [.finished, .failed(Chat.Dropped(code: 1006))])
        #expect(
            screen.events == [
                .userJoined(failure: nil), .messageArrived("hello"), .chatEnded(.finished),
                .userJoined(failure: Chat.Dropped(code: 1006)), .messageArrived("hello"),
                .chatEnded(.failed(Chat.Dropped(code: 1006))),
            ])
    }
}
