import Foundation
import Statoscope
import Testing

@testable import StatoscopeInspector

/// The session's recording is a recorder's, with one end line written for what it holds, and its
/// events are encoded off the main actor.
extension InspectorTests {
    @MainActor
    @Suite struct SessionRecordingTests {
        @Test func theSessionsRecordingIsARecordersWithOneEndLineForWhatItHolds() async throws {
            let account = Account()
            let session = SessionRecording(recording: account, replayingInto: nil)
            var written = ""
            let recorder = Recorder(recording: account) { written += $0 }
            account.send(.rename("Ada"))
            account.send(.fail)

            // While recording: the events so far, then an end line that counts them.
            #expect(try await session.text() == written + #"{"n":4,"end":{"events":2}}"# + "\n")

            recorder.stop()
            session.stop()
            // Stopped: exactly what a recorder wrote, its end line once.
            #expect(try await session.text() == written)
            #expect(written.components(separatedBy: #""end":"#).count == 2, "\(written)")

            let first = try await session.text(firstEvents: 1)
            #expect(first.hasSuffix(#"{"n":3,"end":{"events":1}}"# + "\n"), "\(first)")
            #expect(try Recording(jsonLines: first).events.count == 1)
            #expect(try Recording(jsonLines: await session.text(firstEvents: 0)).events.isEmpty)
        }

        @Test func theSessionsEventsAreEncodedOffTheMainActor() async throws {
            // The main actor's thread, as this test, on the main actor, runs on it.
            let probe = EncodingThreads(mainActorThread: pthread_self())
            let tally = EncodedOffMain()
            let session = SessionRecording(recording: tally, replayingInto: nil)
            for value in 1...3 { tally.send(.add(value, probe: probe)) }
            #expect(probe.onMainActorThread.isEmpty, "encoded while sending")
            let text = try await session.text()
            #expect(text.contains(#""event":{"add":{"_0":3}}"#), "\(text)")
            #expect(probe.onMainActorThread == [false, false, false])
            session.stop()
        }
    }
}

/// Notes, for each event encoded, whether it was encoded on the main actor's thread.
final class EncodingThreads: @unchecked Sendable {
    // `@unchecked Sendable`: `threads` is touched only with `lock` held, and `mainActorThread` is
    // never changed.
    private let lock = NSLock()
    private var threads: [Bool] = []
    private let mainActorThread: pthread_t

    init(mainActorThread: pthread_t) {
        self.mainActorThread = mainActorThread
    }

    var onMainActorThread: [Bool] { lock.withLock { threads } }
    func note() { lock.withLock { threads.append(pthread_equal(pthread_self(), mainActorThread) != 0) } }
}

/// A tally whose events note where they are encoded.
@MainActor
final class EncodedOffMain: Scope {
    var total = 0

    enum When: Sendable, Encodable {
        case add(Int, probe: EncodingThreads)

        /// Encoded as an `add` with its value alone, as a recording writes a case.
        func encode(to encoder: any Encoder) throws {
            guard case .add(let value, let probe) = self else { return }
            probe.note()
            var container = encoder.container(keyedBy: CodingKeys.self)
            var nested = container.nestedContainer(keyedBy: AddKeys.self, forKey: .add)
            try nested.encode(value, forKey: ._0)
        }

        private enum CodingKeys: String, CodingKey { case add }
        private enum AddKeys: String, CodingKey { case _0 }
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value, _): total += value
        }
    }
}
