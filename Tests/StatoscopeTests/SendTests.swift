import Statoscope
import Testing

/// A scope that records every update, and can send, enqueue or throw from inside one.
@MainActor
final class Journal: Scope {
    var handled: [String] = []
    var total = 0
    var peer: Journal?

    enum When: Sendable {
        case add(Int)
        case addThenSend(Int, then: [Int])
        case sendToPeer(Int)
        case addThenThrow(Int)
        case enqueueThenThrow
        case sendUnsafeInside(Int)
    }

    struct Refusal: Error, Equatable {
        let value: Int
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            handled.append("add \(value)")
            total += value
        case .addThenSend(let value, let then):
            handled.append("begin \(value)")
            for next in then { send(.add(next)) }
            total += value
            handled.append("end \(value)")
        case .sendToPeer(let value):
            handled.append("to peer \(value)")
            peer?.send(.add(value))
            handled.append("after peer \(value)")
        case .addThenThrow(let value):
            total += value
            handled.append("threw \(value)")
            throw Refusal(value: value)
        case .enqueueThenThrow:
            effectsState.enqueue(AnyEffect { When.add(100) })
            throw Refusal(value: 0)
        case .sendUnsafeInside(let value):
            try sendThrowing(.addThenThrow(value))
            handled.append("sendThrowing returned")
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct SendTests {
    @Test func eventsReachUpdateInTheOrderSent() async {
        let journal = Journal()
        journal.send(.add(1))
        journal.send(.add(2))
        journal.send(.add(3))
        #expect(journal.handled == ["add 1", "add 2", "add 3"])
        #expect(journal.total == 6)
    }

    @Test func sendFromInsideUpdateIsQueuedUntilTheUpdateReturns() async {
        let journal = Journal()
        journal.send(.addThenSend(1, then: [10, 20]))
        #expect(journal.handled == ["begin 1", "end 1", "add 10", "add 20"])
        #expect(journal.total == 31)
    }

    @Test func queuedEventsKeepTheirOrderAcrossNestedSends() async {
        let journal = Journal()
        journal.send(.addThenSend(1, then: []))
        journal.handled.removeAll()
        // The first queued event queues more; those come after everything queued before them.
        journal.send(.addThenSend(1, then: [2]))
        #expect(journal.handled == ["begin 1", "end 1", "add 2"])
    }

    @Test func sendToAnotherScopeFromAnUpdateWaitsForThatUpdate() async {
        let journal = Journal()
        let peer = Journal()
        journal.peer = peer
        journal.send(.sendToPeer(5))
        #expect(journal.handled == ["to peer 5", "after peer 5"])
        #expect(peer.handled == ["add 5"])
    }

    @Test func updateErrorIsReportedWithTheEventAndTheScope() async throws {
        let journal = Journal()
        let collector = ErrorReportCollector(for: journal)
        journal.send(.addThenThrow(4))
        // What update did before throwing stays; nothing else changed, and send did not crash.
        #expect(journal.total == 4)
        let report = try #require(collector.reports.first)
        #expect(collector.reports.count == 1)
        #expect(report.error as? Journal.Refusal == Journal.Refusal(value: 4))
        #expect(report.scopeType is Journal.Type)
        guard case .update(let when) = report.source else {
            Issue.record("expected an update report, got \(report.source)")
            return
        }
        #expect("\(when)" == "addThenThrow(4)")
        #expect(report.description == "Journal: Journal.update(addThenThrow(4)) threw Refusal(value: 4)")
        #expect(report.scopePath == "Journal")
    }

    @Test func sendUnsafeThrowsWhatUpdateThrewAndReportsNothing() async {
        let journal = Journal()
        let collector = ErrorReportCollector(for: journal)
        #expect(throws: Journal.Refusal(value: 2)) {
            try journal.sendThrowing(.addThenThrow(2))
        }
        #expect(collector.reports.isEmpty)
        // The scope keeps working after an error.
        journal.send(.add(1))
        #expect(journal.total == 3)
    }

    @Test func sendUnsafeInsideAnUpdateIsQueuedAndItsErrorReported() async {
        let journal = Journal()
        let collector = ErrorReportCollector(for: journal)
        journal.send(.sendUnsafeInside(3))
        #expect(journal.handled == ["sendThrowing returned", "threw 3"])
        #expect(collector.reports.map { $0.error as? Journal.Refusal } == [Journal.Refusal(value: 3)])
    }

    @Test func effectsOfAFailedUpdateAreDiscarded() async {
        let journal = Journal()
        let collector = ErrorReportCollector(for: journal)
        journal.send(.enqueueThenThrow)
        #expect(journal.effectsState.effects.isEmpty)
        #expect(collector.reports.count == 1)
        await journal.effectsState.waitUntilSettled()
        #expect(journal.total == 0)
    }

    @Test func eventsQueuedByAFailedUpdateAreStillDelivered() async {
        let journal = Journal()
        journal.peer = Journal()
        journal.send(.addThenSend(1, then: [5]))
        journal.handled.removeAll()
        journal.send(.addThenThrow(1))
        journal.send(.add(2))
        #expect(journal.handled == ["threw 1", "add 2"])
    }
}
