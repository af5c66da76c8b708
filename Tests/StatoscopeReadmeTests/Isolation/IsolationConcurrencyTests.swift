import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Isolations running at once, eight, two hundred or sharing one scope, each count exactly their own;
/// the documented sample counts one, whatever other tests send meanwhile.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationConcurrencyTests {
    @Test func eightIsolationsRunningAtOnceEachCountExactlyTheirOwn() async {
        let results = await withTaskGroup(of: [Int].self) { group in
            for run in 0..<8 {
                group.addTask { await Self.countedEverythingRun(run) }
            }
            var results: [[Int]] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results == Array(repeating: [0, 0, 0, 0, 0], count: 8))
    }

    @Test func asyncLetIsolationsEachSeeOnlyTheirOwnWhileSharingOneScope() async {
        let scope = IsolatedScope()
        async let first = countedRun(scope: scope, sending: 300, offset: 0)
        async let second = countedRun(scope: scope, sending: 200, offset: 1_000)
        let (a, b) = await (first, second)
        #expect(a == (0..<300).map { "ping(\($0))" })
        #expect(b == (1_000..<1_200).map { "ping(\($0))" })
        #expect(scope.received.count == 500)
    }

    private func countedRun(scope: IsolatedScope, sending count: Int, offset: Int) async -> [String] {
        await withIsolatedInstruments {
            let seen = SeenEvents(only: scope)
            for index in 0..<count {
                scope.send(.ping(offset + index))
                await Task.yield()
            }
            return seen.whens
        }
    }

    private static func countedEverythingRun(_ run: Int) async -> [Int] {
        await withIsolatedInstruments {
            let count = 50 + run * 10
            let seen = SeenEvents()
            let reports = SeenReports()
            let sink = NameSink()
            let log = KeptLog("run\(run)")
            let registration = sink.install()
            EventLogging.enable(logger: log.logger(), level: .info)
            let errorLog = KeptLog("errors\(run)")
            ErrorReporting.logger = errorLog.logger()
            let scope = IsolatedScope()
            for index in 0..<count {
                scope.send(index % 5 == 0 ? .boom(index) : .load(index))
                await Task.yield()
            }
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
            let booms = (count + 4) / 5
            let loads = count - booms
            let events = log.lines.filter { $0.contains("<- ") }.count
            let errors = errorLog.lines.filter { $0.contains("threw") }.count
            return [
                errors - booms,
                seen.count - (count + loads), reports.reports.count - booms,
                // The sink gets the accepted events only: a `boom` is refused by its update.
                sink.names.value.count - 2 * loads, events - (count + loads),
            ]
        }
    }

    @Test func twoHundredIsolationsAtOnceEachCountTheirOwnTen() async {
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { await Self.tenEventsRun() }
            }
            var counts: [Int] = []
            for await count in group { counts.append(count) }
            return counts
        }
        #expect(counts == Array(repeating: 10, count: 200))
    }

    private static func tenEventsRun() async -> Int {
        await withIsolatedInstruments {
            let seen = SeenEvents()
            let scope = IsolatedScope()
            for index in 0..<10 {
                scope.send(.ping(index))
                await Task.yield()
            }
            return seen.count
        }
    }

    @Test func theDocumentedSampleCountsOne() {
        let count = withIsolatedInstruments {
            let count = MainBox(0)
            let counting = Middleware.addAppWide { event, next in
                count.value += 1
                try next(event)
            }
            IsolatedScope().send(.ping(1))
            counting.remove()
            return count.value
        }
        #expect(count == 1)
    }
}
