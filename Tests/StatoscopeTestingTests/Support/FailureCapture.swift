import Foundation
import StatoscopeTesting

/// Collects the failures plans report while `body` runs, instead of failing the test: the library's
/// own tests check each failure's message and line this way.
func capturingFailures(_ body: () throws -> Void) rethrows -> [PlanFailure] {
    let collector = FailureCollector()
    try PlanIssueReporter.$capture.withValue(.init { collector.append($0) }, operation: body)
    return collector.failures
}

final class FailureCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [PlanFailure] = []

    func append(_ failure: PlanFailure) {
        lock.withLock { collected.append(failure) }
    }

    var failures: [PlanFailure] { lock.withLock { collected } }
}

/// ``capturingFailures(_:)`` for a live test that awaits.
func capturingFailuresAsync(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [PlanFailure] {
    let collector = FailureCollector()
    try await PlanIssueReporter.$capture.withValue(
        .init { collector.append($0) }, operation: body, isolation: isolation)
    return collector.failures
}
