import StatoscopeTestSupport
import Testing

/// Counts what effects did, from their own tasks, and lets a test wait for a count.
actor EffectProbe {
    private(set) var started = 0
    private(set) var finished = 0
    private(set) var cancelled = 0

    private enum Milestone {
        case started(Int)
        case finished(Int)
    }

    private var waiters: [Int: (milestone: Milestone, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var nextWaiter = 0

    func didStart() {
        started += 1
        resumeWaitersReached()
    }

    func didFinish(cancelled wasCancelled: Bool) {
        finished += 1
        if wasCancelled { cancelled += 1 }
        resumeWaitersReached()
    }

    /// Suspends until `count` effect runs have started; past ``testPatience``, fails the test.
    func waitUntilStarted(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        await wait(for: .started(count), "\(count) effect run(s) to start", sourceLocation)
    }

    /// Suspends until `count` effect runs have finished; past ``testPatience``, fails the test.
    func waitUntilFinished(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await wait(for: .finished(count), "\(count) effect run(s) to finish", sourceLocation)
    }

    private func wait(for milestone: Milestone, _ what: String, _ location: SourceLocation) async {
        guard !isReached(milestone) else { return }
        let id = nextWaiter
        nextWaiter += 1
        let deadline = Task {
            try await sleepThroughTestPatience()
            expire(id)
        }
        let reached = await withCheckedContinuation { waiters[id] = (milestone, $0) }
        deadline.cancel()
        if !reached {
            Issue.record(
                "waited \(testPatience) for \(what); \(started) started, \(finished) finished",
                sourceLocation: location)
        }
    }

    private func isReached(_ milestone: Milestone) -> Bool {
        switch milestone {
        case .started(let count): started >= count
        case .finished(let count): finished >= count
        }
    }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }

    private func resumeWaitersReached() {
        for (id, waiter) in waiters where isReached(waiter.milestone) {
            waiters[id] = nil
            waiter.continuation.resume(returning: true)
        }
    }
}
