// Attack 24: adversarial tests of the documented promises of the split into modules, the one
// registration rule, the renamed APIs and the lazily written flight recording. Only the public
// API, through `import Statoscope` (and `StatoscopeTesting`) alone.
import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Every attack in one serialized suite: they install app-wide instruments and count what they see,
/// so each runs with instruments of its own (`.isolatedInstruments`): the other suites, run
/// alongside, send events and make reports too.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct Attack24Tests {}

// MARK: - Fixtures

struct A24Error: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "A24Error(\(n))" }
}

/// Encodes by throwing: analytics and recorders must refuse it (and log it).
struct A24Unencodable: Codable, Sendable {
    init() {}
    init(from decoder: any Decoder) throws { self.init() }
    func encode(to encoder: any Encoder) throws { throw A24Error(n: 7) }
}

struct A24API: Injectable {
    var name: String
    static var defaultValue: A24API { A24API(name: "default") }
}

struct A24FailingEffect: Effect, Equatable {
    func runEffect() async throws -> A24Counter.When { throw A24Error(n: 99) }
}

final class A24Counter: Scope {
    var count = 0
    var note = ""
    @Injected var api: A24API

    enum When: Codable, TrackedWhen {
        case inc
        case fail(Int)
        case note(String)
        case failingEffect
        case succeedingEffect
        case effectDone(Int)
        case unencodable(A24Unencodable)
        case secret(Sensitive<String>)
    }

    func update(_ when: When) throws {
        switch when {
        case .inc: count += 1
        case .fail(let n): throw A24Error(n: n)
        case .note(let text): note = text
        case .failingEffect: effectsState.enqueue(A24FailingEffect())
        case .succeedingEffect: effectsState.enqueue(AnyEffect { When.effectDone(5) })
        case .effectDone(let n): count = n
        case .unencodable: count += 100
        case .secret: break
        }
    }
}

final class A24Row: Scope {
    @Superscope var home: A24Home
    @Injected var api: A24API
    var seen = ""
    enum When { case read }
    func update(_ when: When) throws {
        seen = api.name + "@" + String(describing: type(of: home))
    }
}

final class A24Home: Scope {
    @Subscope var child: A24Counter? = A24Counter()
    @Subscope var rows: [A24Row] = [A24Row()]
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
        case .present: child = A24Counter()
        }
    }
}

final class A24ResultHolder: Scope {
    var result: EffectResult<Int>? = nil
    var policy: EffectKeyPolicy? = nil
    enum When { case set }
    func update(_ when: When) throws {
        result = .success(2)
        policy = .keepOlder
    }
}

final class A24Node: Scope {
    @Subscope var next: A24Node? = nil
    enum When { case link(A24Node) }
    func update(_ when: When) throws {
        switch when {
        case .link(let node): next = node
        }
    }
}

@MainActor final class A24Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

final class A24Tracker: Sendable {}

final class A24LogCapture: @unchecked Sendable {
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
        let capture: A24LogCapture
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

let a24InternalModules = [
    "StatoscopeCore", "StatoscopeInjection", "StatoscopeEffects", "StatoscopeInstruments",
    "StatoscopeView",
]

func a24ExpectNoInternalModule(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    for module in a24InternalModules {
        #expect(!text.contains(module), "\(what) names \(module): \(text)", sourceLocation: sourceLocation)
    }
}

@MainActor func a24Settle() async {
    for _ in 0..<20 { await Task.yield() }
}

// MARK: - 1. One import

extension Attack24Tests {
    @MainActor @Suite(.serialized) struct Attack24ImportTests {
        // README "How the library is built": "You import `Statoscope`, which re-exports them all."
        // This file imports only Statoscope and StatoscopeTesting: every line below compiling is the test.
        @Test func everythingDocumentedIsReachableThroughImportStatoscopeAlone() async throws {
            let home = A24Home()
            home.inject(A24API(name: "mock"))
            let effects: ScopeEffects<A24Counter> = home.child!.effectsState
            #expect(effects.effects.isEmpty)
            home.rows[0].send(.read)
            #expect(home.rows[0].seen == "mock@A24Home")
            try home.sendThrowing(.dismiss)
            #expect(home.child == nil)
            let counting = home.addMiddleware { _, when, next in try next(when) }
            let appWide = Middleware.addAppWide { event, next in try next(event) }
            let analytics = Analytics.install { _ in }
            let handler = ErrorReporting.addHandler { _ in }
            let flight = FlightRecorder(recording: home, keepingLast: 10)
            let recorder = Recorder(recording: home, output: { _ in })
            let observation = home.observe { _ in }
            home.send(.present)
            _ = (counting, appWide, analytics, handler, flight, recorder, observation)
            try A24Counter.GIVEN { A24Counter() }
                .WHEN(.inc)
                .THEN(\.count, equals: 1)
                .WHEN(.failingEffect)
                .THEN_Enqueued(A24FailingEffect())
                .WHEN_EffectCompletes(A24FailingEffect.self, with: .effectDone(3))
                .THEN(\.count, equals: 3)
                .runTest()
        }
    }
}

// MARK: - 1b. Type names and log source

extension Attack24Tests {
    @MainActor @Suite(.serialized) struct Attack24NamesTests {
        // CHANGELOG 0.1.0: "Log lines name the source `Statoscope`, whichever module writes them."
        @Test func everyLogLineNamesTheSourceStatoscope() async throws {
            let capture = A24LogCapture()
            let saved = ErrorReporting.logger
            ErrorReporting.logger = capture.logger("errors")
            EventLogging.enable(logger: capture.logger("events"), level: .debug, stateDiffs: true)
            defer {
                EventLogging.disable()
                ErrorReporting.logger = saved
            }
            let analytics = Analytics.install { _ in }
            let counter = A24Counter()
            let recorder = Recorder(recording: counter, output: { _ in })
            counter.send(.inc)
            counter.send(.fail(1))
            counter.send(.succeedingEffect)
            await counter.effectsState.waitUntilSettled()
            counter.send(.failingEffect)
            await counter.effectsState.waitUntilSettled()
            counter.send(.unencodable(A24Unencodable()))
            await Analytics.waitUntilDelivered()
            recorder.stop()
            _ = analytics
            let entries = capture.entries
            #expect(!entries.isEmpty)
            let sources = Set(entries.map(\.source))
            #expect(sources == ["Statoscope"], "sources: \(sources)")
            for entry in entries where entry.source != "Statoscope" {
                Issue.record("[\(entry.label)] source \(entry.source): \(entry.message)")
            }
            // Analytics: "An event that fails to encode is logged as a warning".
            let levels = capture.levels
            for (index, entry) in entries.enumerated() where entry.message.contains("analytics cannot encode")
            {
                #expect(levels[index] == .warning, "analytics encoding failure logged at \(levels[index])")
            }
            for entry in entries {
                a24ExpectNoInternalModule(entry.message, "log line")
                print("A24 log [\(entry.label)] \(entry.source): \(entry.message)")
            }
        }

        // MiddlewareAndAnalytics "Logging": state diffs name each changed property with its values;
        // the library's own types must read as before the split (no internal module names).
        @Test func stateDiffLinesNameNoInternalModule() {
            let capture = A24LogCapture()
            EventLogging.enable(logger: capture.logger("events"), level: .debug, stateDiffs: true)
            defer { EventLogging.disable() }
            let holder = A24ResultHolder()
            holder.send(.set)
            let changed = capture.entries.map(\.message).filter { $0.contains("changed") }
            #expect(!changed.isEmpty)
            for line in changed {
                a24ExpectNoInternalModule(line, "state diff")
                print("A24 diff: \(line)")
            }
        }

        // README and CHANGELOG: type names read as before (no `StatoscopeCore.` prefixes) in error
        // descriptions, `subtreeDescription` and `debugDescription`.
        @Test func subtreeAndDebugDescriptionsNameNoInternalModule() {
            let home = A24Home()
            let subtree = home.subtreeDescription
            a24ExpectNoInternalModule(subtree, "subtreeDescription")
            a24ExpectNoInternalModule(home.debugDescription, "debugDescription")
            #expect(!subtree.contains("hunter2") && !subtree.contains("swordfish"))
            print("A24 subtreeDescription:\n\(subtree)")
        }

        @Test func errorDescriptionsNameNoInternalModule() throws {
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { reports.value.append($0) }
            defer { registration.remove() }

            // EventToDismissedScope
            let home = A24Home()
            let child = home.child!
            home.send(.dismiss)
            #expect(throws: EventToDismissedScope.self) { try child.sendThrowing(.inc) }
            do { try child.sendThrowing(.inc) } catch {
                a24ExpectNoInternalModule("\(error)", "EventToDismissedScope")
                a24ExpectNoInternalModule(String(reflecting: error), "EventToDismissedScope (reflecting)")
            }
            child.send(.inc)

            // ScopeCycleRefused
            let node = A24Node()
            node.send(.link(node))

            // EventTypeMismatch
            let mismatching = Middleware.addAppWide { event, next in
                if event.when is A24Counter.When { try next(event.with(when: 42)) } else { try next(event) }
            }
            A24Counter().send(.inc)
            mismatching.remove()

            // MissingSuperscopeError
            do { _ = try A24Row().superscope(A24Home.self) } catch {
                a24ExpectNoInternalModule("\(error)", "MissingSuperscopeError")
            }
            // InvalidStateError, EffectFailure
            a24ExpectNoInternalModule("\(InvalidStateError("x"))", "InvalidStateError")
            #expect(EffectFailure(InvalidStateError("x")).type == "InvalidStateError")
            #expect(EffectFailure(CancellationError()).type == "CancellationError")
            a24ExpectNoInternalModule("\(EffectFailure(InvalidStateError("x")))", "EffectFailure")
            a24ExpectNoInternalModule(
                "\(AnyEffect(A24FailingEffect()).map { $0 })", "AnyEffect.description")

            // RecordingError: cannot decode
            let text = """
                {"format":"statoscope-recording","root":"A24Counter","version":2}
                {"n":2,"path":[],"scope":"A24Counter","event":{"bogus":{}}}
                {"n":3,"end":{"events":1}}

                """
            do { _ = try Recording(jsonLines: text).reproduce { A24Counter() } } catch {
                a24ExpectNoInternalModule("\(error)", "RecordingError")
                print("A24 RecordingError: \(error)")
            }

            #expect(reports.value.contains { $0.error is EventToDismissedScope })
            #expect(reports.value.contains { $0.error is ScopeCycleRefused })
            #expect(reports.value.contains { $0.error is EventTypeMismatch })
            for report in reports.value {
                a24ExpectNoInternalModule(report.description, "ErrorReport.description")
                a24ExpectNoInternalModule("\(report.error)", "error description")
                if let mismatch = report.error as? EventTypeMismatch {
                    a24ExpectNoInternalModule(mismatch.expectedTypeName, "expectedTypeName")
                    a24ExpectNoInternalModule(mismatch.passedTypeName, "passedTypeName")
                    a24ExpectNoInternalModule(mismatch.scopeTypeName, "scopeTypeName")
                }
                print("A24 report: \(report.description)")
            }
        }

        @Test func anEffectFailuresReportNamesNoInternalModule() async {
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { reports.value.append($0) }
            defer { registration.remove() }
            let counter = A24Counter()
            counter.send(.failingEffect)
            await counter.effectsState.waitUntilSettled()
            #expect(reports.value.count == 1)
            for report in reports.value {
                a24ExpectNoInternalModule(report.description, "effect report")
            }
        }

        @Test func aPlansSpecificationNamesNoInternalModule() throws {
            let plan = try A24Counter.GIVEN { A24Counter() }
                .WHEN(.failingEffect)
                .THEN_Enqueued(A24FailingEffect())
                .WHEN_EffectFails(A24FailingEffect.self, with: InvalidStateError("x"))
            a24ExpectNoInternalModule(plan.specification, "specification")
            try plan.runTest()
        }
    }
}

// MARK: - 2. One registration rule

extension Attack24Tests {
    @MainActor @Suite(.serialized) struct Attack24RegistrationTests {
        // MiddlewareAndAnalytics: "it runs until its registration is removed or released".
        @Test func aDroppedAppWideRegistrationNeverRuns() {
            let seen = A24Box(0)
            _ = Middleware.addAppWide { event, next in
                seen.value += 1
                try next(event)
            }
            let counter = A24Counter()
            counter.send(.inc)
            #expect(seen.value == 0)
            #expect(counter.count == 1)
        }

        @Test func droppedScopeMiddlewareErrorHandlerAndAnalyticsNeverRun() async {
            let seen = A24Box(0)
            let tracked = LockedValue(0)
            let counter = A24Counter()
            _ = counter.addMiddleware { _, when, next in
                seen.value += 1
                try next(when)
            }
            _ = ErrorReporting.addHandler { _ in seen.value += 1 }
            _ = Analytics.install { _ in tracked.mutate { $0 += 1 } }
            counter.send(.inc)
            counter.send(.fail(1))
            await Analytics.waitUntilDelivered()
            #expect(seen.value == 0)
            #expect(tracked.value == 0)
        }

        // MiddlewareRegistration.remove(): "Removing twice does nothing more"; "An identifier no other
        // instrument has, so that removal finds its own entry."
        @Test func removingTwiceOrRemovingOneKindLeavesEveryOtherInstrumentRunning() async {
            let log = A24Box<[String]>([])
            let tracked = LockedValue<[String]>([])
            let counter = A24Counter()
            let m1 = Middleware.addAppWide { event, next in
                log.value.append("m1")
                try next(event)
            }
            let m2 = Middleware.addAppWide { event, next in
                log.value.append("m2")
                try next(event)
            }
            let own = counter.addMiddleware { _, when, next in
                log.value.append("own")
                try next(when)
            }
            let handler = ErrorReporting.addHandler { _ in log.value.append("handler") }
            let analytics = Analytics.install { event in tracked.mutate { $0.append(event.name) } }
            m1.remove()
            m1.remove()
            counter.send(.fail(1))
            #expect(log.value == ["m2", "own", "handler"])
            log.value = []
            handler.remove()
            handler.remove()
            analytics.remove()
            analytics.remove()
            counter.send(.inc)
            #expect(log.value == ["m2", "own"])
            log.value = []
            own.remove()
            own.remove()
            counter.send(.inc)
            #expect(log.value == ["m2"])
            await Analytics.waitUntilDelivered()
            #expect(tracked.value.isEmpty)
            _ = m2
        }

        // "events sent from now on skip it": a middleware removing itself from inside its call.
        @Test func anAppWideMiddlewareRemovingItselfInsideItsCall() {
            let seen = A24Box(0)
            let box = A24Box<MiddlewareRegistration?>(nil)
            box.value = Middleware.addAppWide { event, next in
                seen.value += 1
                box.value?.remove()
                try next(event)
            }
            let counter = A24Counter()
            counter.send(.inc)
            counter.send(.inc)
            counter.send(.inc)
            #expect(seen.value == 1)
            #expect(counter.count == 3)
        }

        @Test func anAppWideMiddlewareReleasingItsOwnRegistrationInsideItsCall() {
            let seen = A24Box(0)
            let box = A24Box<MiddlewareRegistration?>(nil)
            box.value = Middleware.addAppWide { event, next in
                seen.value += 1
                box.value = nil
                try next(event)
            }
            let counter = A24Counter()
            counter.send(.inc)
            counter.send(.inc)
            #expect(seen.value == 1)
            #expect(counter.count == 2)
        }

        @Test func aScopeMiddlewareRemovingItselfAndAnotherInsideItsCall() {
            let log = A24Box<[String]>([])
            let counter = A24Counter()
            let later = A24Box<MiddlewareRegistration?>(nil)
            let own = A24Box<MiddlewareRegistration?>(nil)
            own.value = counter.addMiddleware { _, when, next in
                log.value.append("first")
                own.value?.remove()
                later.value = nil  // releases the second one's registration
                try next(when)
            }
            later.value = counter.addMiddleware { _, when, next in
                log.value.append("second")
                try next(when)
            }
            counter.send(.inc)
            log.value.append("|")
            counter.send(.inc)
            counter.send(.inc)
            #expect(counter.count == 3)
            let afterFirst = Array(log.value.drop { $0 != "|" }.dropFirst())
            #expect(afterFirst.isEmpty, "log: \(log.value)")
        }

        @Test func aMiddlewareAddingAnotherInsideItsCallKeepsItForTheNextEvent() {
            let log = A24Box<[String]>([])
            let added = A24Box<MiddlewareRegistration?>(nil)
            let outer = Middleware.addAppWide { event, next in
                log.value.append("outer")
                if added.value == nil {
                    added.value = Middleware.addAppWide { event, next in
                        log.value.append("inner")
                        try next(event)
                    }
                }
                try next(event)
            }
            let counter = A24Counter()
            counter.send(.inc)
            log.value.append("|")
            counter.send(.inc)
            #expect(Array(log.value.drop { $0 != "|" }) == ["|", "outer", "inner"], "log: \(log.value)")
            #expect(counter.count == 2)
            _ = outer
            added.value = nil
        }

        // ErrorReporting: a handler releasing another handler's registration, and its own, while a
        // report is delivered; the released ones receive nothing after.
        @Test func handlersReleasingRegistrationsWhileAReportIsDelivered() {
            let log = A24Box<[String]>([])
            let second = A24Box<MiddlewareRegistration?>(nil)
            let first = A24Box<MiddlewareRegistration?>(nil)
            first.value = ErrorReporting.addHandler { report in
                log.value.append("first \(report.error)")
                second.value = nil
                first.value = nil
            }
            second.value = ErrorReporting.addHandler { report in
                log.value.append("second \(report.error)")
            }
            let third = ErrorReporting.addHandler { report in
                log.value.append("third \(report.error)")
            }
            let counter = A24Counter()
            counter.send(.fail(1))
            log.value.append("|")
            counter.send(.fail(2))
            let afterFirst = Array(log.value.drop { $0 != "|" })
            #expect(afterFirst == ["|", "third A24Error(2)"], "log: \(log.value)")
            #expect(log.value.contains("third A24Error(1)"))
            third.remove()
        }

        @Test func handlersAddingHandlersFromHandlers() {
            let log = A24Box<[String]>([])
            let kept = A24Box<[MiddlewareRegistration]>([])
            let adder = ErrorReporting.addHandler { report in
                log.value.append("adder \(report.error)")
                if kept.value.isEmpty {
                    kept.value.append(
                        ErrorReporting.addHandler { report in log.value.append("added \(report.error)") })
                    _ = ErrorReporting.addHandler { report in log.value.append("dropped \(report.error)") }
                }
            }
            let counter = A24Counter()
            counter.send(.fail(1))
            counter.send(.fail(2))
            #expect(log.value.contains("added A24Error(2)"), "log: \(log.value)")
            #expect(!log.value.contains { $0.hasPrefix("dropped") }, "log: \(log.value)")
            #expect(log.value.filter { $0.hasPrefix("adder") } == ["adder A24Error(1)", "adder A24Error(2)"])
            adder.remove()
            kept.value = []
        }

        @Test func aHandlerThatCausesAnotherErrorSeesBothReports() {
            let log = A24Box<[String]>([])
            let counter = A24Counter()
            let handler = ErrorReporting.addHandler { report in
                log.value.append("h \(report.error)")
                if (report.error as? A24Error)?.n == 1 { counter.send(.fail(2)) }
            }
            let other = ErrorReporting.addHandler { report in log.value.append("o \(report.error)") }
            counter.send(.fail(1))
            #expect(
                Set(log.value) == ["h A24Error(1)", "h A24Error(2)", "o A24Error(1)", "o A24Error(2)"],
                "log: \(log.value)")
            #expect(log.value.count == 4)
            handler.remove()
            other.remove()
        }

        // Scope+Middleware: "The middleware runs until its registration is removed or released, or its
        // scope is released"; the registration kept must not keep the scope, and removing it after is
        // harmless; another scope's middleware keeps running.
        @Test func aScopeMiddlewareRegistrationKeptAfterItsScopeIsReleased() async {
            let seen = A24Box<[String]>([])
            weak var weakScope: A24Counter?
            var registration: MiddlewareRegistration?
            let tracker = LockedValue<A24Tracker?>(A24Tracker())
            weak let weakTracker = tracker.value
            do {
                let scope = A24Counter()
                weakScope = scope
                let captured = tracker.value
                tracker.mutate { $0 = nil }
                registration = scope.addMiddleware { _, when, next in
                    _ = captured
                    seen.value.append("gone")
                    try next(when)
                }
                scope.send(.inc)
            }
            #expect(weakScope == nil, "the kept registration keeps its released scope alive")
            let other = A24Counter()
            let otherRegistration = other.addMiddleware { _, when, next in
                seen.value.append("other")
                try next(when)
            }
            other.send(.inc)
            other.send(.inc)
            #expect(seen.value == ["gone", "other", "other"])
            // "An instrument's cost ends with its owner's interest": once the scope is gone, its
            // middleware goes within a second, while the main actor runs.
            let deadline = ContinuousClock.now + .seconds(120)
            while weakTracker != nil, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
            #expect(
                weakTracker == nil,
                "the middleware of a released scope is still held by its kept registration")
            registration?.remove()
            registration?.remove()
            registration = nil
            other.send(.inc)
            #expect(seen.value == ["gone", "other", "other", "other"])
            otherRegistration.remove()
        }

        // MiddlewareRegistration: Hashable and ==; "An identifier no other instrument has".
        @Test func registrationsOfEveryKindAreDistinctInASetAndKeepRunningThere() async {
            let log = A24Box<[String]>([])
            let tracked = LockedValue(0)
            let counter = A24Counter()
            var set: Set<MiddlewareRegistration> = []
            set.insert(
                Middleware.addAppWide { event, next in
                    log.value.append("app")
                    try next(event)
                })
            set.insert(
                counter.addMiddleware { _, when, next in
                    log.value.append("own")
                    try next(when)
                })
            set.insert(ErrorReporting.addHandler { _ in log.value.append("handler") })
            set.insert(Analytics.install { _ in tracked.mutate { $0 += 1 } })
            #expect(set.count == 4)
            for _ in 0..<50 {
                set.insert(Middleware.addAppWide { event, next in try next(event) })
                set.insert(ErrorReporting.addHandler { _ in })
                set.insert(counter.addMiddleware { _, when, next in try next(when) })
                set.insert(Analytics.install { _ in })
            }
            #expect(set.count == 204)
            counter.send(.fail(1))
            await Analytics.waitUntilDelivered()
            #expect(log.value == ["app", "own", "handler"])
            counter.send(.inc)
            await Analytics.waitUntilDelivered()
            #expect(tracked.value == 1)
            // Removing does not change a registration's identity: still found in the set.
            let any = set.first!
            let hashBefore = any.hashValue
            any.remove()
            #expect(set.contains(any))
            #expect(any.hashValue == hashBefore)
            #expect(any == any)
            #expect(set.filter { $0 == any }.count == 1)
            set.removeAll()
            log.value = []
            counter.send(.fail(2))
            await Analytics.waitUntilDelivered()
            #expect(log.value.isEmpty)
            #expect(tracked.value == 1)
        }

        @Test func errorReportingRegistrationIsTheSameTypeAndEquatesByIdentity() {
            let a: ErrorReporting.Registration = ErrorReporting.addHandler { _ in }
            let b: MiddlewareRegistration = ErrorReporting.addHandler { _ in }
            #expect(a != b)
            #expect(a == a)
            let c = a
            #expect(c == a && c.hashValue == a.hashValue)
            a.remove()
            b.remove()
        }

        // Analytics: "Events accepted before the registration is removed still reach the sink."
        @Test func analyticsEventsAcceptedBeforeRemovalStillArrive() async {
            let names = LockedValue<[String]>([])
            let counter = A24Counter()
            var analytics: MiddlewareRegistration? = Analytics.install { event in
                names.mutate { $0.append(event.name) }
            }
            counter.send(.inc)
            counter.send(.note("x"))
            analytics = nil
            counter.send(.inc)
            await Analytics.waitUntilDelivered()
            #expect(names.value == ["inc", "note"])
            _ = analytics
        }

        // A sink that releases its own registration: it runs off the main actor, so the last reference
        // goes there. The sink must stop, nothing may crash.
        @Test func anAnalyticsSinkReleasingItsOwnRegistrationOffTheMainActor() async {
            let names = LockedValue<[String]>([])
            let holder = LockedValue<MiddlewareRegistration?>(nil)
            holder.mutate { slot in
                slot = Analytics.install { event in
                    names.mutate { $0.append(event.name) }
                    holder.mutate { $0 = nil }
                }
            }
            let counter = A24Counter()
            counter.send(.inc)
            await Analytics.waitUntilDelivered()
            await a24Settle()
            counter.send(.note("after"))
            await Analytics.waitUntilDelivered()
            #expect(names.value == ["inc"])
        }

        @Test func anAppWideRegistrationReleasedOnAnotherThreadStopsTheMiddleware() async {
            let seen = A24Box(0)
            let holder = LockedValue<MiddlewareRegistration?>(
                Middleware.addAppWide { event, next in
                    seen.value += 1
                    try next(event)
                })
            let counter = A24Counter()
            counter.send(.inc)
            await Task.detached { holder.mutate { $0 = nil } }.value
            await a24Settle()
            counter.send(.inc)
            #expect(seen.value == 1)
        }

        // MiddlewareRegistration's == and hash(into:) are nonisolated: usable off the main actor.
        @Test func registrationsCompareAndHashOffTheMainActor() async {
            let a = Middleware.addAppWide { event, next in try next(event) }
            let b = ErrorReporting.addHandler { _ in }
            let result = await Task.detached { (a == b, a == a, Set([a, b, a]).count) }.value
            #expect(result.0 == false)
            #expect(result.1)
            #expect(result.2 == 2)
            a.remove()
            b.remove()
        }

        // Scope middleware "also ends with its scope"; a dismissed scope's refusal and injected values
        // belong to that scope: a new scope that the allocator places at a released scope's address
        // (same ObjectIdentifier) must inherit none of it.
        @Test func aNewScopeAtAReleasedScopesAddressInheritsNothing() {
            let seen = A24Box(0)
            let reports = A24Box<[ErrorReport]>([])
            let handler = ErrorReporting.addHandler { reports.value.append($0) }
            var registrations: [MiddlewareRegistration] = []
            var reusedAfterMiddleware = 0
            var reusedAfterDismissal = 0
            for _ in 0..<300 {
                var oldID: ObjectIdentifier
                do {
                    let old = A24Counter()
                    registrations.append(
                        old.addMiddleware { _, when, next in
                            seen.value += 1
                            try next(when)
                        })
                    oldID = ObjectIdentifier(old)
                }
                let candidates = (0..<32).map { _ in A24Counter() }
                if let fresh = candidates.first(where: { ObjectIdentifier($0) == oldID }) {
                    reusedAfterMiddleware += 1
                    #expect(fresh.api.name == "default")
                    fresh.send(.inc)
                    #expect(fresh.count == 1)
                }
            }
            for _ in 0..<300 {
                var oldID: ObjectIdentifier
                do {
                    let home = A24Home()
                    let child = home.child!
                    oldID = ObjectIdentifier(child)
                    home.send(.dismiss)
                    _ = child
                }
                let candidates = (0..<32).map { _ in A24Counter() }
                if let fresh = candidates.first(where: { ObjectIdentifier($0) == oldID }) {
                    reusedAfterDismissal += 1
                    fresh.send(.inc)
                    #expect(fresh.count == 1, "a new scope at a dismissed scope's address is refused")
                }
            }
            var controlReuse = 0
            for _ in 0..<300 {
                var oldID: ObjectIdentifier
                do {
                    let old = A24Counter()
                    oldID = ObjectIdentifier(old)
                }
                let candidates = (0..<32).map { _ in A24Counter() }
                if candidates.contains(where: { ObjectIdentifier($0) == oldID }) { controlReuse += 1 }
            }
            print("A24 control reuse (scope never seen by the library): \(controlReuse)")
            print(
                "A24 address reuse: \(reusedAfterMiddleware) after middleware, \(reusedAfterDismissal) after dismissal"
            )
            #expect(seen.value == 0, "a released scope's middleware ran for a new scope at its address")
            #expect(!reports.value.contains { $0.error is EventToDismissedScope })
            handler.remove()
        }

        // Recorder: "`Recorder/stop()`, or releasing the recorder, writes the end line".
        @Test func aRecorderReleasedWritesItsEndLineAndAReleasedFlightRecorderStops() throws {
            let lines = A24Box<[String]>([])
            let counter = A24Counter()
            var recorder: Recorder? = Recorder(recording: counter, output: { lines.value.append($0) })
            counter.send(.inc)
            recorder = nil
            counter.send(.inc)
            _ = recorder
            let text = lines.value.joined()
            let recording = try Recording(jsonLines: text)
            #expect(recording.events.count == 1)
            #expect(try recording.reproduce { A24Counter() }.count == 1)
        }
    }
}

// MARK: - 4. The flight recording, made into text when first read

extension Attack24Tests {
    @MainActor @Suite(.serialized) struct Attack24FlightRecordingTests {
        func capture(_ body: () -> Void) -> [ErrorReport] {
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { reports.value.append($0) }
            body()
            registration.remove()
            return reports.value
        }

        // RecordingAndReplay: "Every ErrorReport carries the record of the running flight recorder";
        // ErrorReport.flightRecording: "nil when none runs".
        @Test func noFlightRecorderRunningGivesNil() {
            let counter = A24Counter()
            var reports = capture { counter.send(.fail(1)) }
            #expect(reports.count == 1)
            #expect(reports.first?.flightRecording == nil)

            let stopped = FlightRecorder(recording: counter, keepingLast: 10)
            stopped.stop()
            reports = capture { counter.send(.fail(2)) }
            #expect(reports.first?.flightRecording == nil)

            var released: FlightRecorder? = FlightRecorder(recording: counter, keepingLast: 10)
            counter.send(.inc)
            released = nil
            _ = released
            reports = capture { counter.send(.fail(3)) }
            #expect(reports.first?.flightRecording == nil)
        }

        // ErrorReport.flightRecording: "The record of the running FlightRecorder when the error was
        // reported ... Kept when the library reports the error ... and made into text when first read."
        @Test func theTextIsTheRecordAsItWasWhenTheErrorWasReported() {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 100)
            let atReport = A24Box<[String]>([])
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { report in
                atReport.value.append(flight.jsonLines())
                reports.value.append(report)
            }
            counter.send(.inc)
            counter.send(.note("before"))
            counter.send(.fail(1))
            for i in 0..<20 { counter.send(.note("later \(i)")) }
            counter.send(.fail(2))
            registration.remove()
            #expect(reports.value.count == 2)
            let first = reports.value[0].flightRecording
            #expect(first == atReport.value[0])
            #expect(first?.contains("later") == false)
            #expect(first?.contains("before") == true)
            #expect(
                first?.contains("\"fail\"") == true,
                "the event that threw is not in the record: \(first ?? "nil")")
            #expect(reports.value[1].flightRecording == atReport.value[1])
            #expect(reports.value[1].flightRecording?.contains("later 19") == true)
            // Read twice: the same text.
            #expect(reports.value[0].flightRecording == first)
        }

        @Test func theTextIsTheRecordAsReportedEvenAfterItsSlotsWereOverwritten() {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 3)
            let atReport = A24Box<String?>(nil)
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { report in
                atReport.value = flight.jsonLines()
                reports.value.append(report)
            }
            for i in 0..<10 { counter.send(.note("early \(i)")) }
            counter.send(.fail(1))
            for i in 0..<10 { counter.send(.note("late \(i)")) }
            registration.remove()
            let text = reports.value.first?.flightRecording
            #expect(text == atReport.value)
            #expect(text?.contains("late") == false)
        }

        @Test func stoppingOrReleasingTheRecorderAfterTheReportChangesNothing() {
            let counter = A24Counter()
            var flight: FlightRecorder? = FlightRecorder(recording: counter, keepingLast: 100)
            let atReport = A24Box<String?>(nil)
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { report in
                atReport.value = flight?.jsonLines()
                reports.value.append(report)
            }
            counter.send(.inc)
            counter.send(.fail(1))
            counter.send(.fail(2))
            registration.remove()
            flight?.stop()
            counter.send(.note("after stop"))
            #expect(reports.value[0].flightRecording != nil)
            #expect(reports.value[0].flightRecording?.contains("\"fail\":{\"_0\":2}") == false)
            flight = nil
            #expect(reports.value[1].flightRecording != nil, "read first after the recorder was released")
            #expect(reports.value[1].flightRecording?.contains("after stop") == false)
            let copy = reports.value[1]
            #expect(copy.flightRecording == reports.value[1].flightRecording)
        }

        @Test func readingFromOtherTasksAtOnceGivesTheSameText() async {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 1_000)
            for i in 0..<500 { counter.send(.note("n \(i)")) }
            let reports = capture { counter.send(.fail(1)) }
            let expected = flight.jsonLines()
            for i in 0..<50 { counter.send(.note("after \(i)")) }
            let report = reports[0]
            let texts = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<16 { group.addTask { report.flightRecording } }
                var all: [String?] = []
                for await text in group { all.append(text) }
                return all
            }
            #expect(texts.count == 16)
            #expect(Set(texts).count == 1)
            #expect(texts.first! == expected)
            let detached = await Task.detached { report.flightRecording }.value
            #expect(detached == expected)
            _ = flight
        }

        // FlightRecorder: "Every ErrorReport carries the record of the most recently started flight
        // recorder still running".
        @Test func withTwoRecordersTheMostRecentlyStartedStillRunningIsUsed() {
            let counter = A24Counter()
            let other = A24Counter()
            let older = FlightRecorder(recording: counter, keepingLast: 100)
            counter.send(.note("older only"))
            var newer: FlightRecorder? = FlightRecorder(recording: other, keepingLast: 100)
            other.send(.note("newer only"))
            counter.send(.inc)

            var reports = capture { counter.send(.fail(1)) }
            #expect(reports[0].flightRecording == newer?.jsonLines())
            #expect(reports[0].flightRecording?.contains("newer only") == true)

            newer?.stop()
            reports = capture { counter.send(.fail(2)) }
            #expect(reports[0].flightRecording == older.jsonLines())
            #expect(reports[0].flightRecording?.contains("older only") == true)

            newer = nil
            reports = capture { counter.send(.fail(3)) }
            #expect(reports[0].flightRecording == older.jsonLines())

            let newest = FlightRecorder(recording: other, keepingLast: 100)
            older.stop()
            reports = capture { counter.send(.fail(4)) }
            #expect(reports[0].flightRecording == newest.jsonLines())
            newest.stop()
            reports = capture { counter.send(.fail(5)) }
            #expect(reports[0].flightRecording == nil)
        }

        @Test func readingOffTheMainActorWhileTheRecorderKeepsRecording() async {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 64)
            for i in 0..<100 { counter.send(.note("n \(i)")) }
            let reports = capture { counter.send(.fail(1)) }
            let expected = flight.jsonLines()
            let report = reports[0]
            let readers = (0..<4).map { _ in
                Task.detached { () -> [String?] in (0..<20).map { _ in report.flightRecording } }
            }
            for i in 0..<3_000 { counter.send(.note("busy \(i)")) }
            var all: [String?] = []
            for reader in readers { all += await reader.value }
            #expect(Set(all) == [expected])
        }

        // MiddlewareAndAnalytics "What stays private": flight recordings never show a sensitive value.
        @Test func theFlightRecordingRedactsSensitiveValues() {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 100)
            counter.send(.secret(Sensitive("hunter2")))
            let reports = capture { counter.send(.fail(1)) }
            let text = reports.first?.flightRecording
            #expect(text != nil)
            #expect(text?.contains("hunter2") == false)
            #expect(text?.contains("<redacted>") == true)
            _ = flight
        }

        // Releasing (or stopping) the flight recorder inside the handler that received the report,
        // before the report's text is first read.
        @Test func releasingTheRecorderInsideTheHandlerBeforeTheFirstRead() {
            let counter = A24Counter()
            let holder = A24Box<FlightRecorder?>(FlightRecorder(recording: counter, keepingLast: 100))
            counter.send(.note("kept"))
            let texts = A24Box<[String?]>([])
            let first = ErrorReporting.addHandler { report in
                let expected = holder.value?.jsonLines()
                holder.value = nil
                texts.value.append(expected)
            }
            let second = ErrorReporting.addHandler { report in texts.value.append(report.flightRecording) }
            counter.send(.fail(1))
            first.remove()
            second.remove()
            #expect(texts.value.count == 2)
            #expect(texts.value.first! != nil)
            #expect(texts.value.first! == texts.value.last!)
        }

        // ErrorReport.flightRecording: kept "when the library reports the error": also for a report the
        // app makes and hands to ErrorReporting.report(_:).
        @Test func aReportTheAppMakesAndReportsCarriesTheRecord() {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 100)
            counter.send(.note("made by hand"))
            let expected = flight.jsonLines()
            let reports = capture {
                ErrorReporting.report(
                    ErrorReport(error: A24Error(n: 5), source: .update(A24Counter.When.inc), scope: counter))
            }
            counter.send(.note("afterwards"))
            #expect(reports.count == 1)
            #expect(reports.first?.flightRecording == expected)
        }

        @Test func anEffectFailuresRecordHasTheEffectAndNothingLater() async {
            let counter = A24Counter()
            let flight = FlightRecorder(recording: counter, keepingLast: 100)
            let atReport = A24Box<String?>(nil)
            let reports = A24Box<[ErrorReport]>([])
            let registration = ErrorReporting.addHandler { report in
                atReport.value = flight.jsonLines()
                reports.value.append(report)
            }
            counter.send(.failingEffect)
            await counter.effectsState.waitUntilSettled()
            counter.send(.note("after the effect"))
            registration.remove()
            #expect(reports.value.count == 1)
            #expect(reports.value.first?.flightRecording == atReport.value)
            #expect(reports.value.first?.flightRecording?.contains("A24FailingEffect") == true)
            print("A24 effect failure record:\n\(reports.value.first?.flightRecording ?? "nil")")
        }
    }
}

// MARK: - Probe (prints only): is a released scope's memory given back?

@MainActor func a24ResidentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = Int(text.split(separator: " ")[1])
    else { return -1 }
    return pages * 4
}

// MARK: - 2b. Registrations changed from inside an update

/// A scope whose update runs a closure: to change registrations in the middle of an update.
final class A24Hook: Scope {
    var ran = 0
    var action: (@MainActor () -> Void)?
    enum When: Codable, TrackedWhen { case run, fail }
    func update(_ when: When) throws {
        ran += 1
        action?()
        if case .fail = when { throw A24Error(n: 42) }
    }
}

extension Attack24Tests {
    @MainActor @Suite(.serialized) struct Attack24InsideUpdateTests {
        // MiddlewareRegistration.remove(): "events sent from now on skip it". An event sent (queued)
        // by the update that released the registration is sent after the removal.
        @Test func anEventQueuedAfterAnUpdateReleasedAnAppWideMiddlewareSkipsIt() {
            let seen = A24Box<[String]>([])
            let box = A24Box<MiddlewareRegistration?>(
                Middleware.addAppWide { event, next in
                    seen.value.append(event.description)
                    try next(event)
                })
            let hook = A24Hook()
            let other = A24Counter()
            hook.action = {
                box.value = nil
                other.send(.inc)  // queued, sent after the removal
            }
            hook.send(.run)
            #expect(other.count == 1)
            #expect(seen.value.count == 1, "seen: \(seen.value)")
        }

        @Test func anEventQueuedAfterAnUpdateRemovedAnAppWideMiddlewareSkipsIt() {
            let seen = A24Box<[String]>([])
            let registration = Middleware.addAppWide { event, next in
                seen.value.append(event.description)
                try next(event)
            }
            let hook = A24Hook()
            let other = A24Counter()
            hook.action = {
                registration.remove()
                other.send(.inc)
            }
            hook.send(.run)
            #expect(other.count == 1)
            #expect(seen.value.count == 1, "seen: \(seen.value)")
        }

        // Added during an update: the events sent after (queued) pass it.
        @Test func anEventQueuedAfterAnUpdateAddedMiddlewarePassesIt() {
            let seen = A24Box<[String]>([])
            let kept = A24Box<[MiddlewareRegistration]>([])
            let hook = A24Hook()
            let other = A24Counter()
            hook.action = {
                kept.value.append(
                    Middleware.addAppWide { event, next in
                        seen.value.append("app")
                        try next(event)
                    })
                kept.value.append(
                    other.addMiddleware { _, when, next in
                        seen.value.append("own")
                        try next(when)
                    })
                other.send(.inc)
            }
            hook.send(.run)
            #expect(other.count == 1)
            #expect(seen.value == ["app", "own"], "seen: \(seen.value)")
            kept.value = []
        }

        // A scope's own middleware released by its scope's own update: the next event skips it.
        @Test func aScopesMiddlewareReleasedInsideItsUpdateSkipsTheQueuedEvent() {
            let seen = A24Box(0)
            let hook = A24Hook()
            let box = A24Box<MiddlewareRegistration?>(nil)
            box.value = hook.addMiddleware { _, when, next in
                seen.value += 1
                try next(when)
            }
            hook.action = {
                if box.value != nil {
                    box.value = nil
                    hook.send(.run)  // queued
                }
            }
            hook.send(.run)
            #expect(hook.ran == 2)
            #expect(seen.value == 1)
        }

        // An error handler removed by the update that then throws: the report is made after the
        // removal, so the handler must not receive it.
        @Test func anErrorHandlerRemovedByTheUpdateThatThrowsDoesNotReceiveItsReport() {
            let seen = A24Box(0)
            let others = A24Box(0)
            let box = A24Box<MiddlewareRegistration?>(ErrorReporting.addHandler { _ in seen.value += 1 })
            let other = ErrorReporting.addHandler { _ in others.value += 1 }
            let hook = A24Hook()
            hook.action = { box.value = nil }
            hook.send(.fail)
            #expect(others.value == 1)
            #expect(seen.value == 0)
            other.remove()
        }

        // ErrorReporting.report: "hands it to every handler, oldest registration first"; middleware
        // "in the order added", after removals and additions.
        @Test func ordersFollowRegistrationAfterRemovalsAndAdditions() {
            let log = A24Box<[String]>([])
            let h1 = ErrorReporting.addHandler { _ in log.value.append("h1") }
            let h2 = ErrorReporting.addHandler { _ in log.value.append("h2") }
            let h3 = ErrorReporting.addHandler { _ in log.value.append("h3") }
            h2.remove()
            let h4 = ErrorReporting.addHandler { _ in log.value.append("h4") }
            let counter = A24Counter()
            let o1 = counter.addMiddleware { _, w, n in
                log.value.append("o1")
                try n(w)
            }
            let a1 = Middleware.addAppWide { e, n in
                log.value.append("a1")
                try n(e)
            }
            let o2 = counter.addMiddleware { _, w, n in
                log.value.append("o2")
                try n(w)
            }
            let a2 = Middleware.addAppWide { e, n in
                log.value.append("a2")
                try n(e)
            }
            let a3 = Middleware.addAppWide { e, n in
                log.value.append("a3")
                try n(e)
            }
            a2.remove()
            let a4 = Middleware.addAppWide { e, n in
                log.value.append("a4")
                try n(e)
            }
            o1.remove()
            let o3 = counter.addMiddleware { _, w, n in
                log.value.append("o3")
                try n(w)
            }
            counter.send(.fail(1))
            #expect(log.value == ["a1", "a3", "a4", "o2", "o3", "h1", "h3", "h4"], "log: \(log.value)")
            for r in [h1, h3, h4, a1, a3, a4, o2, o3] { r.remove() }
        }
    }
}

extension Attack24Tests.Attack24NamesTests {
    // Which library values, held in state as an optional or in an array (so printed through
    // their debug description, as `subtreeDescription` and state diffs do), name an internal module.
    @Test func libraryValuesInOptionalsOrArraysNameNoInternalModule() {
        let values: [(String, Any)] = [
            ("EffectResult", EffectResult<Int>.success(1)),
            ("EffectResult.failure", EffectResult<Int>.failure(EffectFailure(type: "T", message: "m"))),
            ("EffectFailure", EffectFailure(type: "T", message: "m")),
            ("StreamEnd", StreamEnd.finished),
            ("EffectKeyPolicy", EffectKeyPolicy.keepOlder),
            ("EventValue", EventValue.object(["a": .int(1)])),
            ("AnalyticsEvent", AnalyticsEvent(name: "n", parameters: [:], scopePath: "P")),
            ("RecordingError", RecordingError(line: 1, reason: "r")),
            ("InvalidStateError", InvalidStateError("r")),
            ("Sensitive", Sensitive("s")),
            ("AnyEffect", AnyEffect(A24FailingEffect())),
            ("EffectClock", EffectClock.defaultValue),
        ]
        var offenders: [String] = []
        for (name, value) in values {
            let texts = [
                String(describing: Optional(value) as Any), String(describing: [value]),
                String(reflecting: value),
            ]
            for text in texts where a24InternalModules.contains(where: { text.contains($0) }) {
                offenders.append("\(name): \(text)")
            }
        }
        for offender in offenders { print("A24 offender: \(offender)") }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}

/// The documented pattern (MiddlewareAndAnalytics, "Effect completions are events too"): a case
/// fed by `mapToResult()` carries an `EffectResult`.
final class A24Account: Scope {
    var loaded = 0
    enum When: Codable, TrackedWhen {
        case accountLoaded(EffectResult<Int>)
        case failLoaded(EffectResult<Int>)
    }
    func update(_ when: When) throws {
        switch when {
        case .accountLoaded: loaded += 1
        case .failLoaded: throw A24Error(n: 1)
        }
    }
}

struct A24LoadAccount: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

extension Attack24Tests.Attack24NamesTests {
    // Log lines, error reports, middleware's ScopeEvent.description and a plan's specification for
    // an event carrying an EffectResult: type names as before the split (no internal module).
    @Test func anEffectResultEventReadsWithoutInternalModuleEverywhere() throws {
        let capture = A24LogCapture()
        let saved = ErrorReporting.logger
        ErrorReporting.logger = capture.logger("errors")
        EventLogging.enable(logger: capture.logger("events"), level: .debug)
        defer {
            EventLogging.disable()
            ErrorReporting.logger = saved
        }
        let descriptions = A24Box<[String]>([])
        let middleware = Middleware.addAppWide { event, next in
            descriptions.value.append(event.description)
            try next(event)
        }
        let reports = A24Box<[String]>([])
        let handler = ErrorReporting.addHandler { reports.value.append($0.description) }
        let account = A24Account()
        account.send(.accountLoaded(.success(1)))
        account.send(.failLoaded(.success(2)))
        middleware.remove()
        handler.remove()
        let plan = try A24Account.GIVEN { A24Account() }
            .WHEN(.accountLoaded(.success(3)))
            .THEN(\.loaded, equals: 1)
        try plan.runTest()
        let texts =
            capture.entries.map { "log: \($0.message)" } + descriptions.value.map { "ScopeEvent: \($0)" }
            + reports.value.map { "report: \($0)" } + ["specification: \(plan.specification)"]
        for text in texts {
            a24ExpectNoInternalModule(text, "text")
            print("A24 effect-result text: \(text)")
        }
    }
}

final class A24List: Scope {
    @Subscope var rows: [A24Counter] = []
    enum When: Codable {
        case load(Int)
        case removeFirst, fail
    }
    func update(_ when: When) throws {
        switch when {
        case .load(let n): rows = (0..<n).map { _ in A24Counter() }
        case .removeFirst: rows.removeFirst()
        case .fail: throw A24Error(n: 3)
        }
    }
}

extension Attack24Tests.Attack24FlightRecordingTests {
    // ErrorReport.flightRecording: "The record ... when the error was reported": the paths it
    // names are where the scopes were then, even after rows moved or were released.
    @Test func theRecordKeepsThePathsOfWhenTheErrorWasReported() {
        let list = A24List()
        let flight = FlightRecorder(recording: list, keepingLast: 100)
        let atReport = A24Box<[String]>([])
        let reports = A24Box<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value.append(flight.jsonLines())
            reports.value.append(report)
        }
        list.send(.load(3))
        list.rows[2].send(.inc)
        list.rows[2].send(.fail(1))
        list.send(.removeFirst)  // the row that threw is rows[1] now
        list.rows[1].send(.fail(2))
        list.send(.load(0))  // every row released
        registration.remove()
        #expect(reports.value.count == 2)
        let first = reports.value[0].flightRecording
        #expect(first == atReport.value[0])
        #expect(first?.contains("rows[2]") == true, "\(first ?? "nil")")
        #expect(reports.value[1].flightRecording == atReport.value[1])
    }

    // RecordingAndReplay: "While it still holds every event since it started, it replays into a
    // new tree to the same state": also when rows moved between the events.
    @Test func aFlightRecordingReplaysToTheSameStateAfterRowsMoved() throws {
        let list = A24List()
        let flight = FlightRecorder(recording: list, keepingLast: 100)
        list.send(.load(3))
        list.rows[2].send(.inc)
        list.rows[2].send(.inc)
        list.send(.removeFirst)
        list.rows[1].send(.inc)
        list.rows[0].send(.note("first"))
        let text = flight.jsonLines()
        let replayed = try Recording(jsonLines: text).reproduce { A24List() }
        #expect(replayed.rows.map(\.count) == list.rows.map(\.count), "\(text)")
        #expect(replayed.rows.map(\.note) == list.rows.map(\.note))
    }

    // A report made during an update (a refused tree change): the record is the one of that moment.
    @Test func aReportMadeDuringAnUpdateKeepsTheRecordOfThatMoment() {
        let node = A24Node()
        let flight = FlightRecorder(recording: node, keepingLast: 100)
        let atReport = A24Box<String?>(nil)
        let reports = A24Box<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value = flight.jsonLines()
            reports.value.append(report)
        }
        node.send(.link(node))
        node.send(.link(A24Node()))
        registration.remove()
        #expect(reports.value.count == 1)
        #expect(reports.value.first?.flightRecording == atReport.value)
        print("A24 tree-change record: \(reports.value.first?.flightRecording ?? "nil")")
    }

    // A flight recorder started inside an error handler serves the next report.
    @Test func aFlightRecorderStartedInsideAHandlerServesTheNextReport() {
        let counter = A24Counter()
        let holder = A24Box<FlightRecorder?>(nil)
        let texts = A24Box<[String?]>([])
        let registration = ErrorReporting.addHandler { report in
            texts.value.append(report.flightRecording)
            if holder.value == nil { holder.value = FlightRecorder(recording: counter, keepingLast: 10) }
        }
        counter.send(.fail(1))
        counter.send(.inc)
        counter.send(.fail(2))
        registration.remove()
        #expect(texts.value.count == 2)
        #expect(texts.value.first! == nil)
        #expect(texts.value.last! != nil)
    }
}

extension Attack24Tests.Attack24RegistrationTests {
    // Analytics: "Events accepted before the registration is removed still reach the sink", in
    // order, one at a time; another sink goes on.
    @Test func manyEventsInFlightWhenOneOfTwoSinksIsDropped() async {
        let first = LockedValue<[String]>([])
        let second = LockedValue<[String]>([])
        var one: MiddlewareRegistration? = Analytics.install { event in
            first.mutate { $0.append("\(event.parameters)") }
        }
        let two = Analytics.install { event in second.mutate { $0.append("\(event.parameters)") } }
        let counter = A24Counter()
        for i in 0..<1_000 { counter.send(.note("\(i)")) }
        one = nil
        for i in 1_000..<2_000 { counter.send(.note("\(i)")) }
        await Analytics.waitUntilDelivered()
        _ = one
        #expect(first.value.count == 1_000)
        #expect(second.value.count == 2_000)
        #expect(first.value == Array(second.value.prefix(1_000)))
        #expect(second.value.first?.contains("\"0\"") == true)
        #expect(second.value.last?.contains("1999") == true)
        two.remove()
    }
}
