import Foundation
import StatoscopeExamples
import StatoscopeInspector

/// `--inspect`: the live inspector, serving the session's tree while it plays and after; with
/// `--replay`, the inspector serving a recording, with no session.
@MainActor
struct DemoInspection {
    let inspector: Inspector

    /// A fresh app to replay into. Effects are off in a replay: its clients are never called.
    static func freshApp() -> DemoApp {
        DemoApp.live(baseURL: URL(string: "http://127.0.0.1/")!)
    }

    /// Starts the inspector on `app` and prints its URL.
    static func start(_ app: DemoApp) async throws -> DemoInspection {
        let inspector = try await Inspector.start(root: app, replayingInto: freshApp)
        PlainLogHandler.print("inspect", "open \(inspector.url.absoluteString)")
        // Flushed at once: a script reading the output through a pipe waits for this line.
        fflush(nil)
        return DemoInspection(inspector: inspector)
    }

    /// Opens the recording at `url` in the inspector, with no session, and prints its URL.
    static func open(_ url: URL) async throws -> DemoInspection {
        let inspector: Inspector
        do {
            inspector = try await Inspector.open(contentsOf: url, replayingInto: Self.freshApp)
        } catch {
            throw DemoFailure("cannot inspect \(url.path): \(error)")
        }
        PlainLogHandler.print("inspect", "open \(inspector.url.absoluteString)")
        fflush(nil)
        return DemoInspection(inspector: inspector)
    }

    /// Keeps the page served once the session is over (or, for a recording, once it is opened),
    /// until the process is interrupted.
    func serveUntilInterrupted(
        saying note: String = "the session is over; serving the inspector until interrupted"
    ) async {
        PlainLogHandler.print("inspect", note)
        // Flushed now: an interrupt ends the process without flushing what a pipe still buffers.
        fflush(nil)
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        await inspector.stop()
    }
}
