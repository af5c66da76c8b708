import Foundation
import Statoscope

/// Workload 14: shared values. Reading one, against reading a stored property; one change seen by
/// 10, 100, 1,000 and 10,000 readers, read by each of them and told to each of them as an event of its
/// own; and bursts of 10, 1,000 and 100,000 changes to a persisted value, whose saves are counted.
///
/// Budgets: a change seen by 1,000 readers, either way, under 2 ms; and costs that grow with the
/// readers, not faster: per reader, a change at 10,000 readers at most 2x its cost at 100 (the growth
/// rows; flat growth is 1x), and per change, a burst of 100,000 at most 2x a burst of 1,000. The
/// growth from the smallest size to the largest, and the rest, are reported.
///
/// Saving a large value: a persisted value of about 5 MB (500,000 `Int`s) replaced in an update and
/// saved to a `JSONFileStorage` in a temporary folder, timed as the main thread's CPU time from the
/// `send` until the save ended, beside the same change to a value that is not persisted. Budget: at
/// most 1 ms (a time: the change alone costs microseconds, so a ratio to it would be a ratio to
/// noise; the save's encoding and writing, tens of milliseconds, run off the main actor).
@MainActor
enum SharingWorkload {
    static let readerCounts = [10, 100, 1_000, 10_000]
    static let burstSizes = [10, 1_000, 100_000]

    static func run(_ context: WorkloadContext) async {
        recordReads(in: context)
        // Every count's readers exist at once, and every case is timed in one interleaved
        // measurement, so that a growth ratio compares figures a burst of load landed on alike.
        let changes = readerCounts.map { changeCases(seenBy: $0) }
        let results = Sampler.measure(changes.flatMap { [$0.read, $0.told] }, in: context)
        var readPerReader: [Int: Measured] = [:]
        var toldPerReader: [Int: Measured] = [:]
        for (index, count) in readerCounts.enumerated() {
            let (read, told) = (results[2 * index], results[2 * index + 1])
            let budget: Budget? = count == 1_000 ? .value(atMost: 2_000_000) : nil
            context.record(read, budget: budget)
            context.record(told, budget: budget)
            readPerReader[count] = perItem(read, count: count, unit: "ns/reader")
            toldPerReader[count] = perItem(told, count: count, unit: "ns/reader")
        }
        for (name, perReader) in [("read by", readPerReader), ("told to", toldPerReader)] {
            context.recordGrowth(
                of: "a change \(name) its readers, per reader", from: perReader, smallest: 100,
                largest: 10_000, budget: .ratio(atMost: 2), note: "at most 2x")
            context.recordGrowth(
                of: "a change \(name) its readers, per reader", from: perReader, smallest: 10,
                largest: 10_000, budget: nil)
        }
        let perChange = await recordBursts(in: context)
        context.recordGrowth(
            of: "a burst of changes to a persisted value, per change", from: perChange, smallest: 1_000,
            largest: 100_000, budget: .ratio(atMost: 2), note: "at most 2x")
        context.recordGrowth(
            of: "a burst of changes to a persisted value, per change", from: perChange, smallest: 10,
            largest: 100_000, budget: nil)
        await recordLargeSave(in: context)
    }

    /// The main thread's share of a change to a large persisted value, from the `send` until its save
    /// ended, against the same change to a value that is not persisted.
    private static func recordLargeSave(in context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 5_000 : 500_000
        let samples = await context.repeatInterleaved(
            [
                { await largeChange(of: count, persisted: false) },
                { await largeChange(of: count, persisted: true) },
            ],
            repetitions: context.settings.repetitions)
        let size = "\(Format.count(count)) Ints"
        let kept = Measured(
            name: "a value of \(size) replaced, not persisted: the main thread's CPU time", unit: "µs",
            samples: samples[0][0], operations: 1)
        let saved = Measured(
            name: "a value of \(size) replaced and saved to a file: the main thread's CPU time", unit: "µs",
            samples: samples[1][0], operations: 1)
        let savedOnClock = Measured(
            name: "a value of \(size) replaced and saved to a file: on the clock, until saved", unit: "µs",
            samples: samples[1][1], operations: 1)
        context.recordBaseline(kept)
        context.record(saved, against: kept, budget: .value(atMost: 1_000))
        context.record(savedOnClock)
    }

    /// Microseconds of the main thread's CPU time from a `send` replacing a value of `count` `Int`s
    /// until its save to a file ended (or, not persisted, until `flush()` found nothing to save), and
    /// the same on the clock. Each repetition has a store and a folder of its own, so that the change
    /// is the first after a quiet period, saved at once, and nothing saved before is loaded.
    private static func largeChange(of count: Int, persisted: Bool) async -> [Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-benchmarks-\(ProcessInfo.processInfo.processIdentifier)-large-value")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let screen = LargeValueScreen()
        screen.inject(store)
        // The value is read (and loaded: the default) and the new one made before the clock starts:
        // what is timed is the library's work, not the app's making of the value.
        _ = persisted ? screen.saved.numbers.count : screen.kept.numbers.count
        let next = LargeValue(numbers: Array(1...count))
        let cpu = ThreadCPUTime.nanoseconds()
        let stopwatch = Stopwatch()
        screen.send(persisted ? .save(next) : .keep(next))
        await store.flush()
        let elapsed = stopwatch.elapsedNanoseconds
        let used = ThreadCPUTime.nanoseconds() - cpu
        return [used / 1e3, elapsed / 1e3]
    }

    /// Reading a shared value of one of 1,000 scopes, against reading a stored property.
    private static func recordReads(in context: WorkloadContext) {
        let root = SharingBenchRoot()
        root.inject(SharedStore(storage: InMemoryStorage()))
        root.readers = (0..<1_000).map { _ in SharingBenchReader() }
        // Each iteration reads another reader's property, so that no read can be hoisted out of the loop.
        let readers = root.readers
        let stored = TimedCase(name: "read a stored property of one of 1,000 scopes") { iterations in
            var sum = 0
            for index in 0..<iterations { sum &+= readers[index % readers.count].plain }
            return UInt64(truncatingIfNeeded: sum)
        }
        let shared = TimedCase(name: "read a @Shared value of one of 1,000 scopes") { iterations in
            var sum = 0
            for index in 0..<iterations { sum &+= readers[index % readers.count].count }
            return UInt64(truncatingIfNeeded: sum)
        }
        let results = Sampler.measure([stored, shared], in: context)
        context.recordBaseline(results[0])
        context.record(results[1], against: results[0])
    }

    /// One change seen by `count` readers: read by each, and told to each as an event. Each case has
    /// a tree of its own, whose readers ask for changes, or never do, from the start: a case that
    /// changed a tree between its loops (asking for changes, then taking the requests away) would
    /// make every other case's readers find their store again.
    private static func changeCases(seenBy count: Int) -> (read: TimedCase, told: TimedCase) {
        let readers = Format.count(count)
        func tree() -> SharingBenchRoot {
            let root = SharingBenchRoot()
            root.inject(SharedStore(storage: InMemoryStorage()))
            root.readers = (0..<count).map { _ in SharingBenchReader() }
            return root
        }
        let reading = tree()
        let told = tree()
        for reader in told.readers { reader.send(.wantsChanges) }
        let readByAll = TimedCase(name: "a change read by \(readers) readers (send + \(readers) reads)") {
            iterations in
            var sum = 0
            for _ in 0..<iterations {
                reading.send(.increment)
                for reader in reading.readers { sum &+= reader.count }
            }
            return UInt64(truncatingIfNeeded: sum)
        }
        let toldTo = TimedCase(name: "a change told to \(readers) readers as their events") { iterations in
            for _ in 0..<iterations { told.send(.increment) }
            return UInt64(truncatingIfNeeded: told.readers.reduce(0) { $0 &+ $1.told })
        }
        return (readByAll, toldTo)
    }

    /// `measured`, a figure for `count` items at once, as the figure of one item.
    private static func perItem(_ measured: Measured, count: Int, unit: String) -> Measured {
        Measured(
            name: measured.name, unit: unit,
            samples: Samples(measured.samples.values.map { $0 / Double(count) }),
            operations: measured.operations)
    }

    /// A burst of each size of changes to a persisted value, each one a `send`, timed as a whole and
    /// interleaved; the note says how many saves one burst took once the store's delay passed.
    /// Returns the cost per change, by size.
    private static func recordBursts(in context: WorkloadContext) async -> [Int: Measured] {
        let bursts = burstSizes.map { size in
            let storage = InMemoryStorage()
            let screen = SharingBenchReader()
            let store = SharedStore(storage: storage, writeDelay: .milliseconds(50))
            screen.inject(store)
            let timed = TimedCase(name: "\(Format.count(size)) changes to a persisted value in a burst") {
                iterations in
                for _ in 0..<iterations {
                    for _ in 0..<size { screen.send(.save) }
                }
                return UInt64(truncatingIfNeeded: screen.saved)
            }
            return (size: size, storage: storage, screen: screen, store: store, timed: timed)
        }
        let results = Sampler.measure(bursts.map(\.timed), in: context)
        var perChange: [Int: Measured] = [:]
        for (burst, measured) in zip(bursts, results) {
            // The timed bursts' saves first, then one more burst and the saves it caused.
            await burst.store.flush()
            let before = burst.storage.writeCount(of: SharingBenchReader.savedKey.name)
            let stopwatch = Stopwatch()
            for _ in 0..<burst.size { burst.screen.send(.save) }
            let burstNanoseconds = stopwatch.elapsedNanoseconds
            // The delay is 50 ms; waiting 300 ms lets it pass, and lets a second save show if there
            // were one.
            try? await Task.sleep(for: .milliseconds(300))
            let writes = burst.storage.writeCount(of: SharingBenchReader.savedKey.name) - before
            context.record(
                measured,
                note: "\(writes) save\(writes == 1 ? "" : "s") for one burst of \(Format.count(burst.size)) "
                    + "changes (\(Int(burstNanoseconds / 1_000)) µs)")
            perChange[burst.size] = perItem(measured, count: burst.size, unit: "ns/change")
        }
        return perChange
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

/// A value of a few megabytes, equal to another only when every element is.
struct LargeValue: Codable, Equatable, Sendable {
    var numbers: [Int]
}

/// A scope replacing a large value, persisted or not.
@MainActor
final class LargeValueScreen: Scope {
    static let savedKey = SharedKey<LargeValue>.persisted("large", default: LargeValue(numbers: []))
    static let keptKey = SharedKey<LargeValue>("large-kept", default: LargeValue(numbers: []))

    @Shared(savedKey) var saved: LargeValue
    @Shared(keptKey) var kept: LargeValue

    enum When {
        case save(LargeValue)
        case keep(LargeValue)
    }
    func update(_ when: When) throws {
        switch when {
        case .save(let value): saved = value
        case .keep(let value): kept = value
        }
    }
}
