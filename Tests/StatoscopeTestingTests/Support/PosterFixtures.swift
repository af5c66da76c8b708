import Statoscope
import StatoscopeTesting

// Scopes whose effects retry, tick, fire and forget and stream, for the suites on those verbs in plans:
// a poster, and an uploader that may be held by an optional subscope.

/// A server's failure, printed with its status.
struct PostFailure: Error, Equatable, CustomStringConvertible {
    let status: Int
    var description: String { "HTTP \(status)" }
}

/// Posts, and returns the post's identifier.
struct Post: Effect, Equatable {
    let id: Int
    func runEffect() async throws -> Int { id }
}

/// A fire-and-forget ping.
struct Ping: Effect, Equatable {
    func runEffect() async throws {}
}

/// Posts with the retry policy it is given, pings and ticks.
@MainActor
final class Poster: Scope {
    let policy: RetryPolicy
    let interval: Duration
    var outcomes: [String] = []
    var ticks = 0

    init(
        policy: RetryPolicy = .exponentialBackoff(
            maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(10)),
        interval: Duration = .seconds(1)
    ) {
        self.policy = policy
        self.interval = interval
    }

    enum When: Sendable {
        case post
        case cancel
        case ping
        case startTimer
        case ticked(Int)
        case posted(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .post:
            effectsState.enqueue(Post(id: 1).mapToResult().map(When.posted), key: "post", retrying: policy)
        case .cancel: effectsState.cancelEffect(key: "post")
        case .ping: effectsState.enqueueFireAndForget(Ping())
        case .startTimer: effectsState.enqueue(RepeatingTimer(every: interval).map(When.ticked), key: "timer")
        case .ticked: ticks += 1
        case .posted(.success(let id)): outcomes.append("posted \(id)")
        case .posted(.failure(let error)): outcomes.append("failed: \(error)")
        }
    }
}

@MainActor
final class PosterParent: Scope {
    @Subscope var child = Poster()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Retries with the policy it is given, and runs a stream whose end it keeps.
struct Upload: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

/// A server's failure of an upload.
struct UploadFailure: Error, Equatable {
    let status: Int
}

/// Not `Equatable`; prints as `GarbledFailure(detail: "x")`.
struct GarbledFailure: Error {
    let detail: String
}

/// Another type that prints alike.
struct GarbledFailureTwin: Error, CustomStringConvertible {
    let detail: String
    var description: String { "GarbledFailure(detail: \"\(detail)\")" }
}

/// A stream that a plan feeds, ends or fails.
struct Feed: StreamEffect, Equatable {
    func makeElements() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}

@MainActor
final class Uploader: Scope {
    let policy: RetryPolicy
    var outcomes: [String] = []
    var ending: StreamEnd?
    var items: [Int] = []

    init(
        policy: RetryPolicy = .exponentialBackoff(
            maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(5))
    ) {
        self.policy = policy
    }

    enum When: Sendable, Equatable {
        case upload
        case follow
        case tick
        case stop
        case uploaded(Int)
        case item(Int)
        case ended(StreamEnd)
    }

    func update(_ when: When) throws {
        switch when {
        case .upload:
            effectsState.enqueue(Upload().map(When.uploaded), key: "upload", retrying: policy)
        case .follow:
            effectsState.enqueue(Feed().map(When.item).onEnd(When.ended), key: "feed")
        case .tick:
            effectsState.enqueue(RepeatingTimer(every: .seconds(1)).map(When.item), key: "timer")
        case .stop:
            effectsState.cancelEffect(key: "timer")
            effectsState.cancelEffect(key: "upload")
            effectsState.cancelEffect(key: "feed")
        case .uploaded(let value): outcomes.append("uploaded \(value)")
        case .item(let value): items.append(value)
        case .ended(let end): ending = end
        }
    }
}

@MainActor
final class UploaderHost: Scope {
    @Subscope var uploader: Uploader? = Uploader()
    @Subscope var fixed = Uploader()
    enum When: Sendable {
        case dismiss
        case upload
    }
    func update(_ when: When) throws {
        switch when {
        case .dismiss: uploader = nil
        case .upload: effectsState.enqueue(Upload().map { _ in When.dismiss })
        }
    }
}
