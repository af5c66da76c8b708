import Foundation
import Statoscope

/// Gives each pending effect of a child a type of its own: a plan completes, feeds and ends effects
/// by type, so the child puts each new effect in a slot no pending effect of its kind uses.
protocol EffectSlot: Sendable {
    static var index: Int { get }
}

enum Slot0: EffectSlot { static var index: Int { 0 } }
enum Slot1: EffectSlot { static var index: Int { 1 } }
enum Slot2: EffectSlot { static var index: Int { 2 } }
enum Slot3: EffectSlot { static var index: Int { 3 } }
enum Slot4: EffectSlot { static var index: Int { 4 } }
enum Slot5: EffectSlot { static var index: Int { 5 } }

/// Every slot, by index.
let effectSlots: [any EffectSlot.Type] = [
    Slot0.self, Slot1.self, Slot2.self, Slot3.self, Slot4.self, Slot5.self,
]

/// An effect of a program, as both sides identify it.
protocol DifferentialWork: Sendable {
    /// The index of the step that started it.
    var id: Int { get }
    var slot: Int { get }
    var key: Int? { get }
    var kind: WorkKind { get }
}

/// How an effect runs.
enum WorkKind: Equatable, Sendable, CustomStringConvertible {
    case oneShot
    /// A stream whose elements come back one by one.
    case stream
    /// A stream mapped with the one-shot `map`: run to its end, it delivers one event.
    case streamRunOnce

    /// Whether it delivers elements while it is open.
    var isOpenStream: Bool { self == .stream }

    var description: String {
        switch self {
        case .oneShot: "one-shot"
        case .stream: "stream"
        case .streamRunOnce: "stream run once"
        }
    }
}

/// What a failing effect throws, on both sides.
struct DifferentialFailure: Error, Equatable, CustomStringConvertible {
    var description: String { "the work failed" }
}

/// A one-shot effect: live, its work waits until the program completes it, then returns its value
/// or throws. A plan never runs it.
struct SlotEffect<Slot: EffectSlot>: Effect, DifferentialWork {
    let id: Int
    let key: Int?
    let value: Int
    let fails: Bool
    let live: LiveWork

    var slot: Int { Slot.index }
    var kind: WorkKind { .oneShot }

    func runEffect() async throws -> Int {
        await live.waitForCompletion(of: id)
        if fails { throw DifferentialFailure() }
        return value
    }
}

/// A stream effect: live, its elements are those the program feeds it. A plan never runs it.
struct SlotStream<Slot: EffectSlot>: StreamEffect, DifferentialWork {
    let id: Int
    let key: Int?
    /// Whether it is mapped with the one-shot `map`, which runs it to its end.
    let runsOnce: Bool
    let live: LiveWork

    var slot: Int { Slot.index }
    var kind: WorkKind { runsOnce ? .streamRunOnce : .stream }

    func makeElements() -> AsyncThrowingStream<Int, any Error> {
        live.elements(of: id)
    }
}

/// The work of a program's effects on the live side: which began, which wait for the program, and
/// the feeds of the streams.
final class LiveWork: @unchecked Sendable, CustomReflectable {
    // `@unchecked Sendable`: every property is read and written with `lock` held.
    private let lock = NSLock()
    private var begun: Set<Int> = []
    private var parked: [Int: CheckedContinuation<Void, Never>] = [:]
    private var released: Set<Int> = []
    private var feeds: [Int: AsyncThrowingStream<Int, any Error>.Continuation] = [:]

    /// Nothing to show: a plan's failure lists the pending effects, each holding this.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Whether the effect's work began: a one-shot effect's `runEffect`, a stream's iteration. One
    /// that did not is waiting for its quiet period (or for its task).
    func hasBegun(_ id: Int) -> Bool {
        lock.withLock { begun.contains(id) }
    }

    /// Whether a one-shot effect's work waits for the program to complete it.
    func isParked(_ id: Int) -> Bool {
        lock.withLock { parked[id] != nil }
    }

    /// Suspends until the program completes the effect, or its task is cancelled.
    func waitForCompletion(of id: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = lock.withLock {
                    begun.insert(id)
                    if released.contains(id) || Task.isCancelled { return true }
                    parked[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { parked.removeValue(forKey: id) }?.resume()
        }
    }

    /// Lets the effect's work return.
    func complete(_ id: Int) {
        let continuation = lock.withLock {
            released.insert(id)
            return parked.removeValue(forKey: id)
        }
        continuation?.resume()
    }

    /// The stream's elements; the program feeds them with ``feed(_:_:)``.
    func elements(of id: Int) -> AsyncThrowingStream<Int, any Error> {
        let (elements, feed) = AsyncThrowingStream.makeStream(of: Int.self)
        lock.withLock {
            begun.insert(id)
            feeds[id] = feed
        }
        return elements
    }

    func feed(_ id: Int, _ value: Int) {
        _ = lock.withLock { feeds[id] }?.yield(value)
    }

    func finish(_ id: Int, failing: Bool) {
        let feed = lock.withLock { feeds.removeValue(forKey: id) }
        if failing {
            feed?.finish(throwing: DifferentialFailure())
        } else {
            feed?.finish()
        }
    }

    /// Ends every stream and lets every parked effect return, so that no task outlives the run.
    func finishAll() {
        let (feeds, parked) = lock.withLock {
            defer {
                self.feeds.removeAll()
                self.parked.removeAll()
            }
            return (self.feeds, self.parked)
        }
        for feed in feeds.values { feed.finish() }
        for continuation in parked.values { continuation.resume() }
    }
}
