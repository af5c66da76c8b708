import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many connections the inspector keeps open at once, and how many it holds: half the file
/// descriptors the process may open (the soft `RLIMIT_NOFILE`), at most 10,000, so that its clients
/// never take the descriptors the app needs. A connection beyond it is answered 503, saying so, and
/// closed.
final class ConnectionCap: Sendable {
    /// The most connections held at once.
    let limit: Int
    private let held = CriticalState(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// A smaller cap for a test to reach, set around `Inspector.start`.
    @TaskLocal static var limitForTesting: Int?

    /// The cap for this process: half its descriptor limit, at most 10,000.
    static func forThisProcess() -> ConnectionCap {
        if let limitForTesting { return ConnectionCap(limit: limitForTesting) }
        var limits = rlimit()
        #if os(Linux)
            let read = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        #else
            let read = getrlimit(RLIMIT_NOFILE, &limits)
        #endif
        // Half of 256, the smallest soft limit of the supported systems, when the limit is unknown.
        guard read == 0 else { return ConnectionCap(limit: 128) }
        // No limit (`RLIM_INFINITY`, the largest value) clamps to the largest cap.
        return ConnectionCap(limit: min(Int(clamping: limits.rlim_cur) / 2, 10_000))
    }

    /// Takes a place for a new connection; false when every place is held.
    func take() -> Bool {
        held.withLock { held in
            guard held < limit else { return false }
            held += 1
            return true
        }
    }

    /// Gives back the place of a connection that closed.
    func giveBack() {
        held.withLock { $0 -= 1 }
    }

    /// How many connections are held now.
    var heldCount: Int { held.withLock { $0 } }
}
