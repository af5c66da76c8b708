// What the testing articles' samples of retries and delayed events take as known: a post retried
// with backoff that tells its scope of each retry, and a filter applied once its slider settles, as
// in *Working with effects* and *Long-lived effects*.
import Foundation
import Statoscope

struct HTTPStatusError: Error {
    let status: Int
}

struct PostDraft: Effect {
    let text: String
    func runEffect() async throws -> Int { text.count }
}

@MainActor
final class Composer: Scope {
    var posted: Int?
    var failure: String?
    var attempts: Int?
    var retrying: String?

    enum When: Sendable {
        case userTappedPost(String)
        case postRetrying(RetryAttempt)
        case draftPosted(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedPost(let text):
            effectsState.enqueue(
                PostDraft(text: text).mapToResult().map(When.draftPosted), key: "post",
                retrying: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(5)),
                onRetry: When.postRetrying)
        case .postRetrying(let retry):
            retrying = "retrying, attempt \(retry.number) of \(retry.maxAttempts)"
        case .draftPosted(.success(let length)):
            retrying = nil
            posted = length
        case .draftPosted(.failure(let error)):
            retrying = nil
            attempts = (error as? RetryFailure)?.attempts
            failure = "\(error)"
        }
    }
}

@MainActor
final class PriceFilter: Scope {
    var maximum = 100
    var appliedMaximum = 100

    enum When: Sendable, Equatable {
        case userDraggedSlider(Int)
        case sliderSettled
    }

    func update(_ when: When) throws {
        switch when {
        case .userDraggedSlider(let value):
            maximum = value
            effectsState.enqueue(.sliderSettled, after: .milliseconds(300), key: "settle")
        case .sliderSettled:
            appliedMaximum = maximum
        }
    }
}
