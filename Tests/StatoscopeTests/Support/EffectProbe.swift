import StatoscopeTestSupport

/// Counts what effects did, from their own tasks.
actor EffectProbe {
    private(set) var started = 0
    private(set) var finished = 0
    private(set) var cancelled = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func didStart() { started += 1 }

    func didFinish(cancelled wasCancelled: Bool) {
        finished += 1
        if wasCancelled { cancelled += 1 }
        let ready = waiters.filter { $0.count <= finished }
        waiters.removeAll { $0.count <= finished }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Suspends until `count` effect runs have finished.
    func waitUntilFinished(_ count: Int) async {
        guard finished < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
