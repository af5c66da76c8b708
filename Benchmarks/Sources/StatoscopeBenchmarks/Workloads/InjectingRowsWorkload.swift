import Statoscope

/// Workload 15: creating scopes that hold `@Injected` properties, alone and appended to a list of
/// 1,000 rows, against rows that hold none: what a dependency declared on a row costs each row.
///
/// No budget: the figures are for comparing revisions (`Benchmarks/Scripts/compare-revisions`).
@MainActor
enum InjectingRowsWorkload {
    static func run(_ context: WorkloadContext) {
        let plainScreen = ListScreen()
        plainScreen.send(.load((0..<1_000).map { ListRow(text: $0) }))
        let injectingScreen = InjectingListScreen()
        for index in 0..<1_000 {
            injectingScreen.send(.append(InjectingListRow(text: index)))
        }
        let results = Sampler.measure(
            [
                TimedCase(name: "create a row reading nothing") { iterations in
                    var sum = 0
                    for index in 0..<iterations {
                        sum &+= ListRow(text: index).text
                    }
                    return UInt64(truncatingIfNeeded: sum)
                },
                TimedCase(name: "create a row holding two @Injected properties") { iterations in
                    var sum = 0
                    for index in 0..<iterations {
                        sum &+= InjectingListRow(text: index).text
                    }
                    return UInt64(truncatingIfNeeded: sum)
                },
                TimedCase(name: "append a row reading nothing / remove it, 1,000 rows") { iterations in
                    for index in 0..<iterations {
                        if index & 1 == 0 {
                            plainScreen.send(.change(.append, ListRow(text: index)))
                        } else {
                            plainScreen.send(.change(.removeLast, nil))
                        }
                    }
                    return UInt64(plainScreen.rows.count)
                },
                TimedCase(name: "append a row holding two @Injected properties / remove it, 1,000 rows") {
                    iterations in
                    for index in 0..<iterations {
                        if index & 1 == 0 {
                            injectingScreen.send(.append(InjectingListRow(text: index)))
                        } else {
                            injectingScreen.send(.removeLast)
                        }
                    }
                    return UInt64(injectingScreen.rows.count)
                },
            ], in: context)
        context.recordBaseline(results[0])
        context.record(results[1], against: results[0], budget: nil)
        context.recordBaseline(results[2])
        context.record(results[3], against: results[2], budget: nil)
    }
}
