import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import Testing

/// `CriticalState` is what every lock of the library goes through: threads racing on one instance
/// must lose no update (and, in CI's ThreadSanitizer run, cause no report).
struct CriticalStateTests {
    @Test func concurrentUpdatesAreAllKept() {
        let counter = CriticalState([Int: Int]())
        let threads = 8
        let updatesPerThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for update in 0..<updatesPerThread {
                counter.withLock { $0[thread, default: 0] += 1 }
                if update.isMultiple(of: 100) {
                    _ = counter.withLock { $0.values.reduce(0, +) }
                }
            }
        }
        let total = counter.withLock { $0.values.reduce(0, +) }
        #expect(total == threads * updatesPerThread)
        #expect(counter.withLock { $0.count } == threads)
    }

    @Test func aThrowingBodyReleasesTheLock() {
        struct Refused: Error {}
        let state = CriticalState(0)
        #expect(throws: Refused.self) {
            try state.withLock { value in
                value = 1
                throw Refused()
            }
        }
        // Taking the lock again would deadlock had the throw left it held.
        #expect(state.withLock { $0 } == 1)
    }
}
