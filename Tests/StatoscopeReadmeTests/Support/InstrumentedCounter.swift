import Foundation
import Logging
import Statoscope
import Testing

// Scopes, effects and captures for the suites on the documented promises of the split into modules,
// the one registration rule and the flight recording, through the public API alone.

/// What the counter's update or effect throws, numbered.
struct CounterError: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "CounterError(\(n))" }
}

/// Encodes by throwing: analytics and recorders must refuse it (and log it).
struct Unencodable: Codable, Sendable {
    init() {}
    init(from decoder: any Decoder) throws { self.init() }
    func encode(to encoder: any Encoder) throws { throw CounterError(n: 7) }
}

/// A dependency the counter and the rows read.
struct CountingAPI: Injectable {
    var name: String
    static var defaultValue: CountingAPI { CountingAPI(name: "default") }
}

/// An effect that fails.
struct FailingCounterEffect: Effect, Equatable {
    func runEffect() async throws -> InstrumentedCounter.When { throw CounterError(n: 99) }
}

/// A counter whose events throw, start effects that fail or succeed, carry a value that cannot be
/// encoded, or a sensitive one: what every instrument is given to see.
final class InstrumentedCounter: Scope {
    var count = 0
    var note = ""
    @Injected var api: CountingAPI

    enum When: Codable, TrackedWhen {
        case inc
        case fail(Int)
        case note(String)
        case failingEffect
        case succeedingEffect
        case effectDone(Int)
        case unencodable(Unencodable)
        case secret(Sensitive<String>)
    }

    func update(_ when: When) throws {
        switch when {
        case .inc: count += 1
        case .fail(let n): throw CounterError(n: n)
        case .note(let text): note = text
        case .failingEffect: effectsState.enqueue(FailingCounterEffect())
        case .succeedingEffect: effectsState.enqueue(AnyEffect { When.effectDone(5) })
        case .effectDone(let n): count = n
        case .unencodable: count += 100
        case .secret: break
        }
    }
}

/// A row that reads its home and the dependency.
final class HomeRow: Scope {
    @Superscope var home: InstrumentedHome
    @Injected var api: CountingAPI
    var seen = ""
    enum When { case read }
    func update(_ when: When) throws {
        seen = api.name + "@" + String(describing: type(of: home))
    }
}

/// A home holding a counter, a row, and the library's own values in its state, sensitive ones among
/// them.
final class InstrumentedHome: Scope {
    @Subscope var child: InstrumentedCounter? = InstrumentedCounter()
    @Subscope var rows: [HomeRow] = [HomeRow()]
    var result: EffectResult<Int>? = .success(1)
    var failure: EffectFailure? = EffectFailure(InvalidStateError("bad"))
    var value: EventValue? = .int(3)
    var end: StreamEnd? = .finished
    var policy: EffectKeyPolicy? = .keepOlder
    var policyPlain: EffectKeyPolicy = .debounce(.seconds(1))
    var storedError: (any Error)? = InvalidStateError("stored")
    var api: Sensitive<String> = Sensitive("hunter2")
    @Sensitive var password = "swordfish"

    enum When { case dismiss, present }
    func update(_ when: When) throws {
        switch when {
        case .dismiss: child = nil
        case .present: child = InstrumentedCounter()
        }
    }
}

/// Holds an effect's result and a key policy, set by its update: what a state diff prints.
final class ResultHolder: Scope {
    var result: EffectResult<Int>? = nil
    var policy: EffectKeyPolicy? = nil
    enum When { case set }
    func update(_ when: When) throws {
        result = .success(2)
        policy = .keepOlder
    }
}

/// A node that may be linked below itself.
final class LinkNode: Scope {
    @Subscope var next: LinkNode? = nil
    enum When { case link(LinkNode) }
    func update(_ when: When) throws {
        switch when {
        case .link(let node): next = node
        }
    }
}

/// A mutable value a main-actor closure can write to.
@MainActor final class MainBox<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

/// Something a closure holds, to see when the closure itself is gone.
final class Tracker: Sendable {}

/// A swift-log handler that keeps every message with its source, label and level.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var _entries: [(source: String, label: String, message: String)] = []
    private var _levels: [Logger.Level] = []
    var levels: [Logger.Level] {
        lock.lock()
        defer { lock.unlock() }
        return _levels
    }
    var entries: [(source: String, label: String, message: String)] {
        lock.lock()
        defer { lock.unlock() }
        return _entries
    }
    func logger(_ label: String) -> Logger {
        Logger(label: label) { label in Handler(capture: self, label: label) }
    }
    fileprivate func append(
        _ source: String, _ label: String, _ message: String, _ level: Logger.Level = .info
    ) {
        lock.lock()
        _entries.append((source, label, message))
        _levels.append(level)
        lock.unlock()
    }
    private struct Handler: LogHandler {
        let capture: LogCapture
        let label: String
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            capture.append(event.source, label, "\(event.message)", event.level)
        }
    }
}

/// The modules the library is split into, which no text may name.
let internalModules = [
    "StatoscopeCore", "StatoscopeInjection", "StatoscopeEffects", "StatoscopeInstruments",
    "StatoscopeView",
]

/// Expects that `text` names none of ``internalModules``.
func expectNoInternalModule(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    for module in internalModules {
        #expect(!text.contains(module), "\(what) names \(module): \(text)", sourceLocation: sourceLocation)
    }
}

/// Lets the tasks waiting for the main actor run.
@MainActor func settleTasks() async {
    for _ in 0..<20 { await Task.yield() }
}
