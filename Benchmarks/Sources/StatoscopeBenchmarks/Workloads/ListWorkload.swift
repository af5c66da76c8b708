import Statoscope

/// Workload 10: lists of child scopes at 100, 1,000 and 10,000 rows, each change made in the parent's
/// `update`, against a hand-written `@Observable` view model holding `@Observable` row models.
///
/// Budgets: at 10,000 rows, a single-row change at most 10 µs (a time: the hand-written change costs
/// from 0.1 to 1 µs depending on how far `Array` moves its elements, the library's about 1 µs more
/// whatever the change), and at most 3x its cost at 1,000 rows (the growth rows; 3.5x for a row removed
/// from or inserted in the middle, see ``Pair/growth``); loading 10,000 rows
/// into an empty list at most 10 ms; replacing 10,000 rows with 10,000 others at most 10x the
/// hand-written list's time for the same.
@MainActor
enum ListWorkload {
    static let sizes = [100, 1_000, 10_000]
    static let largest = 10_000

    /// A change and the one that undoes it, timed in turns so that the list keeps its size.
    struct Pair {
        let name: String
        let change: ListChange
        let undo: ListChange
        /// The most its cost at 10,000 rows may be of its cost at 1,000: 3x, and 3.5x for a change in
        /// the middle, where `Array` itself moves half the rows (the hand-written change grows about
        /// 2.4x) and the library compares the rows up to the change from both ends.
        var growth = 3.0
    }

    static let pairs = [
        Pair(name: "append a row / remove the last", change: .append, undo: .removeLast),
        Pair(name: "insert a row at the top / remove the first", change: .insertFirst, undo: .removeFirst),
        Pair(
            name: "remove a middle row / insert one there", change: .removeMiddle, undo: .insertMiddle,
            growth: 3.5),
        Pair(name: "swap the first and last rows", change: .swapEnds, undo: .swapEnds),
        Pair(name: "replace a middle row", change: .replaceMiddle, undo: .replaceMiddle),
    ]

    static func run(_ context: WorkloadContext) {
        // Every size's lists exist at once, so that each change is timed at every size in one
        // interleaved measurement: a growth ratio compares figures a burst of load landed on alike.
        let screens = sizes.map { size in
            let screen = ListScreen()
            screen.send(.load((0..<size).map { ListRow(text: $0) }))
            return screen
        }
        let handWrittenLists = sizes.map { size in
            let list = HandWrittenList()
            list.load((0..<size).map { HandWrittenRow(text: $0) })
            return list
        }
        for pair in pairs {
            var cases: [TimedCase] = []
            for (index, size) in sizes.enumerated() {
                let screen = screens[index]
                let handWritten = handWrittenLists[index]
                let name = "\(pair.name), \(Format.count(size)) rows"
                cases.append(
                    TimedCase(name: "\(name), hand-written") { iterations in
                        for index in 0..<iterations {
                            let change = index & 1 == 0 ? pair.change : pair.undo
                            handWritten.apply(
                                change, row: change.needsRow ? HandWrittenRow(text: index) : nil)
                        }
                        return UInt64(handWritten.rows.count)
                    })
                cases.append(
                    TimedCase(name: name) { iterations in
                        for index in 0..<iterations {
                            let change = index & 1 == 0 ? pair.change : pair.undo
                            screen.send(.change(change, change.needsRow ? ListRow(text: index) : nil))
                        }
                        return UInt64(screen.rows.count)
                    })
            }
            let results = Sampler.measure(cases, in: context)
            for (index, size) in sizes.enumerated() {
                context.recordBaseline(results[2 * index])
                context.record(
                    results[2 * index + 1], against: results[2 * index],
                    budget: size == largest ? .value(atMost: 10_000) : nil)
            }
            let thousand = results[2 * sizes.firstIndex(of: 1_000)! + 1]
            let atLargest = results[2 * sizes.firstIndex(of: largest)! + 1]
            let growth = Measured(
                name: "\(pair.name): growth, 10,000 / 1,000 rows", unit: atLargest.unit,
                samples: atLargest.samples, operations: atLargest.operations)
            context.record(growth, against: thousand, budget: .ratio(atMost: pair.growth))
        }
        for size in sizes {
            recordLoads(of: size, in: context)
        }
    }

    /// Loading a whole list at once: into an empty one, over as many other rows, and clearing it.
    private static func recordLoads(of size: Int, in context: WorkloadContext) {
        let rows = Format.count(size)
        // Loading into an empty list has no hand-written counterpart worth the name (the hand-written
        // list only stores rows made beforehand), so its limit is a time; replacing drops the rows
        // replaced on both sides, so its limit is a ratio to the hand-written list's.
        let loadBudget: Budget? = size == largest ? .value(atMost: 10) : nil
        let replaceBudget: Budget? = size == largest ? .ratio(atMost: 10) : nil
        let screen = ListScreen()
        let handWritten = HandWrittenList()
        let cases: [(name: String, byHand: () -> Double, library: () -> Double, budget: Budget?)] = [
            (
                "load \(rows) rows into an empty list",
                { timeLoad(into: handWritten, size: size, over: 0) },
                { timeLoad(into: screen, size: size, over: 0) }, loadBudget
            ),
            (
                "replace \(rows) rows with \(rows) others",
                { timeLoad(into: handWritten, size: size, over: size) },
                { timeLoad(into: screen, size: size, over: size) }, replaceBudget
            ),
            (
                "clear a list of \(rows) rows",
                { timeClear(handWritten, size: size) }, { timeClear(screen, size: size) }, nil
            ),
        ]
        for item in cases {
            var byHand = Samples()
            var library = Samples()
            // A warm-up of each side, then the repetitions, the side that goes first alternating.
            _ = (item.byHand(), item.library())
            for repetition in 0..<context.settings.repetitions {
                if repetition.isMultiple(of: 2) {
                    byHand.append(item.byHand())
                    library.append(item.library())
                } else {
                    library.append(item.library())
                    byHand.append(item.byHand())
                }
            }
            let handWrittenFigure = Measured(
                name: "\(item.name), hand-written", unit: "ms", samples: byHand, operations: 1)
            context.recordBaseline(handWrittenFigure)
            context.record(
                Measured(name: item.name, unit: "ms", samples: library, operations: 1),
                against: handWrittenFigure, budget: item.budget)
        }
    }

    private static func timeLoad(into screen: ListScreen, size: Int, over existing: Int) -> Double {
        screen.send(.load((0..<existing).map { ListRow(text: $0) }))
        let rows = (0..<size).map { ListRow(text: $0) }
        let stopwatch = Stopwatch()
        screen.send(.load(rows))
        return stopwatch.elapsedNanoseconds / 1e6
    }

    private static func timeLoad(into list: HandWrittenList, size: Int, over existing: Int) -> Double {
        list.load((0..<existing).map { HandWrittenRow(text: $0) })
        let rows = (0..<size).map { HandWrittenRow(text: $0) }
        let stopwatch = Stopwatch()
        list.load(rows)
        return stopwatch.elapsedNanoseconds / 1e6
    }

    private static func timeClear(_ screen: ListScreen, size: Int) -> Double {
        screen.send(.load((0..<size).map { ListRow(text: $0) }))
        let stopwatch = Stopwatch()
        screen.send(.load([]))
        return stopwatch.elapsedNanoseconds / 1e6
    }

    private static func timeClear(_ list: HandWrittenList, size: Int) -> Double {
        list.load((0..<size).map { HandWrittenRow(text: $0) })
        let stopwatch = Stopwatch()
        list.load([])
        return stopwatch.elapsedNanoseconds / 1e6
    }
}
