import Statoscope

/// A download that finishes at once, or, when `slow`, waits until it is cancelled.
private struct Download: Effect {
    let slow: Bool
    let cancelled: Collected<Bool>
    let started: Collected<Bool>

    func runEffect() async throws -> String {
        started.append(slow)
        if slow {
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                cancelled.append(slow)
                throw error
            }
        }
        return slow ? "slow attachment" : "attachment"
    }
}

@MainActor
private final class Inbox: Scope {
    @Subscope var message: Message? = nil
    var reads = 0

    enum When {
        case userOpened(Message)
        case userClosed
        case messageRead
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpened(let message): self.message = message
        case .userClosed: message = nil
        case .messageRead: reads += 1
        }
    }
}

/// A message screen: its update reads its inbox, which only a linked message has.
@MainActor
private final class Message: Scope {
    @Superscope var inbox: Inbox
    let started = Collected<Bool>()
    let cancelled = Collected<Bool>()
    var attachments: [String] = []

    enum When {
        case userRead
        case userDownloaded(slow: Bool)
        case downloaded(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userRead:
            inbox.send(.messageRead)
        case .userDownloaded(let slow):
            effectsState.enqueue(
                Download(slow: slow, cancelled: cancelled, started: started).map(When.downloaded))
        case .downloaded(let attachment):
            attachments.append(attachment)
        }
    }
}

/// A scope's life is its life in the tree: dismissed, its work ends and its events are refused, while
/// a view may still hold it; presented again, it lives again.
extension Checks {
    static var lifetimes: [NamedCheck] {
        [
            NamedCheck(
                "dismissing a child cancels its effects in the same send",
                dismissingAChildCancelsItsEffects),
            NamedCheck(
                "an event to a dismissed scope is refused and reported, and others' events still arrive",
                anEventToADismissedScopeIsRefusedAndReported),
            NamedCheck(
                "presenting a dismissed scope again brings it back to life",
                presentingADismissedScopeAgainBringsItBack),
        ]
    }

    static func dismissingAChildCancelsItsEffects(_ check: Check) async {
        let inbox = Inbox()
        let message = Message()
        inbox.send(.userOpened(message))
        message.send(.userDownloaded(slow: true))
        await check.waitUntil("the download starting") { message.started.all == [true] }
        inbox.send(.userClosed)
        check.expect("the message's effects in flight", message.effectsState.effects.count, equals: 0)
        await check.waitUntil("the download's task cancelled", got: "\(message.cancelled.all)") {
            message.cancelled.all == [true]
        }
        check.expect("the attachments", message.attachments, equals: [])
    }

    static func anEventToADismissedScopeIsRefusedAndReported(_ check: Check) {
        let inbox = Inbox()
        let message = Message()  // what a view still holding the dismissed screen keeps
        inbox.send(.userOpened(message))
        inbox.send(.userClosed)
        var reports: [String] = []
        let reporting = ErrorReporting.addHandler { reports.append("\($0.error)") }
        defer { reporting.remove() }
        message.send(.userRead)
        check.expect("the inbox's reads", inbox.reads, equals: 0)
        check.expect(
            "the reports", reports,
            equals: ["Inbox.message: Message was dismissed; userRead was not delivered"])
        check.expectPath("while a dismissed scope is held", SendPath.probesFilter, expected: "filtering")
        let journal = Journal()
        journal.send(.add(1))
        inbox.send(.messageRead)
        check.expect("another scope's total", journal.total, equals: 1)
        check.expect("the inbox's reads, sent directly", inbox.reads, equals: 1)
    }

    static func presentingADismissedScopeAgainBringsItBack(_ check: Check) async {
        let inbox = Inbox()
        let message = Message()
        inbox.send(.userOpened(message))
        inbox.send(.userClosed)
        inbox.send(.userOpened(message))
        message.send(.userRead)
        check.expect("the inbox's reads", inbox.reads, equals: 1)
        message.send(.userDownloaded(slow: false))
        await check.waitUntil("the attachment", got: "\(message.attachments)") {
            !message.attachments.isEmpty
        }
        check.expect("the attachments", message.attachments, equals: ["attachment"])
    }
}
