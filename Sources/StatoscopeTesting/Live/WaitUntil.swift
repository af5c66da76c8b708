import Statoscope
import StatoscopeEffects

/// Waits until `condition` holds, for at most `limit`, letting other tasks run meanwhile; returns
/// whether it held.
///
/// <!-- compiled with: Debounce -->
/// <!-- compiled inside: @MainActor func waitSample(search: SearchScreen) async { … } -->
/// ```swift
/// await waitUntil("the results arrive") { !search.results.isEmpty }
/// ```
///
/// For a live test, where effects run on their own tasks. Never a hang: when `limit` passes first
/// (two minutes unless given), the test fails at the calling line with
/// `waited 120.0 seconds until the results arrive, which never held`. `condition` is polled every
/// millisecond; a `limit` of zero or less checks it once.
///
/// The limit counts the time the waiting task has had, not the time on the clock: while other work
/// holds its executor (the main actor, which every test of the process shares, on a machine busy
/// with a build), the wait does not run down, since nothing was checked meanwhile. Each poll counts
/// at most 10 milliseconds, so on a quiet machine the limit is the time on the clock, and a loaded
/// one stretches the wait instead of failing it.
@discardableResult
public func waitUntil(
    _ what: String, within limit: Duration = .seconds(120), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
    var patience = WaitPatience(limit)
    while !(await condition()) {
        guard !patience.isExhausted else {
            PlanIssueReporter.report(
                PlanFailure(
                    .waitTimedOut, "waited \(limit) until \(what), which never held",
                    at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
            return false
        }
        await patience.pause()
    }
    return true
}
