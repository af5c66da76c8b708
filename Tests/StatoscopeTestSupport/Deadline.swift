import Testing

/// How long a test waits for something that takes microseconds when all goes well: long enough for a
/// loaded machine on which the suites' synchronous tests, sharing one main actor, hold it for tens of
/// seconds in all (and a sanitizer multiplies that), short enough to end a test that hangs.
public let testPatience: Duration = .seconds(120)

/// Waits until `condition` holds, letting other tasks run meanwhile; returns whether it did.
///
/// When `limit` passes first, records an issue naming what never happened (`what`), so a hang fails
/// the test with a reason instead of stalling the run.
@discardableResult
public func waitUntil(
    _ what: String,
    within limit: Duration = testPatience,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            Issue.record("waited \(limit) but \(what) never happened", sourceLocation: sourceLocation)
            return false
        }
        // A short sleep rather than a bare yield: the awaited work may need another thread's time.
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Returns once the main actor has run every job queued on it before this call.
///
/// The main actor runs its jobs in the order they were queued, so a job queued now runs after
/// them: awaiting it is a barrier, where a number of `Task.yield()` calls would only be a guess.
@MainActor
public func mainActorBarrier() async {
    await Task { @MainActor in }.value
}
