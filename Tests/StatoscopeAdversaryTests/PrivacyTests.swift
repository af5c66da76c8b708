// Every privacy rule through every output, with secrets at depths 1 to 4: inside events, state,
// effects, arrays, optionals, dictionaries (keys and values), sets and enums.

import Foundation
import Logging
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

/// Every secret below carries "S3CR3T"; the one number is 918273.
enum AdvSecret: SensitiveWhen, Codable, Sendable, Hashable {
    case typedPassword(String)
    case typedPin(Int)
    case opened(String)

    var isSensitive: Bool {
        if case .opened = self { return false }
        return true
    }
}

enum AdvInner: Codable, Sendable, Hashable {
    case wrap([String: Sensitive<String>])
    case nested(AdvSecret?)
}

struct AdvEnvelope: Codable, Sendable, Hashable {
    var list: [AdvSecret?]
    var byName: [String: AdvSecret]
    var byKey: [AdvSecret: Int]
    var set: Set<AdvSecret>
    var token: Sensitive<String>
    var inner: AdvInner
    var amount: Decimal
    var stamp: Date
    var control: String

    static var full: AdvEnvelope {
        AdvEnvelope(
            list: [nil, .typedPassword("list-S3CR3T-1"), .opened("visible-CONTROL")],
            byName: ["pin": .typedPin(918273)],
            byKey: [.typedPassword("key-S3CR3T-2"): 1],
            set: [.typedPassword("set-S3CR3T-3")],
            token: Sensitive("tok-S3CR3T-4"),
            inner: .nested(.typedPassword("inner-S3CR3T-5")),
            amount: Decimal(string: "12.34")!,
            stamp: Date(timeIntervalSince1970: 1_000_000),
            control: "control-VISIBLE")
    }

    static var wrapped: AdvEnvelope {
        var envelope = full
        envelope.inner = .wrap(["k": Sensitive("wrap-S3CR3T-6")])
        return envelope
    }
}

struct AdvRejected: Error, Equatable {
    let code: Int
}

struct AdvFailingSave: Effect, Equatable {
    let envelope: AdvEnvelope
    func runEffect() async throws -> Int { throw AdvRejected(code: 1) }
}

struct AdvHold: Effect, Equatable {
    let envelope: AdvEnvelope
    func runEffect() async throws -> Int {
        try await Task.sleep(for: .seconds(3600))
        return 0
    }
}

/// A scope whose `When` is itself a `SensitiveWhen`.
@MainActor
final class AdvKeypad: Scope {
    var presses = 0
    typealias When = AdvSecret
    func update(_ when: AdvSecret) throws { presses += 1 }
}

@MainActor
final class AdvVault: Scope {
    var lastEnvelope: AdvEnvelope?
    var history: [AdvSecret] = []
    var byDepth: [String: [AdvSecret?]] = [:]
    @Sensitive var password = ""
    var derived: Sensitive<String>?
    var saved = 0
    @Subscope var keypad: AdvKeypad? = AdvKeypad()

    /// Not state: a value the app computes, so that a replay makes it again without a recording of it.
    private var salt: String { "salt-" + "S3CR3T-7" }

    enum When: Codable, Sendable, TrackedWhen {
        case typed(AdvSecret)
        case carried(AdvEnvelope)
        case maybe(AdvSecret?)
        case submit(Sensitive<String>)
        case derive
        case rejected(AdvEnvelope)
        case startSave(AdvEnvelope)
        case startHold(AdvEnvelope)
        case saved(Int)
        case closeKeypad
    }

    func update(_ when: When) throws {
        switch when {
        case .typed(let secret): history.append(secret)
        case .carried(let envelope):
            lastEnvelope = envelope
            byDepth["deep"] = envelope.list
        case .maybe(let secret): if let secret { history.append(secret) }
        case .submit(let secret): password = secret.value
        case .derive:
            history.append(.typedPassword(salt))
            derived = Sensitive(salt)
        case .rejected: throw AdvRejected(code: 7)
        case .startSave(let envelope):
            effectsState.enqueue(AdvFailingSave(envelope: envelope).map(When.saved))
        case .startHold(let envelope):
            effectsState.enqueue(AdvHold(envelope: envelope).map(When.saved), key: "hold")
        case .saved(let count): saved = count
        case .closeKeypad: keypad = nil
        }
    }
}

@MainActor
func sendEverySecret(to vault: AdvVault) {
    vault.send(.typed(.typedPassword("direct-S3CR3T-0")))
    vault.send(.typed(.typedPin(918273)))
    vault.send(.typed(.opened("visible-CONTROL")))
    vault.send(.carried(.full))
    vault.send(.carried(.wrapped))
    vault.send(.maybe(.typedPassword("maybe-S3CR3T-8")))
    vault.send(.submit(Sensitive("submit-S3CR3T-9")))
    vault.send(.derive)
    vault.keypad?.send(.typedPassword("keypad-S3CR3T-10"))
    vault.send(.rejected(.full))
}

/// Fails naming each line of `text` that holds a secret.
func expectNoSecret(
    _ text: String, in output: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let leaks = text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { $0.contains("S3CR3T") || $0.contains("918273") }
    #expect(
        leaks.isEmpty,
        "\(output) shows a sensitive value:\n\(leaks.prefix(5).map { String($0.prefix(600)) }.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
}

@Suite(.isolatedInstruments)
@MainActor
struct PrivacyTests {
    // Middleware, logging and analytics, "What stays private": "A value the app marks sensitive never
    // appears in anything the library prints or writes: ... recordings and flight recordings"; Recording
    // and replay, "Record": "a replay sends such an event with the placeholders in place of the secrets".
    @Test func aRecordingHoldsNoSecretAtAnyDepthAndReplaysWithThePlaceholders() throws {
        let vault = AdvVault()
        let url = try makeTemporaryFolder("privacy-recording").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: vault, toFile: url)
        sendEverySecret(to: vault)
        recorder.stop()
        let text = try String(contentsOf: url, encoding: .utf8)
        expectNoSecret(text, in: "the recording")
        #expect(text.contains("visible-CONTROL"), "a case not marked sensitive was redacted too")
        #expect(text.contains("control-VISIBLE"))
        #expect(recorder.refusals.isEmpty, "\(recorder.refusals)")

        let replayed = try Recording(contentsOf: url).reproduce { AdvVault() }
        #expect(replayed.history.contains(.typedPin(0)), "\(replayed.history)")
        #expect(replayed.history.contains(.typedPassword(EventValue.redactionPlaceholder)))
        #expect(replayed.lastEnvelope?.control == "control-VISIBLE")
        expectNoSecret(replayed.subtreeDescription, in: "the replayed tree")
    }

    // Middleware, logging and analytics, "What stays private": "... recordings and flight recordings";
    // Recording and replay, "Keep a flight recording": "Every ErrorReport carries the record of the
    // running flight recorder in ErrorReport/flightRecording".
    @Test func aFlightRecordingAndTheOneAReportCarriesHoldNoSecret() throws {
        let vault = AdvVault()
        let reports = ReportBox()
        let flight = FlightRecorder(recording: vault, keepingLast: 1_000)
        sendEverySecret(to: vault)
        expectNoSecret(flight.jsonLines(), in: "the flight recording")
        #expect(flight.jsonLines().contains("visible-CONTROL"))
        let url = try makeTemporaryFolder("privacy-flight").appendingPathComponent("f.jsonl")
        try flight.write(to: url)
        expectNoSecret(try String(contentsOf: url, encoding: .utf8), in: "the written flight recording")
        let carried = reports.all.compactMap(\.flightRecording)
        #expect(!carried.isEmpty, "no report carried the flight recording")
        for record in carried { expectNoSecret(record, in: "a report's flight recording") }
        flight.stop()
    }

    // Middleware, logging and analytics, "What stays private": "... analytics events ... The rule holds
    // wherever the value sits: in an event, in a scope's state or in an effect, at any depth".
    @Test func analyticsEventsHoldNoSecretAtAnyDepth() async {
        let vault = AdvVault()
        let delivered = LockedBox<String>()
        let analytics = Analytics.install { event in
            delivered.append("\(event.name) \(event.parameters) \(event.description)")
        }
        sendEverySecret(to: vault)
        await Analytics.waitUntilDelivered()
        let text = delivered.items.joined(separator: "\n")
        #expect(delivered.items.count >= 8, "tracked: \(delivered.items.count)")
        #expect(text.contains("carried"))
        expectNoSecret(text, in: "analytics")
        analytics.remove()
    }

    // Middleware, logging and analytics, "What stays private": "... error reports ..."; "Error reporting":
    // the report carries "the event (or the effect)".
    @Test func errorReportsOfAnUpdateAndAnEffectHoldNoSecret() async {
        let vault = AdvVault()
        let reports = ReportBox()
        vault.send(.rejected(.full))
        vault.send(.startSave(.wrapped))
        await vault.effectsState.waitUntilSettled()
        _ = await waitUntil("the effect's failure is reported", within: .seconds(120)) {
            reports.all.count >= 2
        }
        #expect(reports.all.count >= 2, "\(reports.descriptions)")
        expectNoSecret(reports.descriptions, in: "error reports")
        for report in reports.all { expectNoSecret("\(report)", in: "an error report printed") }
    }

    // Scope trees, "A scope's life is its life in the tree": a late event goes to ErrorReporting "an
    // EventToDismissedScope with the scope's type, its last path and the event"; "What stays private":
    // never in "error reports".
    @Test func aLateSecretEventToADismissedScopeIsReportedRedacted() {
        let vault = AdvVault()
        let reports = ReportBox()
        let keypad = vault.keypad!
        vault.send(.closeKeypad)
        keypad.send(.typedPassword("late-S3CR3T-11"))
        let refusals = reports.errors(EventToDismissedScope.self)
        #expect(refusals.count == 1, "\(reports.descriptions)")
        for refusal in refusals {
            expectNoSecret("\(refusal.event) \(refusal.description)", in: "EventToDismissedScope")
            #expect(
                refusal.event.contains("typedPassword"), "a sensitive case keeps its name: \(refusal.event)")
        }
        expectNoSecret(reports.descriptions, in: "the report")
    }

    // Middleware, logging and analytics, "What stays private": "event and effect log lines, state diffs";
    // "a state diff still says that a sensitive property changed (`password: <redacted> -> <redacted>`)".
    @Test func logLinesAndStateDiffsHoldNoSecretAndStillNameTheChange() async {
        let lines = LockedBox<String>()
        EventLogging.enable(logger: capturingLogger(lines), level: .debug, stateDiffs: true)
        let vault = AdvVault()
        sendEverySecret(to: vault)
        vault.send(.startSave(.full))
        _ = await waitUntil("the failed save is logged", within: .seconds(120)) {
            lines.items.contains { $0.contains("AdvFailingSave") && $0.contains("failed") }
        }
        vault.send(.startHold(.wrapped))
        vault.effectsState.cancelAllEffects()
        EventLogging.disable()
        let text = lines.items.joined(separator: "\n")
        #expect(text.contains("carried"), "nothing logged: \(lines.items.count) lines")
        expectNoSecret(text, in: "the event log")
        #expect(
            text.contains("password: <redacted> -> <redacted>"),
            "the change of a sensitive property is not named")
    }

    // Middleware, logging and analytics, "What stays private": "Scope/subtreeDescription and
    // debugDescription"; Guarantees, "Lifetimes": "print(scope), String(describing:) and interpolation
    // show what Scope/debugDescription lists, sensitive values redacted".
    @Test func descriptionsOfStateAndPendingEffectsHoldNoSecret() {
        let vault = AdvVault()
        sendEverySecret(to: vault)
        vault.send(.startHold(.full))
        defer { vault.effectsState.cancelAllEffects() }
        #expect(vault.effectsState.effects.count == 1)
        expectNoSecret(vault.subtreeDescription, in: "subtreeDescription")
        expectNoSecret(vault.debugDescription, in: "debugDescription")
        expectNoSecret(String(describing: vault), in: "String(describing:)")
        expectNoSecret("\(vault)", in: "interpolation")
        var printed = ""
        print(vault, to: &printed)
        expectNoSecret(printed, in: "print")
        #expect(vault.subtreeDescription.contains("visible-CONTROL"), "\(vault.subtreeDescription)")
        #expect(vault.subtreeDescription.contains("AdvHold"), "the pending effect is not listed")
    }

    // Middleware, logging and analytics, "What stays private": "A middleware of your own that logs events
    // follows the same rule when it prints ScopeEvent/description".
    @Test func anAppWideMiddlewarePrintingEventDescriptionsShowsNoSecret() {
        let seen = MainBox<String>()
        let middleware = Middleware.addAppWide { event, next in
            seen.append(event.description)
            try next(event)
        }
        let vault = AdvVault()
        sendEverySecret(to: vault)
        middleware.remove()
        #expect(seen.items.count >= 10, "\(seen.items.count)")
        expectNoSecret(seen.items.joined(separator: "\n"), in: "ScopeEvent.description")
    }

    // Living documentation, "A plan as a specification": "it shows nothing the app marked sensitive: a
    // Sensitive value, an event of a SensitiveWhen case or a value holding one at any depth ..., and the
    // value a check expects of a property declared @Sensitive".
    @Test func aSpecificationShowsNoSecretInEventsOrExpectedValues() throws {
        let plan = try AdvVault.GIVEN("a vault") { AdvVault() }
            .WHEN(.carried(.full))
            .THEN(\.lastEnvelope, equals: .full)
            .AND(\.byDepth, equals: ["deep": AdvEnvelope.full.list])
            .WHEN(.typed(.typedPin(918273)))
            .THEN(\.history, equals: [.typedPin(918273)])
            .WHEN(.submit(Sensitive("submit-S3CR3T-9")))
            .THEN(\.password, equals: "submit-S3CR3T-9")
            .WHEN(\.keypad, .typedPassword("keypad-S3CR3T-10"))
            .THEN(\.keypad?.presses, equals: 1)
            .WHEN(.maybe(.typedPassword("maybe-S3CR3T-8")))
            .FORK(.carried(.wrapped)) { branch in
                try branch.THEN(\.lastEnvelope, equals: .wrapped)
            }
        let specification = plan.specification
        try plan.runTest()
        expectNoSecret(specification, in: "the specification")
        #expect(
            specification.contains("control-VISIBLE") || specification.contains("carried"), "\(specification)"
        )
    }

    // Recording and replay, "From a recording to a test plan": "What cannot be written is said in a
    // comment at its line: ... a sensitive value (never written, as everywhere)"; Guarantees: "A plan
    // written from a recording ... never shows a sensitive value".
    @Test func aTestPlanWrittenFromARecordingHoldsNoSecretEvenOneTheReplayMakesAgain() throws {
        let vault = AdvVault()
        let lines = MainBox<String>()
        let recorder = Recorder(recording: vault) { line in lines.append(line) }
        sendEverySecret(to: vault)
        recorder.stop()
        let text =
            lines.items.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n") + "\n"
        for checks in [TestPlanSource<AdvVault>.Checks.afterEachStep, .atTheEnd] {
            let source = try TestPlanSource(jsonLines: text) { AdvVault() }.swiftSource(checks: checks)
            expectNoSecret(source, in: "the test plan's source (\(checks))")
            #expect(source.contains("GIVEN"))
        }
    }
}
