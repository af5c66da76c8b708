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

    @Test func aSensitivePropertyOfAnObservableScopeNotifiesItsObserversOnly() async {
        let form = SignInForm()
        let passwordChanges = changes { _ = form.password }
        let userChanges = changes { _ = form.user }
        form.send(.userTypedUser("ada"))
        #expect(passwordChanges.value == 0)
        form.send(.userTypedPassword("hunter2"))
        #expect(passwordChanges.value == 1)
        #expect(userChanges.value == 1)
        #expect(form.password == "hunter2")
    }

    @Test func assigningASensitivePropertyItsOwnValueDoesNotNotify() async {
        let form = SignInForm()
        form.send(.userTypedPassword("hunter2"))
        let passwordChanges = changes { _ = form.password }
        form.send(.userTypedPassword("hunter2"))
        #expect(passwordChanges.value == 0)
        form.send(.userTypedPassword("hunter3"))
        #expect(passwordChanges.value == 1)
    }

    /// Counts the notification Observation sends when what `read` reads changes.
    private func changes(of read: () -> Void) -> NotificationCount {
        let count = NotificationCount()
        withObservationTracking(read) {
            MainActor.assumeIsolated { count.value += 1 }
        }
        return count
    }
}

/// Counts observation notifications; they fire synchronously where the state changes, on the main actor.
@MainActor
final class NotificationCount {
    var value = 0
}
