import Statoscope

/// Analytics: the events of a `TrackedWhen` type reach the app's sink, off the main actor, in the
/// order their updates accepted them; an event whose update threw is not tracked.
extension Checks {
    static var analytics: [NamedCheck] {
        [
            NamedCheck(
                "the analytics sink receives each accepted event, named by its case with its values",
                theAnalyticsSinkReceivesEachAcceptedEvent)
        ]
    }

    static func theAnalyticsSinkReceivesEachAcceptedEvent(_ check: Check) async {
        let received = Collected<String>()
        let analytics = Analytics.install { event in received.append(event.description) }
        defer { analytics.remove() }
        let cafe = Cafe()
        cafe.order.send(.userPicked(size: 3, decaf: false))
        cafe.order.send(.userPaid(amount: -1))
        cafe.order.send(.userPaid(amount: 4))
        await check.waitUntil("the payment's event", got: "\(received.all)") { received.all.count >= 2 }
        check.expect(
            "the events received", received.all,
            equals: ["userPicked{decaf: false, size: 3} at Cafe.order", "userPaid{amount: 4} at Cafe.order"])
    }
}
