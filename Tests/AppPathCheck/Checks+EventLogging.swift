import Logging
import Statoscope

/// Event logging through swift-log: each event, each step of its effects and the state it changed, as
/// lines the app's handler receives.
extension Checks {
    static var eventLogging: [NamedCheck] {
        [
            NamedCheck(
                "event logging writes each event, its effect's steps and its state changes",
                eventLoggingWritesEventsEffectsAndChanges)
        ]
    }

    static func eventLoggingWritesEventsEffectsAndChanges(_ check: Check) async {
        let lines = Collected<String>()
        EventLogging.enable(
            logger: Logger(label: "app") { _ in LineCollector(lines: lines) }, level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let cafe = Cafe()
        cafe.order.send(.userPicked(size: 2, decaf: true))
        cafe.order.send(.userAskedFor("beans"))
        await check.waitUntil("the stock's line", got: "\(lines.all)") {
            lines.all.contains("info Cafe.order changed inStock: nil -> 12")
        }
        check.expect(
            "the lines", lines.all,
            equals: [
                "info Cafe.order <- userPicked(size: 2, decaf: true)",
                "info Cafe.order changed size: 0 -> 2; decaf: false -> true",
                "info Cafe.order <- userAskedFor(\"beans\")",
                "info Cafe.order effect CheckStock(item: \"beans\") enqueued",
                "info Cafe.order effect CheckStock(item: \"beans\") started",
                "info Cafe.order effect CheckStock(item: \"beans\") completed",
                "info Cafe.order <- stockChecked(12)",
                "info Cafe.order changed inStock: nil -> 12",
            ])
    }
}
