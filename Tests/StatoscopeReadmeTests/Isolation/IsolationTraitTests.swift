import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Tests run in parallel, each counting its own events while the others send theirs.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationTraitTests {
    private func countOwn(_ count: Int) async -> (seen: Int, detached: Bool, sunk: Int) {
        let seen = SeenEvents()
        let sink = NameSink()
        let registration = sink.install()
        let scope = IsolatedScope()
        for index in 0..<count {
            scope.send(.ping(index))
            await Task.yield()
        }
        await Task.detached { await scope.send(.ping(-1)) }.value
        await Analytics.waitUntilDelivered()
        withExtendedLifetime(registration) {}
        return (seen.count, seen.whens.contains("ping(-1)"), sink.names.value.count)
    }

    @Test func first() async {
        let result = await countOwn(300)
        #expect(result.seen == 300)
        #expect(!result.detached)
        #expect(result.sunk == 300)
    }

    @Test func second() async {
        let result = await countOwn(250)
        #expect(result.seen == 250)
        #expect(!result.detached)
        #expect(result.sunk == 250)
    }

    @Test func third() async {
        let result = await countOwn(200)
        #expect(result.seen == 200)
        #expect(!result.detached)
        #expect(result.sunk == 200)
    }

    @Test(arguments: 1...6)
    func parameterized(count: Int) async {
        let result = await countOwn(count * 25)
        #expect(result.seen == count * 25)
        #expect(!result.detached)
        #expect(result.sunk == count * 25)
    }

    @Test func eventLoggingAndTheErrorLoggerOfATestAreItsOwn() async {
        let log = KeptLog("trait")
        EventLogging.enable(logger: log.logger(), level: .info)
        ErrorReporting.logger = log.logger()
        let scope = IsolatedScope()
        scope.send(.ping(777_001))
        for _ in 0..<50 { await Task.yield() }
        scope.send(.boom(777_002))
        await Task.detached { await IsolatedScope().send(.boom(777_003)) }.value
        #expect(log.contains("ping(777001)"))
        #expect(log.contains("IsolatedError(777002)"))
        #expect(!log.contains("IsolatedError(777003)"))
        #expect(log.lines.allSatisfy { $0.contains("7770") || $0.contains("IsolatedScope") })
    }

    @Test(.isolatedInstruments) func theTraitTwiceNestsTheTestsIsolation() async {
        let seen = SeenEvents()
        let scope = IsolatedScope()
        scope.send(.ping(1))
        await Task.detached { await scope.send(.ping(2)) }.value
        let inner = withIsolatedInstruments {
            let inner = SeenEvents()
            scope.send(.ping(3))
            return inner.whens
        }
        #expect(seen.whens == ["ping(1)", "ping(3)"])
        #expect(inner == ["ping(3)"])
    }

    /// A nested suite inherits the trait.
    @MainActor @Suite struct Nested {
        @Test func aTestOfANestedSuiteIsIsolatedToo() async {
            let seen = SeenEvents()
            let scope = IsolatedScope()
            scope.send(.ping(1))
            await Task.detached { await scope.send(.ping(2)) }.value
            #expect(seen.whens == ["ping(1)"])
        }
    }
}

/// The trait on one test, in a suite without it, and on a test that is not on the main actor.
@Suite(.timeLimit(.minutes(20)))
struct IsolationOneTestTraitTests {
    @Test(.isolatedInstruments) @MainActor func oneTestWithTheTrait() async {
        let seen = SeenEvents()
        let scope = IsolatedScope()
        scope.send(.ping(1))
        await Task.detached { await scope.send(.ping(2)) }.value
        #expect(seen.whens == ["ping(1)"])
    }

    @Test(.isolatedInstruments) func aTestOffTheMainActor() async {
        let seen = await MainActor.run { SeenEvents() }
        let scope = await MainActor.run { IsolatedScope() }
        await MainActor.run { scope.send(.ping(1)) }
        await Task.detached { await scope.send(.ping(2)) }.value
        await scope.send(.ping(3))
        let whens = await MainActor.run { seen.whens }
        #expect(whens == ["ping(1)", "ping(3)"])
    }

    @Test(.isolatedInstruments) func aSynchronousTest() async {
        let count = await MainActor.run {
            let seen = SeenEvents()
            IsolatedScope().send(.ping(1))
            return seen.count
        }
        #expect(count == 1)
    }
}
