import Observation
import Statoscope
import Testing

@MainActor
struct ObservationTests {
    @Test func observableScopeNotifiesObserversOfStateChangedByAnEvent() async {
        let counter = Counter()
        let notifications = NotificationCount()
        withObservationTracking {
            _ = counter.viewDisplaysTotalCount
        } onChange: {
            MainActor.assumeIsolated { notifications.value += 1 }
        }
        counter.send(.userTappedIncrementButton)
        #expect(notifications.value == 1)
        #expect(counter.viewDisplaysTotalCount == 1)
    }

    @Test func eventThatChangesNothingObservedDoesNotNotify() async {
        let counter = Counter()
        let notifications = NotificationCount()
        withObservationTracking {
            _ = counter.viewDisplaysTotalCount
        } onChange: {
            MainActor.assumeIsolated { notifications.value += 1 }
        }
        // Decrementing at zero assigns nothing: no mutation, no notification.
        counter.send(.userTappedDecrementButton)
        #expect(notifications.value == 0)
    }

    @Test func observerReRegisteredPerEventSeesEveryEvent() async {
        let counter = Counter()
        let notifications = NotificationCount()
        func observe() {
            withObservationTracking {
                _ = counter.viewDisplaysTotalCount
            } onChange: {
                MainActor.assumeIsolated { notifications.value += 1 }
            }
        }
        for _ in 0..<3 {
            observe()
            counter.send(.userTappedIncrementButton)
        }
        #expect(notifications.value == 3)
    }
}

/// Counts observation notifications; they fire synchronously where the state changes, on the main actor.
@MainActor
final class NotificationCount {
    var value = 0
}
