// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// A counter synced to a server: it loads the count when it appears; each tap changes the count at
/// once and saves it, and the server's answer, the count it stored, replaces it. The buttons are
/// disabled while a request is in flight. Resetting the count asks first, with an alert.
@Observable
public final class CounterScreen: Scope {
    /// How much a tap changes the count: the settings chose it when the screen opened.
    public let step: Int
    /// Nil until the server's count arrives.
    public private(set) var count: Int?
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var errorMessage: String?
    /// The alert asking whether to reset the count, while it is shown.
    public private(set) var resetAlert: AlertState<When>?

    public init(step: Int = 1) {
        self.step = step
    }

    /// Whether the buttons take taps.
    public var buttonsAreEnabled: Bool { count != nil && !isLoading && !isSaving }

    public enum When: Equatable, Sendable {
        case screenAppeared
        case userTappedRetry
        case countLoaded(Result<Int, APIError>)
        case userTappedIncrement
        case userTappedDecrement
        case countSaved(Result<Int, APIError>)
        case userTappedReset
        case userConfirmedReset
        case userCancelledReset
        case userDismissedResetAlert
    }

    public func update(_ when: When) throws {
        switch when {
        case .screenAppeared, .userTappedRetry:
            // Appearing again (the window comes back, say) keeps the count there and the load in flight.
            guard count == nil, !isLoading else { return }
            isLoading = true
            errorMessage = nil
            effectsState.enqueue(LoadCount().mapToResultWithError { APIError($0) }.map(When.countLoaded))
        case .countLoaded(let result):
            guard isLoading else { throw InvalidStateError("a count arrived while none was loading") }
            isLoading = false
            apply(result)
        case .userTappedIncrement:
            try save(adding: step)
        case .userTappedDecrement:
            try save(adding: -step)
        case .countSaved(let result):
            // A late or duplicated answer must not overwrite what the user sees.
            guard isSaving else { throw InvalidStateError("a save completed while none was in flight") }
            isSaving = false
            apply(result)
        case .userTappedReset:
            guard buttonsAreEnabled, let count else {
                throw InvalidStateError("the buttons are disabled until the count is loaded and saved")
            }
            resetAlert = AlertState(
                title: "Reset the count?",
                message: "The count goes from \(count) back to 0.",
                buttons: [
                    AlertButton("Reset", role: .destructive, send: .userConfirmedReset),
                    AlertButton("Cancel", role: .cancel, send: .userCancelledReset),
                ])
        case .userConfirmedReset:
            resetAlert = nil
            try save(adding: -(count ?? 0))
        case .userCancelledReset, .userDismissedResetAlert:
            resetAlert = nil
        }
    }

    private func save(adding change: Int) throws {
        guard buttonsAreEnabled, let count else {
            throw InvalidStateError("the buttons are disabled until the count is loaded and saved")
        }
        let newCount = max(0, count + change)
        self.count = newCount
        isSaving = true
        errorMessage = nil
        effectsState.enqueue(
            SaveCount(count: newCount).mapToResultWithError { APIError($0) }.map(When.countSaved))
    }

    private func apply(_ result: Result<Int, APIError>) {
        switch result {
        case .success(let stored): count = stored
        case .failure(let error): errorMessage = error.message
        }
    }
}
