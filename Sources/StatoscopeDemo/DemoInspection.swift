import Foundation
import StatoscopeExamples
import StatoscopeInspector

/// `--inspect`: the live inspector, serving the session's tree while it plays and after.
@MainActor
struct DemoInspection {
    let inspector: Inspector

    /// Starts the inspector on `app` and prints its URL.
    static func start(_ app: DemoApp) async throws -> DemoInspection {
        // Effects are off while the page replays the session: these clients are never called.
        let inspector = try await Inspector.start(
            root: app, replayingInto: { DemoApp.live(baseURL: URL(string: "http://127.0.0.1/")!) })
        PlainLogHandler.print("inspect", "open \(inspector.url.absoluteString)")
        // Flushed at once: a script reading the output through a pipe waits for this line.
        fflush(nil)
        return DemoInspection(inspector: inspector)
    }

    /// Keeps the page served once the session is over, until the process is interrupted.
    func serveUntilInterrupted() async {
        PlainLogHandler.print("inspect", "the session is over; serving the inspector until interrupted")
        // Flushed now: an interrupt ends the process without flushing what a pipe still buffers.
        fflush(nil)
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        await inspector.stop()
    }
}
