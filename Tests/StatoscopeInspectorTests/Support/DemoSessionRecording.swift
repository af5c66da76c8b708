import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The demo's scripted session (`swift run statoscope-demo`), played in the test's process against
/// a server simulated here, so that its recording is the same on every run: the live count's pushes
/// come when the script says, not when a socket delivers them.
@MainActor
enum DemoSessionRecording {
    /// The recording of the whole session, against a server that answers.
    static func answering() async throws -> String {
        let feed = LiveFeed()
        let app = DemoApp()
        app.inject(CounterAPI(name: "simulated") { CounterDTO(count: $0) })
        app.inject(
            ProfileAPI(
                name: "simulated",
                load: { ProfileDTO(name: "John Appleseed", email: "john@example.org") },
                save: { $0 }))
        app.inject(LiveCountAPI(name: "simulated") { feed.connect(sendingFirst: CounterDTO(count: 0)) })
        var lines = ""
        let recorder = Recorder(recording: app) { lines += $0 }
        try await play(on: app, feed: feed, serverAnswers: true)
        recorder.stop()
        return lines
    }

    /// The flight recording that the report of the session's error carries, against a server that
    /// fails every request, as `statoscope-demo --failing-server` prints it.
    static func failingFlightRecording() async throws -> String {
        let feed = LiveFeed()
        let app = DemoApp()
        app.inject(CounterAPI(name: "failing") { _ in throw failure("POST /counter") })
        app.inject(
            ProfileAPI(
                name: "failing", load: { throw failure("GET /profile") },
                save: { _ in throw failure("PUT /profile") }
            ))
        app.inject(LiveCountAPI(name: "failing") { feed.connect(failingWith: failure("GET /counter/live")) })
        var records: [String] = []
        let reporting = ErrorReporting.addHandler { report in
            if let record = report.flightRecording { records.append(record) }
        }
        defer { reporting.remove() }
        let flightRecorder = FlightRecorder(recording: app, keepingLast: 500)
        defer { flightRecorder.stop() }
        try await play(on: app, feed: feed, serverAnswers: false)
        return try #require(records.first, "the session's error was not reported with a flight recording")
    }

    private nonisolated static func failure(_ request: String) -> ServerError {
        ServerError(message: "\(request) answered 503: failing on purpose (--failing-server)")
    }

    /// The demo's script: the live count, taps, another device's change, the profile, its save, an
    /// answer arriving when nothing is saving, and a last tap. Each step waits for what it started.
    private static func play(on app: DemoApp, feed: LiveFeed, serverAnswers: Bool) async throws {
        app.send(.userOpensLiveCount)
        await waitUntil("the live count connects or fails") {
            guard let live = app.liveCount else { return false }
            return live.viewDisplaysServerCount != nil || !live.viewShowsLive
        }
        for _ in 1...3 {
            app.counter.send(.userTappedIncrementButton)
            await waitForCounter(of: app)
        }
        app.counter.send(.userTappedDecrementButton)
        await waitForCounter(of: app)
        if serverAnswers {
            // Another device sets the count to 10; the server pushes it to the open live count.
            feed.push(CounterDTO(count: 10))
            await waitUntil("the pushed count reaches the counter") {
                app.counter.viewDisplaysTotalCount == 10
            }
        }
        app.send(.userClosesLiveCount)
        app.send(.userSelectsTab(.profile))
        await waitUntil("the profile loads") { !app.profile.viewShowsLoading }
        app.profile.send(.userTypesNewEmail(userEmail: Sensitive("john.appleseed@example.org")))
        app.profile.send(.userTapsChangeEmailButton)
        await waitUntil("the profile saves") { !app.profile.viewShowsSaving }
        // A proxy that retries delivers the save's answer again, when nothing is saving.
        app.profile.send(
            .networkFinishesSavingProfile(
                .success(ProfileDTO(name: "John Appleseed", email: "john.appleseed@example.org"))))
        app.send(.userSelectsTab(.counter))
        app.counter.send(.userTappedIncrementButton)
        await waitForCounter(of: app)
    }

    private static func waitForCounter(of app: DemoApp) async {
        await waitUntil("the post completes") { !app.counter.viewShowsLoadingAndDisablesButtons }
    }
}

/// The live count's connection to the simulated server: the count it sends first, then what the
/// script pushes.
private final class LiveFeed: Sendable {
    private let continuation = LockedContinuation()

    func connect(sendingFirst first: CounterDTO) -> AsyncThrowingStream<CounterDTO, any Error> {
        AsyncThrowingStream { continuation in
            self.continuation.set(continuation)
            continuation.yield(first)
        }
    }

    func connect(failingWith error: any Error) -> AsyncThrowingStream<CounterDTO, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func push(_ count: CounterDTO) {
        continuation.get()?.yield(count)
    }
}

/// The open connection's continuation, set by the stream's task and read by the script.
private final class LockedContinuation: @unchecked Sendable {
    // Unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var continuation: AsyncThrowingStream<CounterDTO, any Error>.Continuation?

    func set(_ continuation: AsyncThrowingStream<CounterDTO, any Error>.Continuation) {
        lock.withLock { self.continuation = continuation }
    }

    func get() -> AsyncThrowingStream<CounterDTO, any Error>.Continuation? {
        lock.withLock { continuation }
    }
}
