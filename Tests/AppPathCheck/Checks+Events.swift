import Statoscope

/// An account whose updates send to themselves and to a ledger, and refuse what makes no sense.
@MainActor
private final class Account: Scope {
    var balance = 0
    var handled: [String] = []
    let ledger = Ledger()

    enum When {
        case deposit(Int)
        case depositThenSend(Int, then: [Int])
        case depositAndNoteInLedger(Int)
        case withdraw(Int)
        case settled(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .deposit(let amount):
            balance += amount
            handled.append("deposit \(amount)")
        case .depositThenSend(let amount, let then):
            handled.append("begin \(amount)")
            for next in then { send(.deposit(next)) }
            balance += amount
            handled.append("end \(amount)")
        case .depositAndNoteInLedger(let amount):
            ledger.send(.noted(amount))
            handled.append("ledger noted \(ledger.notes)")
            balance += amount
        case .withdraw(let amount):
            // The effect comes before the refusal, so that the check sees it discarded.
            effectsState.enqueue(AnyEffect { amount }.map(When.settled))
            guard amount <= balance else { throw InvalidStateError("withdrawing more than the balance") }
            balance -= amount
        case .settled(let amount):
            handled.append("settled \(amount)")
        }
    }
}

@MainActor
private final class Ledger: Scope {
    var notes: [Int] = []

    enum When { case noted(Int) }

    func update(_ when: When) throws {
        if case .noted(let amount) = when { notes.append(amount) }
    }
}

/// `send`, the single entry point: it reaches `update`, queues what is sent during an update, and
/// reports what an update throws.
extension Checks {
    static var events: [NamedCheck] {
        [
            NamedCheck("an event reaches update", anEventReachesUpdate),
            NamedCheck(
                "events sent during an update are queued and run in order after it",
                eventsSentDuringAnUpdateRunInOrderAfterIt),
            NamedCheck(
                "an event sent to another scope during an update waits for that update",
                anEventToAnotherScopeWaitsForTheUpdate),
            NamedCheck(
                "a throwing update is reported and leaves the state as it was",
                aThrowingUpdateIsReportedAndLeavesTheStateAsItWas),
        ]
    }

    static func anEventReachesUpdate(_ check: Check) {
        let account = Account()
        account.send(.deposit(5))
        account.send(.deposit(7))
        check.expect("the balance", account.balance, equals: 12)
        check.expect("the updates", account.handled, equals: ["deposit 5", "deposit 7"])
    }

    static func eventsSentDuringAnUpdateRunInOrderAfterIt(_ check: Check) {
        let account = Account()
        account.send(.depositThenSend(1, then: [10, 20]))
        check.expect(
            "the updates", account.handled, equals: ["begin 1", "end 1", "deposit 10", "deposit 20"])
        check.expect("the balance", account.balance, equals: 31)
    }

    static func anEventToAnotherScopeWaitsForTheUpdate(_ check: Check) {
        let account = Account()
        account.send(.depositAndNoteInLedger(3))
        check.expect("what the account saw of the ledger", account.handled, equals: ["ledger noted []"])
        check.expect("the ledger", account.ledger.notes, equals: [3])
    }

    static func aThrowingUpdateIsReportedAndLeavesTheStateAsItWas(_ check: Check) async {
        let account = Account()
        account.send(.deposit(10))
        var reports: [ErrorReport] = []
        let reporting = ErrorReporting.addHandler { reports.append($0) }
        defer { reporting.remove() }
        account.send(.withdraw(50))
        check.expect("the balance", account.balance, equals: 10)
        check.expect("the effects in flight", account.effectsState.effects.count, equals: 0)
        check.expect("the reports", reports.count, equals: 1)
        if let report = reports.first {
            check.expect(
                "the reported error", report.error is InvalidStateError, expected: "an InvalidStateError",
                got: "\(type(of: report.error))")
            check.expect("the reported scope", report.scopePath, equals: "Account")
            if case .update(let when) = report.source {
                check.expect("the reported event", "\(when)", equals: "withdraw(50)")
            } else {
                check.fail("the report's source", expected: "update(withdraw(50))", got: "\(report.source)")
            }
        }
        check.expect("what throwing did not do", account.handled, equals: ["deposit 10"])
        // The next event is handled as usual, and its effect runs where the refused one never did.
        account.send(.withdraw(4))
        check.expect("the balance after a withdrawal it accepts", account.balance, equals: 6)
        await check.waitUntil("the accepted withdrawal settled", got: "\(account.handled)") {
            account.handled.contains("settled 4")
        }
        check.expect("the updates", account.handled, equals: ["deposit 10", "settled 4"])
    }
}
