// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// The counter of the earlier Statoscope's README, synced to a server: each tap changes the count at once and posts it; the
/// server's answer, or its failure, comes back as an event.
@MainActor
package final class Counter: Scope {
    package private(set) var viewDisplaysTotalCount = 0
    package private(set) var viewDisplaysError: String?
    package private(set) var viewShowsLoadingAndDisablesButtons = false

    package init() {}

    package enum When: Codable, Sendable, Equatable, TrackedWhen {
        case userTappedIncrementButton
        case userTappedDecrementButton
        case networkPostCompleted(NetworkOutcome<CounterDTO>)
        /// The server pushed the count another device (or this one) stored.
        case serverChangedCount(Int)

        /// The taps tell how the counter is used; each post's answer follows a tap, and the errors
        /// it brings are reported apart; pushed counts are the server's doing.
        package var isTracked: Bool {
            switch self {
            case .networkPostCompleted, .serverChangedCount: false
            case .userTappedIncrementButton, .userTappedDecrementButton: true
            }
        }
    }

    package func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            try guardNotPosting()
            viewDisplaysTotalCount += 1
            post()
        case .userTappedDecrementButton:
            try guardNotPosting()
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
            post()
        case .networkPostCompleted(let outcome):
            // A post's answer makes sense only while a post is in flight: a late or duplicated one
            // must not overwrite what the user sees.
            guard viewShowsLoadingAndDisablesButtons else {
                throw InvalidStateError("a post completed while none was in flight")
            }
            viewShowsLoadingAndDisablesButtons = false
            switch outcome {
            case .success(let dto):
                viewDisplaysTotalCount = dto.count
                viewDisplaysError = nil
            case .failure(let error):
                viewDisplaysError = error.message
            }
        case .serverChangedCount(let count):
            // While a post is in flight, its answer brings the count the server stored: a push
            // racing it could be older, and must not undo the tap the user sees.
            guard !viewShowsLoadingAndDisablesButtons else { return }
            viewDisplaysTotalCount = count
        }
    }

    /// The buttons are disabled while a post is in flight; a tap that gets through anyway is a bug.
    private func guardNotPosting() throws {
        guard !viewShowsLoadingAndDisablesButtons else {
            throw InvalidStateError("the buttons are disabled while the count is being saved")
        }
    }

    private func post() {
        viewShowsLoadingAndDisablesButtons = true
        effectsState.enqueue(
            PostCount(count: viewDisplaysTotalCount)
                .mapToResultWithError { ServerError($0) }
                .map { When.networkPostCompleted(NetworkOutcome($0)) },
            retrying: Self.saveRetries
        )
    }

    /// A save that failed tries again twice, 200 ms and then 400 ms later (each up to a fifth
    /// sooner, so that devices that failed together do not retry together): a busy or briefly
    /// unreachable server gets another chance, while a request the server refused (a 4xx) is not
    /// sent again. The buttons stay disabled until the last attempt's answer.
    package static let saveRetries = RetryPolicy.exponentialBackoff(
        maxAttempts: 3, initialDelay: .milliseconds(200), maxDelay: .seconds(1), jitter: .random(upTo: 0.2)
    ) { error in
        ServerError(error).isRefusal ? .giveUp : .retry
    }
}

extension ServerError {
    /// Whether the server answered with a client error (4xx), which the same request would get again:
    /// the status read from the message `JSONOverHTTP` writes ("POST /counter answered 404: …").
    fileprivate var isRefusal: Bool {
        guard let range = message.range(of: " answered ") else { return false }
        return message[range.upperBound...].prefix(3).first == "4"
    }
}
