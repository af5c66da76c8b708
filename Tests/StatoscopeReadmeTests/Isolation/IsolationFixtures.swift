// Scopes, captures and waits for the suites on the documented promises of `withIsolatedInstruments`
// and the `.isolatedInstruments` trait, through the public API alone.
//
// The app's own logging may be turned on by other suites meanwhile, and it logs every event, so no test
// of these suites expects `EventLogging.isEnabled` to be false: they read their loggers instead.
//
// Most of these tests run inside the trait: the test's own isolation then stands in for "the whole
// app", and the isolations the tests open are nested in it ("the instruments of an outer one see what
// happens in an inner one"). The few that need the real app-wide instruments filter by scope.
import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// A gate an effect waits at until the test opens it.
final class EffectGate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func open() { continuation.finish() }

    func wait() async {
        for await _ in stream {}
    }
}

struct IsolatedError: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "IsolatedError(\(n))" }
}

/// A scope whose events start effects (immediate, gated, failing, streamed, long-lived), and whose
/// update can throw.
@MainActor
final class IsolatedScope: Scope {
    var received: [String] = []
    var gate = EffectGate()
    var live: AsyncStream<When>?

    enum When: Codable, Sendable, TrackedWhen {
        case ping(Int)
        case load(Int)
        case loaded(Int)
        case gated(Int)
        case gatedFailure(Int)
        case ticks(Int)
        case tick(Int)
        case listen
        case boom(Int)
    }

    struct Load: Effect {
        let n: Int
        func runEffect() async throws -> When { .loaded(n) }
    }

    struct Gated: Effect {
        let n: Int
        let gate: EffectGate
        func runEffect() async throws -> When {
            await gate.wait()
            return .loaded(n)
        }
    }

    struct GatedFailure: Effect {
        let n: Int
        let gate: EffectGate
        func runEffect() async throws -> When {
            await gate.wait()
            throw IsolatedError(n: n)
        }
    }

    struct Ticks: StreamEffect {
        let count: Int
        func makeElements() -> AsyncStream<When> {
            AsyncStream { continuation in
                for tick in 1...count { continuation.yield(.tick(tick)) }
                continuation.finish()
            }
        }
    }

    struct Live: StreamEffect {
        let elements: AsyncStream<When>
        func makeElements() -> AsyncStream<When> { elements }
    }

    func update(_ when: When) throws {
        received.append("\(when)")
        switch when {
        case .load(let n): effectsState.enqueue(Load(n: n))
        case .gated(let n): effectsState.enqueue(Gated(n: n, gate: gate))
        case .gatedFailure(let n): effectsState.enqueue(GatedFailure(n: n, gate: gate))
        case .ticks(let count): effectsState.enqueue(Ticks(count: count))
        case .listen:
            if let live { effectsState.enqueue(Live(elements: live)) }
        case .boom(let n): throw IsolatedError(n: n)
        case .ping, .loaded, .tick: break
        }
    }
}

/// Records the events an app-wide middleware sees, optionally of one scope only.
@MainActor
final class SeenEvents {
    private(set) var whens: [String] = []
    var registration: InstrumentRegistration?

    init(only scope: IsolatedScope? = nil) {
        registration = Middleware.addAppWide { [weak self] event, next in
            if let scope, event.scope !== scope {
                try next(event)
                return
            }
            self?.whens.append("\(event.when)")
            try next(event)
        }
    }

    var count: Int { whens.count }
}

/// Records the reports an error handler receives.
@MainActor
final class SeenReports {
    private(set) var reports: [ErrorReport] = []
    var registration: InstrumentRegistration?

    init(only scope: IsolatedScope? = nil) {
        let scopeID = scope.map { ObjectIdentifier($0) }
        registration = ErrorReporting.addHandler { [weak self] report in
            if let scopeID, report.scopeID != scopeID { return }
            self?.reports.append(report)
        }
    }

    var errors: [String] { reports.map { "\($0.error)" } }
}

/// Records the names of the analytics events a sink receives.
final class NameSink: Sendable {
    let names = LockedValue<[String]>([])
    @MainActor func install() -> InstrumentRegistration {
        Analytics.install { [names] event in names.mutate { $0.append(event.name) } }
    }
}

/// A swift-log handler that keeps every message.
final class KeptLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    let label: String

    init(_ label: String) { self.label = label }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    func logger() -> Logger {
        Logger(label: label) { _ in Handler(log: self) }
    }

    fileprivate func append(_ message: String) {
        lock.lock()
        entries.append(message)
        lock.unlock()
    }

    private struct Handler: LogHandler {
        let log: KeptLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            log.append("\(event.message)")
        }
    }
}

/// Waits, a bounded number of yields, until `condition` holds.
@MainActor func yieldUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
