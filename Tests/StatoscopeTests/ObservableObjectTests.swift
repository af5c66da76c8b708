#if canImport(Combine)
    import Combine
    import Statoscope
    import Testing

    /// The earlier Statoscope README's counter as it is written for Apple platforms.
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

    /// A parent that presents a child, written as an `ObservableObject`. Its state is only subscopes,
    /// so it declares its publisher: Combine documents the one it synthesizes only for a class with
    /// `@Published` properties.
    final class PublishedParent: Scope, @preconcurrency ObservableObject {
        let objectWillChange = ObservableObjectPublisher()
        @Subscope var child: PublishedCounter? = nil
        @Subscope var rows: [PublishedCounter] = []

        enum When {
            case userOpenedChild
            case userClosedChild
            case userAddedRow
        }

        func update(_ when: When) throws {
            switch when {
            case .userOpenedChild: child = PublishedCounter()
            case .userClosedChild: child = nil
            case .userAddedRow: rows.append(PublishedCounter())
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

        @Test func presentingDismissingAndAddingChildrenNotifiesSubscribers() async {
            let parent = PublishedParent()
            var changes = 0
            var childWhenNotified: [Bool] = []
            let subscription = parent.objectWillChange.sink {
                changes += 1
                // `objectWillChange` comes before the change, as with `@Published`.
                childWhenNotified.append(parent.child != nil)
            }
            parent.send(.userOpenedChild)
            #expect(changes == 1)
            parent.send(.userClosedChild)
            #expect(changes == 2)
            parent.send(.userAddedRow)
            #expect(changes == 3)
            #expect(childWhenNotified == [false, true, false])
            subscription.cancel()
        }
    }
#endif
