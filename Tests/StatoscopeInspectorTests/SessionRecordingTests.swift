import Statoscope
import Testing

@testable import StatoscopeInspector

/// The session's recording is a recorder's, with one end line written for what it holds.
extension InspectorTests {
    @MainActor
    @Suite struct SessionRecordingTests {
        @Test func theSessionsRecordingIsARecordersWithOneEndLineForWhatItHolds() throws {
            let account = Account()
            let session = SessionRecording(recording: account, replayingInto: nil)
            var written = ""
            let recorder = Recorder(recording: account) { written += $0 }
            account.send(.rename("Ada"))
            account.send(.fail)

            // While recording: the events so far, then an end line that counts them.
            #expect(try session.text() == written + #"{"n":4,"end":{"events":2}}"# + "\n")

            recorder.stop()
            session.stop()
            // Stopped: exactly what a recorder wrote, its end line once.
            #expect(try session.text() == written)
            #expect(written.components(separatedBy: #""end":"#).count == 2, "\(written)")

            let first = try session.text(firstEvents: 1)
            #expect(first.hasSuffix(#"{"n":3,"end":{"events":1}}"# + "\n"), "\(first)")
            #expect(try Recording(jsonLines: first).events.count == 1)
            #expect(try Recording(jsonLines: session.text(firstEvents: 0)).events.isEmpty)
        }
    }
}
