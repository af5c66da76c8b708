/// Holds effects until a test opens it, so that a test decides when each effect finishes.
///
/// A cancelled effect stops waiting at once: a test that cancels an effect and never opens its gate
/// leaves no task suspended behind it.
public actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A closed gate.
    public init() {}

    /// Waits until the gate opens or the calling task is cancelled.
    public func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if isOpen || Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters.append(continuation)
                }
            }
        } onCancel: {
            Task { await self.open() }
        }
    }

    /// Opens the gate for every wait, present and future.
    public func open() {
        isOpen = true
        let pending = waiters
        waiters.removeAll()
        for waiter in pending { waiter.resume() }
    }
}
