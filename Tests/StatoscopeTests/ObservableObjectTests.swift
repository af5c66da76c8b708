#if canImport(Combine)
    import Combine
    import Statoscope
    import Testing

    /// Seed 003's counter as it is written for Apple platforms.
    final class PublishedCounter: Scope, ObservableObject {
        @Published var viewDisplaysTotalCount: Int = 0

        enum When {
            case userTappedIncrementButton
        }

        func update(_ when: When) throws {
            switch when {
            case .userTappedIncrementButton:
                viewDisplaysTotalCount += 1
            }
        }
    }

    @MainActor
    struct ObservableObjectTests {
        @Test func publishedStateChangedByAnEventNotifiesSubscribers() async {
            let counter = PublishedCounter()
            var changes = 0
            let subscription = counter.objectWillChange.sink { changes += 1 }
            counter.send(.userTappedIncrementButton)
            #expect(changes == 1)
            #expect(counter.viewDisplaysTotalCount == 1)
            subscription.cancel()
        }
    }
#endif
