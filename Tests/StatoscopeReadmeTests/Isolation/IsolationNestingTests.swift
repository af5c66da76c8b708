import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Isolations nested a thousand deep each see their own and the deeper ones; tasks made inside belong
/// to the isolation, detached ones to none.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationNestingTests {
    @Test func aThousandNestedIsolationsEachSeeTheirOwnAndTheDeeperOnes() {
        let depth = 1_000
        let scope = IsolatedScope()
        let outer = SeenEvents()
        var levels: [SeenEvents] = []
        func nest(_ level: Int) {
            guard level < depth else { return }
            withIsolatedInstruments {
                levels.append(SeenEvents())
                scope.send(.ping(level))
                nest(level + 1)
            }
        }
        nest(0)
        scope.send(.ping(depth))
        #expect(levels.count == depth)
        let counts = levels.map(\.count)
        #expect(counts == (0..<depth).map { depth - $0 })
        #expect(outer.count == depth + 1)
    }

    @Test func anInnerIsolationOpenedFromATaskThatOutlivedItsParentStillWorks() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        let task = withIsolatedInstruments {
            Task {
                await withIsolatedInstruments {
                    let seen = SeenEvents()
                    scope.send(.ping(1))
                    await Task { scope.send(.ping(2)) }.value
                    return seen.whens
                }
            }
        }
        #expect(await task.value == ["ping(1)", "ping(2)"])
        #expect(outer.whens == ["ping(1)", "ping(2)"])
    }

    @Test func aTaskMadeInAnEndedInnerIsolationIsSeenByTheOuterNotByTheInner() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        let (kept, task) = withIsolatedInstruments {
            (SeenEvents(), Task { scope.send(.ping(1)) })
        }
        await task.value
        #expect(kept.whens.isEmpty)
        #expect(outer.whens == ["ping(1)"])
    }

    @Test func aDetachedTaskInsideIsSeenByNeitherTheInnerNorTheOuter() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        let inner = await withIsolatedInstruments {
            let inner = SeenEvents()
            await Task.detached { await scope.send(.ping(1)) }.value
            scope.send(.ping(2))
            return inner.whens
        }
        #expect(inner == ["ping(2)"])
        #expect(outer.whens == ["ping(2)"])
        #expect(scope.received == ["ping(1)", "ping(2)"])
    }

    @Test func instrumentsInstalledByATaskMadeInsideBelongToTheIsolation() async {
        let scope = IsolatedScope()
        let outside = IsolatedScope()
        let seen = await withIsolatedInstruments {
            let seen = await Task { SeenEvents() }.value
            scope.send(.ping(1))
            await Task.detached { await outside.send(.ping(2)) }.value
            return seen.whens
        }
        #expect(seen == ["ping(1)"])
    }
}
