import Testing

/// How long a test waits for something that takes microseconds when all goes well: long enough for a
/// loaded machine on which the suites' synchronous tests, sharing one main actor, hold it for tens of
/// seconds in all (and a sanitizer multiplies that), short enough to end a test that hangs.
public let testPatience: Duration = .seconds(120)

/// Returns once the main actor has run every job queued on it before this call.
///
/// The main actor runs its jobs in the order they were queued, so a job queued now runs after
/// them: awaiting it is a barrier, where a number of `Task.yield()` calls would only be a guess.
@MainActor
public func mainActorBarrier() async {
    await Task { @MainActor in }.value
}
