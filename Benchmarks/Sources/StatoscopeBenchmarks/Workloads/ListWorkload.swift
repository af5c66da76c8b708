import Statoscope

/// Workload 10: lists of child scopes at 100, 1,000 and 10,000 rows, each change made in the parent's
/// `update`, against a hand-written `@Observable` view model holding `@Observable` row models.
///
/// Budgets: at 10,000 rows, a single-row change at most 10 µs, and at most 3x its cost at 1,000 rows
/// (the growth rows); loading 10,000 rows into an empty list, or over 10,000 others, at most 10 ms.
@MainActor
enum ListWorkload {
    static let sizes = [100, 1_000, 10_000]
    static let largest = 10_000

    /// A change and the one that undoes it, timed in turns so that the list keeps its size.
    struct Pair {
        let name: String
        let change: ListChange
        let undo: ListChange
    }

    static let pairs = [
        Pair(name: "append a row / remove the last", change: .append, undo: .removeLast),
        Pair(name: "insert a row at the top / remove the first", change: .insertFirst, undo: .removeFirst),
        Pair(name: "remove a middle row / insert one there", change: .removeMiddle, undo: .insertMiddle),
        Pair(name: "swap the first and last rows", change: .swapEnds, undo: .swapEnds),
        Pair(name: "replace a middle row", change: .replaceMiddle, undo: .replaceMiddle),
    ]

    static func run(_ context: WorkloadContext) {
        var atThousand: [String: Measured] = [:]
        for size in sizes {
            let screen = ListScreen()
            screen.send(.load((0..<size).map { ListRow(text: $0) }))
            let handWritten = HandWrittenList()
            handWritten.load((0..<size).map { HandWrittenRow(text: $0) })
            for pair in pairs {
                let name = "\(pair.name), \(Format.count(size)) rows"
                let byHand = TimedCase(name: "\(name), hand-written") { iterations in
                    for index in 0..<iterations {
                        let change = index & 1 == 0 ? pair.change : pair.undo
                        handWritten.apply(change, row: change.needsRow ? HandWrittenRow(text: index) : nil)
                    }
                    return UInt64(handWritten.rows.count)
                }
                let library = TimedCase(name: name) { iterations in
                    for index in 0..<iterations {
                        let change = index & 1 == 0 ? pair.change : pair.undo
                        screen.send(.change(change, change.needsRow ? ListRow(text: index) : nil))
                    }
                    return UInt64(screen.rows.count)
                }
                let results = Sampler.measure([byHand, library], in: context)
                context.recordBaseline(results[0])
                context.record(
                    results[1], against: results[0], budget: size == largest ? .value(atMost: 10_000) : nil)
                if size == 1_000 { atThousand[pair.name] = results[1] }
                if size == largest, let thousand = atThousand[pair.name] {
                    let growth = Measured(
                        name: "\(pair.name): growth, 10,000 / 1,000 rows", unit: results[1].unit,
                        samples: results[1].samples, operations: results[1].operations)
                    context.record(growth, against: thousand, budget: .ratio(atMost: 3))
                }
            }
        }
        for size in sizes {
            recordLoads(of: size, in: context)
        }
    }

    /// Loading a whole list at once: into an empty one, over as many other rows, and clearing it.
    private static func recordLoads(of size: Int, in context: WorkloadContext) {
        let rows = Format.count(size)
        let budget: Budget? = size == largest ? .value(atMost: 10) : nil
        let screen = ListScreen()
        let handWritten = HandWrittenList()
        let cases: [(name: String, byHand: () -> Double, library: () -> Double, budget: Budget?)] = [
            (
                "load \(rows) rows into an empty list",
                { timeLoad(into: handWritten, size: size, over: 0) },
                { timeLoad(into: screen, size: size, over: 0) }, budget
            ),
            (
                "replace \(rows) rows with \(rows) others",
                { timeLoad(into: handWritten, size: size, over: size) },
                { timeLoad(into: screen, size: size, over: size) }, budget
            ),
            (
                "clear a list of \(rows) rows",
                { timeClear(handWritten, size: size) }, { timeClear(screen, size: size) }, nil
            ),
        ]
        for item in cases {
            var byHand = Samples()
            var library = Samples()
            for _ in 0...context.settings.repetitions {
                byHand.append(item.byHand())
                library.append(item.library())
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
