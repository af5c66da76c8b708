import Statoscope
import StatoscopeTestSupport
import Testing

/// A row of a diffed list.
@MainActor
final class DiffedRow: Scope {
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A value nested two levels in the state.
struct DiffedAddress: Equatable, Sendable {
    struct Street: Equatable, Sendable {
        var number = 0
    }
    var street = Street()
}

/// State of every shape a diff has to see change.
@MainActor
final class Diffed: Scope {
    @Sensitive var secret = ""
    var scores: [String: Int] = [:]
    var tags: Set<String> = []
    var address = DiffedAddress()
    var ratio = 0.0
    @Subscope var rows: [DiffedRow] = [DiffedRow()]

    enum When: Sendable {
        case secret(String)
        case score(String, Int)
        case tag(String)
        case moveHouse(Int)
        case ratio(Double)
        case replaceRow
        case appendRow
    }

    func update(_ when: When) throws {
        switch when {
        case .secret(let secret): self.secret = secret
        case .score(let name, let score): scores[name] = score
        case .tag(let tag): tags.insert(tag)
        case .moveHouse(let number): address.street.number = number
        case .ratio(let ratio): self.ratio = ratio
        case .replaceRow: rows[0] = DiffedRow()
        case .appendRow: rows.append(DiffedRow())
        }
    }
}

/// A recorded scope whose events are plain values.
@MainActor
final class Tally: Scope {
    var count = 0
    @Subscope var inner = TallyInner()
    enum When: Codable, Sendable { case add(Int) }
    func update(_ when: When) throws {
        switch when {
        case .add(let amount): count += amount
        }
    }
}

/// A child of the recorded scope, so that a recorder's output can send below the root.
@MainActor
final class TallyInner: Scope {
    var count = 0
    enum When: Codable, Sendable { case add(Int) }
    func update(_ when: When) throws {
        switch when {
        case .add(let amount): count += amount
        }
    }
}

private struct OutputBroke: Error {}

/// State diffs, recorder outputs and error handlers are app-wide: these run with the logging tests,
/// one at a time.
extension EventLoggingTests {
    @Test func everyChangeOfEveryShapeIsLoggedAndNoSensitiveValueIs() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let diffed = Diffed()
        _ = diffed.rows
        diffed.send(.secret("hunter2"))
        diffed.send(.score("ada", 1))
        diffed.send(.score("ada", 2))
        diffed.send(.tag("x"))
        diffed.send(.moveHouse(7))
        diffed.send(.ratio(0.5))
        diffed.send(.ratio(.nan))
        diffed.send(.replaceRow)
        diffed.send(.appendRow)
        let changes = log.lines.filter { $0.hasPrefix("info Diffed changed") }
        #expect(!changes.joined().contains("hunter2"))
        let named = ["secret", "scores", "scores", "tags", "address", "ratio", "ratio", "rows", "rows"]
        #expect(changes.count == named.count, "\(changes)")
        for (line, property) in zip(changes, named) {
            #expect(line.hasPrefix("info Diffed changed \(property)"), "\(line)")
        }
    }

    @Test func aRecorderOutputThatThrowsAndSendsIsReportedOnceAndTheAppGoesOn() async {
        let tally = Tally()
        let reports = ErrorReportCollector(for: tally)
        var calls = 0
        let recorder = Recorder(recording: tally) { line in
            calls += 1
            guard line.contains(#""event""#) else { return }
            tally.send(.add(100))
            throw OutputBroke()
        }
        tally.send(.add(1))
        tally.send(.add(1))
        recorder.stop()
        #expect(tally.count == 102)
        #expect(calls == 2, "the header, then the line that failed; nothing after it")
        #expect(recorder.refusals.count == 1)
        #expect(!recorder.isRecording)
        #expect(reports.reports.count == 1, "\(reports.reports.map(\.description))")
    }

    @Test func aRecorderReleasedByItsOwnOutputStopsWithoutCrashing() async {
        let tally = Tally()
        let holder = Box<Recorder?>(nil)
        var lines = 0
        holder.value = Recorder(recording: tally) { _ in
            lines += 1
            holder.value = nil
        }
        tally.send(.add(1))
        tally.send(.add(1))
        #expect(holder.value == nil)
        #expect(tally.count == 2)
        #expect(lines <= 3, "a released recorder stops")
    }

    @Test func aRecorderOutputThatSendsBelowTheRootForEveryLineNeverOverflows() async {
        let tally = Tally()
        var lines = 0
        let recorder = Recorder(recording: tally) { line in
            lines += 1
            if lines < 40_000, line.contains(#""event""#) { tally.inner.send(.add(1)) }
        }
        tally.inner.send(.add(1))
        recorder.stop()
        #expect(tally.inner.count == 39_999)
        #expect(recorder.recordedEventCount == 39_999)
    }

    @Test func aRecorderOutputThatFailsWhileAnotherRecorderRecordsStopsOnlyItself() async {
        let tally = Tally()
        var good = 0
        let failing = Recorder(recording: tally) { _ in throw OutputBroke() }
        let working = Recorder(recording: tally) { _ in good += 1 }
        tally.send(.add(1))
        tally.send(.add(1))
        #expect(!failing.isRecording)
        #expect(failing.refusals.count == 1)
        #expect(working.isRecording)
        #expect(working.recordedEventCount == 2)
        #expect(good == 3)
    }

    @Test func anErrorHandlerThatReportsFromItsOwnCallIsCalledForEachReportOnce() async {
        let tally = Tally()
        var seen: [String] = []
        var registration: ErrorReporting.Registration?
        registration = ErrorReporting.addHandler { report in
            guard report.scopeID == ObjectIdentifier(tally) else { return }
            seen.append("\(report.error)")
            if seen.count == 1 {
                ErrorReporting.report(
                    ErrorReport(error: OutputBroke(), source: .observation, scope: tally))
                registration?.remove()
            }
        }
        ErrorReporting.report(ErrorReport(error: OutputBroke(), source: .treeChange, scope: tally))
        ErrorReporting.report(ErrorReport(error: OutputBroke(), source: .treeChange, scope: tally))
        #expect(seen.count == 2, "the first, and the one reported from its handler: \(seen)")
    }

    @Test func aPredicateThatEnqueuesKeepsWhatItEnqueued() async {
        let work = PacedWork()
        work.send(.runHeld(1, .keepOlder))
        var calls = 0
        work.effectsState.cancelEffect { _ in
            calls += 1
            work.effectsState.enqueue(AnyEffect { 2 }.map(PacedWork.When.finished))
            return true
        }
        #expect(calls == 1)
        #expect(work.effectsState.effects.count == 1, "enqueued after the library's own work")
        #expect(await work.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(work.finished == [2])
    }

    @Test func aScopeMiddlewareThatRemovesItselfAndSendsRunsEachEventOnce() async {
        let tally = Tally()
        var seen: [Int] = []
        let holder = Box<MiddlewareRegistration?>(nil)
        holder.value = tally.addMiddleware { scope, when, next in
            if case .add(let amount) = when { seen.append(amount) }
            holder.value?.remove()
            try next(when)
            scope.send(.add(10))
        }
        tally.send(.add(1))
        tally.send(.add(2))
        #expect(seen == [1])
        #expect(tally.count == 13)
    }
}
