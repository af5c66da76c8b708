import Foundation
import Statoscope
import StatoscopeInstruments

extension Inspector {
    /// Opens a recording without the app that made it, and serves the page for it; returns once the
    /// recording is replayed and the page is served.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func sample(url: URL) async throws { … } -->
    /// ```swift
    /// let inspector = try await Inspector.open(contentsOf: url, replayingInto: { App() })
    /// print("inspect at", inspector.url)
    /// ```
    ///
    /// The page is the live inspector's: the recording's events on the timeline, the state after any
    /// of them, the tree as the last one left it, the download and the test plan. It says it shows a
    /// recording, how many events it holds, and how its run ended. The events are replayed into a
    /// fresh tree with effects off, as a `Replay` does: the effects their updates enqueue are shown
    /// discarded, and their results are the recorded events that follow. The last event of a run that
    /// ended without stopping its recorder (a crash) is shown and not replayed, since its update could
    /// end this process as it ended the recorded one; the test plan writes it as its last step, as
    /// `TestPlanSource` does.
    ///
    /// The recording is held in memory while the inspector runs. It runs until ``stop()`` or until it
    /// is released, and takes the place of a live inspector: one runs at a time.
    ///
    /// - Parameters:
    ///   - url: A recording's text (JSON lines, as a `Recorder` or a flight recorder's error report
    ///     writes it), or the file a surviving flight recorder keeps (`FlightRecordingFile`).
    ///   - makeRoot: Builds a fresh root of the recorded type: one to replay the recording into, and
    ///     one for each state and plan the page asks for.
    ///   - port: The port to listen on; 0, the default, lets the system pick a free one.
    ///   - interfaces: Where to listen: the loopback address unless told otherwise.
    /// - Throws: `RecordingError` naming the file and the line or byte at fault when it is not a
    ///   recording, is damaged, kept only its last events (a flight recording's first events are
    ///   lost, so it cannot be replayed), was recorded from another type of root, or has an event
    ///   that does not replay; an error when it cannot listen or another inspector runs.
    public static func open<Root: Scope>(
        contentsOf url: URL, replayingInto makeRoot: @escaping @MainActor () -> Root, port: UInt16 = 0,
        interfaces: Interfaces = .loopback
    ) async throws -> Inspector {
        let opened = try OpenedRecording(contentsOf: url)
        do {
            return try await open(opened, replayingInto: makeRoot, port: port, interfaces: interfaces)
        } catch let error as RecordingError {
            throw OpenedRecording.naming(url, in: error)
        }
    }

    /// Opens a recording already read, as ``open(contentsOf:replayingInto:port:interfaces:)`` opens
    /// one from a file; the page's download is then the recording as the replay recorded it again.
    ///
    /// - Throws: `RecordingError` naming the line at fault when the recording was made from another
    ///   type of root or has an event that does not replay; an error when it cannot listen or another
    ///   inspector runs.
    public static func open<Root: Scope>(
        _ recording: Recording, replayingInto makeRoot: @escaping @MainActor () -> Root, port: UInt16 = 0,
        interfaces: Interfaces = .loopback
    ) async throws -> Inspector {
        try await open(
            OpenedRecording(recording), replayingInto: makeRoot, port: port, interfaces: interfaces)
    }

    private static func open<Root: Scope>(
        _ opened: OpenedRecording, replayingInto makeRoot: @escaping @MainActor () -> Root, port: UInt16,
        interfaces: Interfaces
    ) async throws -> Inspector {
        let root = makeRoot()
        // Checked before serving: a recording of another root is refused without a page.
        let replay = try Replay(opened.recording, into: root)
        let inspector = try await serve(
            root: root, replayingInto: makeRoot, opened: opened, port: port, interfaces: interfaces)
        inspector.openedRoot = root
        do {
            try inspector.play(replay)
            // Nothing changes the tree after this: the page shows it as the last event left it.
            inspector.session.feed.snapshot()
        } catch {
            await inspector.stop()
            throw error
        }
        return inspector
    }

    /// Replays the opened recording into the tree the inspector watches, which notes each event as it
    /// notes a live app's; the event where the recorded run ended is noted, not sent.
    private func play<Root: Scope>(_ replay: Replay<Root>) throws {
        let events = replay.recording.events.count
        let lastIsSent = !replay.recording.lastEventEndedItsRun
        let feed = session.feed
        while !replay.isFinished {
            if lastIsSent || replay.replayedEventCount < events - 1 {
                try replay.step()
            } else {
                try replay.step(
                    observing: { scope, when in feed.noteEventThatEndedTheRun(scope, when) }, sending: false)
            }
        }
    }
}
