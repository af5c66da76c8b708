import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// One test per place the library prints or writes: a sensitive value in an event, in state and in
/// an effect never shows there. Serialized: analytics and error reporting are app-wide. Logs and
/// flight recordings are checked in the extensions below, inside the suites that own those app-wide
/// instruments, so no other test runs alongside them.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(20)))
struct PrivacyTests {
    @Test func errorReportsRedact() async {
        let vault = Vault()
        let reports = ErrorReportCollector(for: vault)
        vault.send(.refuse(Sensitive(VaultSecret.query)))
        vault.send(.search(Sensitive(VaultSecret.query + "!")))
        await vault.gate.open()
        await vault.effectsState.waitUntilSettled()
        let text = reports.reports.map(\.description)
        #expect(text.count == 2)
        #expect(text.allSatisfy(isRedacted), "\(text)")
        #expect(text.first == "Vault: Vault.update(refuse(<redacted>)) threw VaultRefusal()")
    }

    @Test func descriptionsRedactStateAndPendingEffects() async {
        let vault = Vault()
        vault.send(.unlock(pin: VaultSecret.pin))
        vault.send(.search(Sensitive(VaultSecret.query)))
        for text in [vault.subtreeDescription, vault.debugDescription] {
            #expect(isRedacted(text), "\(text)")
            #expect(text.contains("pin = <redacted>") && text.contains("query = <redacted>"), "\(text)")
            #expect(text.contains("effect Lookup(query: <redacted>"), "\(text)")
        }
        await vault.gate.open()
        await vault.effectsState.waitUntilSettled()
    }

    @Test func aDelayedSensitiveEventAndARetriedFailureRedactWhereTheLibraryPrintsThem() {
        let vault = Vault()
        vault.effectsState.enqueue(.unlock(pin: VaultSecret.pin), after: .seconds(60), key: "relock")
        defer { vault.effectsState.cancelAllEffects() }
        for text in [vault.subtreeDescription, vault.debugDescription] {
            #expect(isRedacted(text), "\(text)")
            #expect(text.contains("DelayedEvent(unlock(<redacted>), after: 60.0 seconds)"), "\(text)")
        }
        let failure = RetryFailure(attempts: 2, error: VaultLeak(query: Sensitive(VaultSecret.query)))
        for text in [
            "\(failure)", String(reflecting: failure), String(describing: (Vault.When.found(1), failure)),
        ] {
            #expect(isRedacted(text), "\(text)")
        }
        let retry = RetryAttempt(
            number: 2, maxAttempts: 3, error: VaultLeak(query: Sensitive(VaultSecret.query)),
            delay: .seconds(1))
        #expect(isRedacted("\(retry)"), "\(retry)")
    }

    @Test func recordingsRedact() async {
        let vault = Vault()
        var text = ""
        let recorder = Recorder(recording: vault) { text += $0 }
        await vault.handOverSecrets()
        withExtendedLifetime(recorder) {}
        #expect(isRedacted(text), "\(text)")
    }

    @Test func aMiddlewarePrintingItsEventsRedacts() async {
        var lines: [String] = []
        let registration = Middleware.addAppWide { event, next in
            if event.scopePath == "Vault" { lines.append(event.description) }
            try next(event)
        }
        defer { registration.remove() }
        await Vault().handOverSecrets()
        let text = lines.joined(separator: "\n")
        #expect(isRedacted(text), "\(text)")
        #expect(lines.first == "Vault <- unlock(<redacted>)")
    }

    @Test func analyticsRedact() async {
        let tracked = TrackedEvents { $0.scopePath == "Vault" }
        defer { tracked.stop() }
        await Vault().handOverSecrets()
        let text = await tracked.delivered().map(\.description).joined(separator: "\n")
        #expect(isRedacted(text), "\(text)")
    }
}

/// A failure that carries the sensitive query, with no text of its own.
struct VaultLeak: Error {
    let query: Sensitive<String>
}

extension EventLoggingTests {
    @Test func eventLogsEffectLinesAndStateDiffsRedact() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let vault = Vault()
        await vault.handOverSecrets()
        let lines = log.lines.filter { $0.contains("Vault") }
        let text = lines.joined(separator: "\n")
        #expect(isRedacted(text), "\(text)")
        #expect(lines.contains("info Vault <- unlock(<redacted>)"), "a sensitive case keeps its name")
        #expect(lines.contains("info Vault <- search(<redacted>)"), "an event's value")
        #expect(lines.contains { $0.contains("changed pin: <redacted> -> <redacted>") }, "state")
        #expect(lines.contains { $0.contains("effect Lookup(query: <redacted>") }, "an effect")
    }
}

extension FlightRecorderTests {
    @Test func flightRecordingsRedact() async {
        let vault = Vault()
        let flightRecorder = FlightRecorder(recording: vault)
        await vault.handOverSecrets()
        let text = flightRecorder.jsonLines()
        #expect(isRedacted(text), "\(text)")
    }
}
