@_spi(StatoscopeInternals) import StatoscopeCore

/// The effects waiting for their tasks, and whether a runner is making them: the logic of
/// ``EffectStarter`` as plain data, testable without a single `Task`.
///
/// Items leave in the order they came. One runner at a time takes them; the caller that enqueues
/// the first item while no runner is active is told to start one, and a runner that finds the queue
/// empty ends.
///
/// An item taken is let go of at once: a queue that kept it until its buffer is emptied could hold
/// the last reference to an effect, whose release runs the app's code, while its owner's lock is held.
package struct EffectStartQueue<Item> {
    /// Nil before `head`: the items taken.
    private var items: [Item?] = []
    /// The first item not yet taken: taking one moves this rather than the array's other items.
    private var head = 0
    /// Whether a runner is taking items; a runner ends, and this turns false, on the call to
    /// ``next()`` that finds the queue empty.
    package private(set) var hasRunner = false

    private static var compactionThreshold: Int { 1_024 }

    /// Items enqueued and not yet taken.
    package var count: Int { items.count - head }

    package init() {}

    /// Adds `item` at the end unless `backlog` items already wait: nil then, and the caller does the
    /// item's work itself. Otherwise returns whether the caller must start a runner.
    package mutating func enqueue(_ item: Item, unlessWaiting backlog: Int) -> Bool? {
        guard count < backlog else { return nil }
        return enqueue(item)
    }

    /// Adds `item` at the end; returns whether the caller must start a runner.
    package mutating func enqueue(_ item: Item) -> Bool {
        items.append(item)
        guard !hasRunner else { return false }
        hasRunner = true
        return true
    }

    /// The oldest item, for the runner; nil when none is left, and the runner calling this ends.
    package mutating func next() -> Item? {
        guard head < items.count else {
            // Emptied by the runner, which ends: a burst's buffer is not kept.
            items = []
            head = 0
            hasRunner = false
            return nil
        }
        // Present: every slot from `head` on holds an item, and only this takes one.
        let item = items[head].take()!
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= Self.compactionThreshold, head * 2 >= items.count {
            // Enqueued faster than taken for long: the taken half goes, rather than growing forever.
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}

extension EffectStartQueue: Sendable where Item: Sendable {}

/// Where one effect's task is, as the runner that makes it and the main actor that may cancel it
/// see it.
package enum EffectLaunch<TaskHandle> {
    /// Waiting for its task.
    case pending
    /// Its task was made; the body keeps it until released, cancelled or not.
    case started(TaskHandle)
    /// Cancelled: before its task was made, the task is never made (or is cancelled at once when
    /// it was being made).
    case cancelled

    /// Cancels the launch; returns the task to cancel, when one was made.
    package mutating func cancel() -> TaskHandle? {
        defer { self = .cancelled }
        if case .started(let task) = self { return task }
        return nil
    }

    /// Records the task made for the launch; returns false when the launch was cancelled while it
    /// was being made: the caller cancels the task.
    package mutating func start(_ task: TaskHandle) -> Bool {
        guard case .pending = self else { return false }
        self = .started(task)
        return true
    }

    /// Whether the launch was cancelled.
    package var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
