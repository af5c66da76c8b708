import Statoscope

/// Keys the write-refusal tests write: one kept in memory, one persisted.
enum RefusalKeys {
    static let count = SharedKey<Int>("refusalCount", default: 0)
    static let saved = SharedKey<Int>.persisted("refusalSaved", default: 0)
}

/// A parent whose update writes its shared values, writes through its child's, dismisses the child
/// (keeping it, or letting it go), calls into the child it dismissed, and relays a failing event to
/// the child.
@MainActor
final class WritingParent: Scope {
    @Shared(RefusalKeys.count) var count: Int
    @Shared(RefusalKeys.saved) var saved: Int
    @Subscope var child: WritingChild? = WritingChild()
    /// The child the parent dismissed and kept.
    var former: WritingChild?

    enum When: Sendable {
        case bump
        case bumpThroughChild
        case dismissChild
        case dismissAndKeepChild
        case bumpThroughFormerChild
        case relayFailureToChild
    }

    func update(_ when: When) throws {
        switch when {
        case .bump:
            count += 1
            saved += 1
        case .bumpThroughChild: child?.count += 10
        case .dismissChild: child = nil
        case .dismissAndKeepChild:
            former = child
            child = nil
        case .bumpThroughFormerChild: former?.count += 100
        case .relayFailureToChild: child?.send(.fail)
        }
    }
}

/// A child reading the parent's key, whose `deinit` writes it when asked to.
@MainActor
final class WritingChild: Scope {
    @Shared(RefusalKeys.count) var count: Int
    /// Whether the deinit writes the shared value.
    var writesWhenReleased = false

    struct Failure: Error {}

    enum When: Sendable {
        case bump
        case fail
    }

    func update(_ when: When) throws {
        switch when {
        case .bump: count += 1
        case .fail: throw Failure()
        }
    }

    deinit {
        // Released by the parent's update, on the main actor; run inline, so that the test's own
        // instruments see its report (an isolated deinit runs with no task-local values).
        MainActor.assumeIsolated {
            if writesWhenReleased { count = 99 }
        }
    }
}

/// A scope reading the refusal tests' key, whose update changes it.
@MainActor
final class CountingWriter: Scope {
    @Shared(RefusalKeys.count) var count: Int

    enum When: Sendable {
        case userTapped
    }

    func update(_ when: When) throws {
        count += 1
    }
}
