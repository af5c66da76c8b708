import Foundation
import StatoscopeTesting

/// Collects the failures plans report while `body` runs, instead of failing the test, so that a test
/// checks each message.
func capturingFailures(_ body: () throws -> Void) throws -> [PlanFailure] {
    let lock = NSLock()
    nonisolated(unsafe) var failures: [PlanFailure] = []
    try PlanIssueReporter.$capture.withValue(
        .init { failure in lock.withLock { failures.append(failure) } }
    ) {
        try body()
    }
    return lock.withLock { failures }
}
