// Scopes, captures and waits for the suites on the documented promises of a scope's own middleware
// (`Scope.addMiddleware`), through the public API alone.
//
// Those tests run alongside other suites: app-wide instruments are filtered by scope, or installed
// under the `.isolatedInstruments` trait. No test asserts a timing: the release of a scope's middleware
// ("within a second of the release, while the main actor runs") is polled for up to ten seconds.
import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// What middlewares and updates saw, in order.
@MainActor
final class MiddlewareLog {
    var items: [String] = []
    func add(_ item: String) { items.append(item) }
}

/// Something a middleware's closure holds, to see when the middleware itself is gone.
final class Sentinel: Sendable {}

/// Runs its closure when released.
@MainActor
final class Farewell {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    isolated deinit { body() }
}

struct UpdateRefused: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "UpdateRefused(\(n))" }
}

struct MiddlewareError: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "MiddlewareError(\(n))" }
}

final class MiddlewareCounter: Scope {
    var total = 0
    var handled: [String] = []
    /// Registrations the scope keeps itself.
    var kept: [InstrumentRegistration] = []

    enum When: Codable, Sendable, Equatable, TrackedWhen {
        case add(Int)
        case fail(Int)
        case ping
        case load(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let n):
            total += n
            handled.append("add \(n)")
        case .fail(let n):
            effectsState.enqueue(AnyEffect { When.add(1_000) })
            throw UpdateRefused(n: n)
        case .ping:
            handled.append("ping")
        case .load(let n):
            effectsState.enqueue(AnyEffect { When.add(n) })
        }
    }
}

final class TappedChild: Scope {
    var taps = 0
    enum When: Sendable, Codable, Equatable { case tap }
    func update(_ when: When) throws { taps += 1 }
}

final class WatchingParent: Scope {
    @Subscope var child: TappedChild? = nil
    @Subscope var other: TappedChild? = nil
    var heard: [String] = []
    var watch: InstrumentRegistration?

    enum When {
        case present(TappedChild)
        case presentWatched
        case close
        case moveToOther
        case heard(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .present(let child):
            self.child = child
        case .presentWatched:
            let child = TappedChild()
            self.child = child
            watch = child.addMiddleware { [weak self] child, when, next in
                try next(when)
                self?.send(.heard("child taps \(child.taps)"))
            }
        case .close:
            child = nil
        case .moveToOther:
            other = child
            child = nil
        case .heard(let text):
            heard.append(text)
        }
    }
}

final class ChainNode: Scope {
    @Subscope var next: ChainNode? = nil
    var touches = 0
    enum When {
        case link(ChainNode)
        case unlink
        case touch
    }
    func update(_ when: When) throws {
        switch when {
        case .link(let node): next = node
        case .unlink: next = nil
        case .touch: touches += 1
        }
    }
}

@MainActor
class SayingBase: Scope {
    var said: [String] = []
    enum When: Sendable, Codable, Equatable { case say(String) }
    func update(_ when: When) throws {
        switch when {
        case .say(let text): said.append(text)
        }
    }
}

@MainActor
final class SayingDerived: SayingBase {
    var derivedUpdates = 0
    override func update(_ when: When) throws {
        derivedUpdates += 1
        try super.update(when)
    }
}

final class GenericMiddlewareBox<T: Sendable & Equatable>: Scope {
    var values: [T] = []
    enum When { case put(T) }
    func update(_ when: When) throws {
        switch when {
        case .put(let value): values.append(value)
        }
    }
}

@MainActor
class GenericBase<T: Sendable & Equatable>: Scope {
    var values: [T] = []
    enum When { case put(T) }
    func update(_ when: When) throws {
        switch when {
        case .put(let value): values.append(value)
        }
    }
}

@MainActor
final class GenericSub: GenericBase<Int> {
    var extra = 0
    override func update(_ when: When) throws {
        extra += 1
        try super.update(when)
    }
}

/// A small deterministic generator, for shuffles.
struct ShuffleRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Polls `condition` while the main actor runs, for up to a minute of polling: the polls are
/// counted rather than timed, so that other tests holding the main actor meanwhile do not use them up.
@MainActor
func pollUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<3_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}

/// The errors reported for one scope.
@MainActor
final class ScopeReports {
    private(set) var errors: [any Error] = []
    private var registration: InstrumentRegistration?

    init(for scope: some Scope) {
        let id = ObjectIdentifier(scope)
        registration = ErrorReporting.addHandler { [weak self] report in
            if report.scopeID == id { self?.errors.append(report.error) }
        }
    }

    var descriptions: [String] { errors.map { "\($0)" } }
    func stop() { registration?.remove() }
}

/// A swift-log handler that keeps every message.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func logger() -> Logger {
        Logger(label: "scope-middleware") { _ in Handler(sink: self) }
    }

    fileprivate func append(_ message: String) {
        lock.lock()
        entries.append(message)
        lock.unlock()
    }

    struct Handler: LogHandler {
        let sink: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            sink.append("\(event.message)")
        }
    }
}

/// Counts per index, and events seen by the wrong middleware.
@MainActor
final class CountsPerIndex {
    var counts: [Int]
    var strays = 0
    init(_ count: Int) { counts = [Int](repeating: 0, count: count) }
}

/// A registration a middleware's own closure holds.
@MainActor
final class RegistrationBox: Sendable {
    var registration: InstrumentRegistration?
}

/// Registrations a test keeps, and the sentinels their middlewares hold.
@MainActor
final class KeptRegistrations: Sendable {
    var all: [InstrumentRegistration] = []
    let sentinels = WeakSentinels()
}

/// Weak references to sentinels, to count those still alive.
@MainActor
final class WeakSentinels {
    private struct Weak { weak var value: Sentinel? }
    private var all: [Weak] = []
    func add(_ sentinel: Sentinel) { all.append(Weak(value: sentinel)) }
    var alive: Int { all.filter { $0.value != nil }.count }
}
