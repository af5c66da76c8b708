@_spi(StatoscopeInternals) import StatoscopeCore

/// One `waitUntilSettled(timeout:)` call: resumed once, by whichever comes first, the scope settling
/// or its timer.
@MainActor
final class SettleWaiter {
    private var continuation: CheckedContinuation<Bool, Never>?
    /// Resumes the waiter when its time is up; cancelled once it is resumed.
    var timer: Task<Void, Never>?

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }

    /// Resumes the caller with whether the scope settled; later calls do nothing.
    func resume(settled: Bool) {
        guard let continuation else { return }
        self.continuation = nil
        timer?.cancel()
        timer = nil
        continuation.resume(returning: settled)
    }
}
