import Foundation
import Statoscope

/// Workload 14: shared values. Reading one, against reading a stored property; one change seen by
/// 1,000 readers, read by each of them and told to each of them as an event of its own; and a burst
/// of 1,000 changes to a persisted value, whose saves are counted.
///
/// Budget: a change seen by 1,000 readers, either way, under 2 ms. The rest is reported.
@MainActor
enum SharingWorkload {
    static let readers = 1_000

    static func run(_ context: WorkloadContext) async {
        let root = SharingBenchRoot()
        root.inject(SharedStore(storage: InMemoryStorage()))
        root.readers = (0..<readers).map { _ in SharingBenchReader() }
        // Each iteration reads another reader's property, so that no read can be hoisted out of the loop.
        let readers = root.readers
        let stored = TimedCase(name: "read a stored property of one of 1,000 scopes") { iterations in
            var sum = 0
            for index in 0..<iterations { sum &+= readers[index % SharingWorkload.readers].plain }
            return UInt64(truncatingIfNeeded: sum)
        }
        let shared = TimedCase(name: "read a @Shared value of one of 1,000 scopes") { iterations in
            var sum = 0
            for index in 0..<iterations { sum &+= readers[index % SharingWorkload.readers].count }
            return UInt64(truncatingIfNeeded: sum)
        }
        let readByAll = TimedCase(name: "a change read by 1,000 readers (send + 1,000 reads)") { iterations in
            var sum = 0
            for _ in 0..<iterations {
                root.send(.increment)
                for reader in root.readers { sum &+= reader.count }
            }
            return UInt64(truncatingIfNeeded: sum)
        }
        let toldTo = TimedCase(
            name: "a change told to 1,000 readers as their events",
            setUp: { for reader in root.readers { reader.send(.wantsChanges) } },
            tearDown: {
                // A store of their own drops the requests: the other cases pay for none.
                root.inject(SharedStore(storage: InMemoryStorage()))
            },
            run: { iterations in
                for _ in 0..<iterations { root.send(.increment) }
                return UInt64(truncatingIfNeeded: root.readers.reduce(0) { $0 &+ $1.told })
            })
        let results = Sampler.measure([stored, shared, readByAll, toldTo], in: context)
        context.recordBaseline(results[0])
        context.record(results[1], against: results[0])
        context.record(results[2], budget: .value(atMost: 2_000_000))
        context.record(results[3], budget: .value(atMost: 2_000_000))
        await recordBurst(in: context)
    }

    /// A burst of 1,000 changes to a persisted value, each one a `send`, timed as a whole; the note
    /// says how many saves one burst took once the store's delay passed.
    private static func recordBurst(in context: WorkloadContext) async {
        let storage = InMemoryStorage()
        let screen = SharingBenchReader()
        let store = SharedStore(storage: storage, writeDelay: .milliseconds(50))
        screen.inject(store)
        let burst = TimedCase(name: "1,000 changes to a persisted value in a burst") { iterations in
            for _ in 0..<iterations {
                for _ in 0..<1_000 { screen.send(.save) }
            }
            return UInt64(truncatingIfNeeded: screen.saved)
        }
        let results = Sampler.measure([burst], in: context)
        // The timed bursts' saves first, then one more burst and the saves it caused.
        await store.flush()
        let before = storage.writeCount(of: SharingBenchReader.savedKey.name)
        let stopwatch = Stopwatch()
        for _ in 0..<1_000 { screen.send(.save) }
        let burstNanoseconds = stopwatch.elapsedNanoseconds
        // The delay is 50 ms; waiting 300 ms lets it pass, and lets a second save show if there were one.
        try? await Task.sleep(for: .milliseconds(300))
        let writes = storage.writeCount(of: SharingBenchReader.savedKey.name) - before
        context.record(
            results[0],
            note: "\(writes) save\(writes == 1 ? "" : "s") for one burst of 1,000 changes "
                + "(\(Int(burstNanoseconds / 1_000)) µs)")
    }
}

/// The root of the readers.
@MainActor
final class SharingBenchRoot: Scope {
    @Shared(SharingBenchReader.countKey) var count: Int
    @Subscope var readers: [SharingBenchReader] = []
    enum When { case increment }
    func update(_ when: When) throws {
        count &+= 1
    }
}

/// A reader of the shared count, and a writer of a persisted value.
@MainActor
final class SharingBenchReader: Scope {
    static let countKey = SharedKey<Int>("count", default: 0)
    static let savedKey = SharedKey<Int>.persisted("saved", default: 0)

    var plain = 1
    var told = 0
    @Shared(countKey) var count: Int
    @Shared(savedKey) var saved: Int

    enum When {
        case wantsChanges
        case changed(Int)
        case save
    }
    func update(_ when: When) throws {
        switch when {
        case .wantsChanges: receiveChanges(of: Self.countKey, as: When.changed)
        case .changed: told &+= 1
        case .save: saved &+= 1
        }
    }
}
