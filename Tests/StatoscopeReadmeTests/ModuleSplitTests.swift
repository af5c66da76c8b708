// The split into modules does not show: everything documented is reachable through `import Statoscope`
// (and `StatoscopeTesting`) alone, and no log line, description, report or specification names an
// internal module.
import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// The documented pattern (MiddlewareAndAnalytics, "Effect completions are events too"): a case
/// fed by `mapToResult()` carries an `EffectResult`.
final class ResultAccount: Scope {
    var loaded = 0
    enum When: Codable, TrackedWhen {
        case accountLoaded(EffectResult<Int>)
        case failLoaded(EffectResult<Int>)
    }
    func update(_ when: When) throws {
        switch when {
        case .accountLoaded: loaded += 1
        case .failLoaded: throw CounterError(n: 1)
        }
    }
}

/// Loads the account.
struct LoadResultAccount: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

/// They install app-wide instruments and count what they see, so each runs with instruments of its own
/// (`.isolatedInstruments`): the other suites, run alongside, send events and make reports too.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct ModuleSplitTests {
    // README "How the library is built": "You import `Statoscope`, which re-exports them all."
    // This file imports only Statoscope and StatoscopeTesting: every line below compiling is the test.
    @Test func everythingDocumentedIsReachableThroughImportStatoscopeAlone() async throws {
        let home = InstrumentedHome()
        home.inject(CountingAPI(name: "mock"))
        let effects: ScopeEffects<InstrumentedCounter> = home.child!.effectsState
        #expect(effects.effects.isEmpty)
        home.rows[0].send(.read)
        #expect(home.rows[0].seen == "mock@InstrumentedHome")
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
        try InstrumentedCounter.GIVEN { InstrumentedCounter() }
            .WHEN(.inc)
            .THEN(\.count, equals: 1)
            .WHEN(.failingEffect)
            .THEN_Enqueued(FailingCounterEffect())
            .WHEN_EffectCompletes(FailingCounterEffect.self, with: .effectDone(3))
            .THEN(\.count, equals: 3)
            .runTest()
    }

    // MARK: Type names and log source

    // CHANGELOG 0.1.0: "Log lines name the source `Statoscope`, whichever module writes them."
    @Test func everyLogLineNamesTheSourceStatoscope() async throws {
        let capture = LogCapture()
        let saved = ErrorReporting.logger
        ErrorReporting.logger = capture.logger("errors")
        EventLogging.enable(logger: capture.logger("events"), level: .debug, stateDiffs: true)
        defer {
            EventLogging.disable()
            ErrorReporting.logger = saved
        }
        let analytics = Analytics.install { _ in }
        let counter = InstrumentedCounter()
        let recorder = Recorder(recording: counter, output: { _ in })
        counter.send(.inc)
        counter.send(.fail(1))
        counter.send(.succeedingEffect)
        await counter.effectsState.waitUntilSettled()
        counter.send(.failingEffect)
        await counter.effectsState.waitUntilSettled()
        counter.send(.unencodable(Unencodable()))
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
        for (index, entry) in entries.enumerated() where entry.message.contains("analytics cannot encode") {
            #expect(levels[index] == .warning, "analytics encoding failure logged at \(levels[index])")
        }
        for entry in entries {
            expectNoInternalModule(entry.message, "log line")
            print("log [\(entry.label)] \(entry.source): \(entry.message)")
        }
    }

    // MiddlewareAndAnalytics "Logging": state diffs name each changed property with its values;
    // the library's own types must read as before the split (no internal module names).
    @Test func stateDiffLinesNameNoInternalModule() {
        let capture = LogCapture()
        EventLogging.enable(logger: capture.logger("events"), level: .debug, stateDiffs: true)
        defer { EventLogging.disable() }
        let holder = ResultHolder()
        holder.send(.set)
        let changed = capture.entries.map(\.message).filter { $0.contains("changed") }
        #expect(!changed.isEmpty)
        for line in changed {
            expectNoInternalModule(line, "state diff")
            print("diff: \(line)")
        }
    }

    // README and CHANGELOG: type names read as before (no `StatoscopeCore.` prefixes) in error
    // descriptions, `subtreeDescription` and `debugDescription`.
    @Test func subtreeAndDebugDescriptionsNameNoInternalModule() {
        let home = InstrumentedHome()
        let subtree = home.subtreeDescription
        expectNoInternalModule(subtree, "subtreeDescription")
        expectNoInternalModule(home.debugDescription, "debugDescription")
        #expect(!subtree.contains("hunter2") && !subtree.contains("swordfish"))
        print("subtreeDescription:\n\(subtree)")
    }

    @Test func errorDescriptionsNameNoInternalModule() throws {
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { reports.value.append($0) }
        defer { registration.remove() }

        // EventToDismissedScope
        let home = InstrumentedHome()
        let child = home.child!
        home.send(.dismiss)
        #expect(throws: EventToDismissedScope.self) { try child.sendThrowing(.inc) }
        do { try child.sendThrowing(.inc) } catch {
            expectNoInternalModule("\(error)", "EventToDismissedScope")
            expectNoInternalModule(String(reflecting: error), "EventToDismissedScope (reflecting)")
        }
        child.send(.inc)

        // ScopeCycleRefused
        let node = LinkNode()
        node.send(.link(node))

        // EventTypeMismatch
        let mismatching = Middleware.addAppWide { event, next in
            if event.when is InstrumentedCounter.When {
                try next(event.with(when: 42))
            } else {
                try next(event)
            }
        }
        InstrumentedCounter().send(.inc)
        mismatching.remove()

        // MissingSuperscopeError
        do { _ = try HomeRow().superscope(InstrumentedHome.self) } catch {
            expectNoInternalModule("\(error)", "MissingSuperscopeError")
        }
        // InvalidStateError, EffectFailure
        expectNoInternalModule("\(InvalidStateError("x"))", "InvalidStateError")
        #expect(EffectFailure(InvalidStateError("x")).type == "InvalidStateError")
        #expect(EffectFailure(CancellationError()).type == "CancellationError")
        expectNoInternalModule("\(EffectFailure(InvalidStateError("x")))", "EffectFailure")
        expectNoInternalModule(
            "\(AnyEffect(FailingCounterEffect()).map { $0 })", "AnyEffect.description")

        // RecordingError: cannot decode
        let text = """
            {"format":"statoscope-recording","root":"InstrumentedCounter","version":2}
            {"n":2,"path":[],"scope":"InstrumentedCounter","event":{"bogus":{}}}
            {"n":3,"end":{"events":1}}

            """
        do { _ = try Recording(jsonLines: text).reproduce { InstrumentedCounter() } } catch {
            expectNoInternalModule("\(error)", "RecordingError")
            print("RecordingError: \(error)")
        }

        #expect(reports.value.contains { $0.error is EventToDismissedScope })
        #expect(reports.value.contains { $0.error is ScopeCycleRefused })
        #expect(reports.value.contains { $0.error is EventTypeMismatch })
        for report in reports.value {
            expectNoInternalModule(report.description, "ErrorReport.description")
            expectNoInternalModule("\(report.error)", "error description")
            if let mismatch = report.error as? EventTypeMismatch {
                expectNoInternalModule(mismatch.expectedTypeName, "expectedTypeName")
                expectNoInternalModule(mismatch.passedTypeName, "passedTypeName")
                expectNoInternalModule(mismatch.scopeTypeName, "scopeTypeName")
            }
            print("report: \(report.description)")
        }
    }

    @Test func anEffectFailuresReportNamesNoInternalModule() async {
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { reports.value.append($0) }
        defer { registration.remove() }
        let counter = InstrumentedCounter()
        counter.send(.failingEffect)
        await counter.effectsState.waitUntilSettled()
        #expect(reports.value.count == 1)
        for report in reports.value {
            expectNoInternalModule(report.description, "effect report")
        }
    }

    @Test func aPlansSpecificationNamesNoInternalModule() throws {
        let plan = try InstrumentedCounter.GIVEN { InstrumentedCounter() }
            .WHEN(.failingEffect)
            .THEN_Enqueued(FailingCounterEffect())
            .WHEN_EffectFails(FailingCounterEffect.self, with: InvalidStateError("x"))
        expectNoInternalModule(plan.specification, "specification")
        try plan.runTest()
    }

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
            ("AnyEffect", AnyEffect(FailingCounterEffect())),
            ("EffectClock", EffectClock.defaultValue),
        ]
        var offenders: [String] = []
        for (name, value) in values {
            let texts = [
                String(describing: Optional(value) as Any), String(describing: [value]),
                String(reflecting: value),
            ]
            for text in texts where internalModules.contains(where: { text.contains($0) }) {
                offenders.append("\(name): \(text)")
            }
        }
        for offender in offenders { print("offender: \(offender)") }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    // Log lines, error reports, middleware's ScopeEvent.description and a plan's specification for
    // an event carrying an EffectResult: type names as before the split (no internal module).
    @Test func anEffectResultEventReadsWithoutInternalModuleEverywhere() throws {
        let capture = LogCapture()
        let saved = ErrorReporting.logger
        ErrorReporting.logger = capture.logger("errors")
        EventLogging.enable(logger: capture.logger("events"), level: .debug)
        defer {
            EventLogging.disable()
            ErrorReporting.logger = saved
        }
        let descriptions = MainBox<[String]>([])
        let middleware = Middleware.addAppWide { event, next in
            descriptions.value.append(event.description)
            try next(event)
        }
        let reports = MainBox<[String]>([])
        let handler = ErrorReporting.addHandler { reports.value.append($0.description) }
        let account = ResultAccount()
        account.send(.accountLoaded(.success(1)))
        account.send(.failLoaded(.success(2)))
        middleware.remove()
        handler.remove()
        let plan = try ResultAccount.GIVEN { ResultAccount() }
            .WHEN(.accountLoaded(.success(3)))
            .THEN(\.loaded, equals: 1)
        try plan.runTest()
        let texts =
            capture.entries.map { "log: \($0.message)" } + descriptions.value.map { "ScopeEvent: \($0)" }
            + reports.value.map { "report: \($0)" } + ["specification: \(plan.specification)"]
        for text in texts {
            expectNoInternalModule(text, "text")
            print("effect-result text: \(text)")
        }
    }
}
