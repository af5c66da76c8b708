import Statoscope

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
/// (two minutes unless given; a loaded machine is slow), the test fails at the calling line with
/// `waited 120.0 seconds until the results arrive, which never held`. `condition` is polled every
/// millisecond; a `limit` of zero or less checks it once.
@discardableResult
public func waitUntil(
    _ what: String, within limit: Duration = .seconds(120), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: min(max(limit, .zero), EffectClock.longestWait))
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            PlanIssueReporter.report(
                PlanFailure(
                    .waitTimedOut, "waited \(limit) until \(what), which never held",
                    at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
            return false
        }
        // A short sleep rather than a bare yield: the awaited work may need another thread's time.
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
