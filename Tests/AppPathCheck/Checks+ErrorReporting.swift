import Statoscope

/// Error reporting: an error handler receives what an effect threw, with the effect and the scope.
/// (What an update throws is in the events' checks.)
extension Checks {
    static var errorReporting: [NamedCheck] {
        [
            NamedCheck(
                "an error handler receives an effect's error, with the effect and its scope",
                anErrorHandlerReceivesAnEffectsError)
        ]
    }

    static func anErrorHandlerReceivesAnEffectsError(_ check: Check) async {
        var reports: [ErrorReport] = []
        let reporting = ErrorReporting.addHandler { reports.append($0) }
        defer { reporting.remove() }
        let cafe = Cafe()
        cafe.order.send(.userAskedFor("oat milk"))
        await check.waitUntil("the effect's error report") { !reports.isEmpty }
        guard let report = reports.first else { return }
        check.expect("the reports", reports.count, equals: 1)
        check.expect("the error", report.error as? OutOfStock, equals: OutOfStock(item: "oat milk"))
        check.expect("the scope's path", report.scopePath, equals: "Cafe.order")
        if case .effect(let effect) = report.source {
            check.expect("the effect", effect as? CheckStock, equals: CheckStock(item: "oat milk"))
        } else {
            check.fail("the report's source", expected: "the effect", got: "\(report.source)")
        }
        check.expect("the stock, which nothing delivered", cafe.order.inStock, equals: nil)
    }
}
