import Statoscope

/// A counter view model, the way it is written by hand: a `switch` in `handle(_:)`. It is the
/// physical limit a `send` is compared with. Like a scope, it lives on the main actor.
@MainActor
final class HandWrittenCounter {
    var viewDisplaysTotalCount = 0

    enum When {
        case userTappedIncrementButton
        case userTappedDecrementButton
    }

    func handle(_ when: When) {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

/// The same counter as a scope, written the way the README writes one.
@MainActor
final class CounterScope: Scope {
    var viewDisplaysTotalCount = 0

    enum When: Sendable {
        case userTappedIncrementButton
        case userTappedDecrementButton
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

extension TapSequence {
    var handWrittenEvents: [HandWrittenCounter.When] {
        increments.map { $0 ? .userTappedIncrementButton : .userTappedDecrementButton }
    }

    var scopeEvents: [CounterScope.When] {
        increments.map { $0 ? .userTappedIncrementButton : .userTappedDecrementButton }
    }
}
