import Statoscope
import StatoscopeTestSupport
import Testing

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

/// An error a recorder's output, or a test's report, throws.
struct OutputBroke: Error {}

/// A recorder's output that throws, sends, or releases its recorder: it stops only itself, and the app
/// goes on. Recorder outputs report to the app-wide error handlers: these run with the logging tests,
/// one at a time.
extension EventLoggingTests {
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
}
