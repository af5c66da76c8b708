import Observation
import Statoscope

/// The counter as an `@Observable` scope, as the README writes it.
@Observable
@MainActor
final class ObservedCounter: Scope {
    var viewDisplaysTotalCount = 0

    /// The plain counter's events, so that both walk the same tap sequence.
    typealias When = CounterScope.When

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

/// Counts observation notifications. They fire synchronously, on the main actor, where the state
/// changes.
@MainActor
final class NotificationCount {
    var value = 0
}

/// The counter's view model by hand, made `@Observable`: what observation costs without the library.
@Observable
@MainActor
final class HandWrittenObservedCounter {
    var viewDisplaysTotalCount = 0

    func handle(_ when: HandWrittenCounter.When) {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}
