import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Ten thousand scopes, thousands of middlewares added and removed, a thousand chained on one scope:
/// each sees only its own events, in order, and scopes without middleware keep working.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareScaleTests {
    // Ten thousand scopes with middleware: each sees only its own events; removing half, in a random
    // order, leaves the other half running; then every scope is back to its plain path.
    @Test func tenThousandScopesEachSeeOnlyTheirOwnEvents() {
        let count = 10_000
        let counters = (0..<count).map { _ in MiddlewareCounter() }
        let seen = CountsPerIndex(count)
        var registrations = (0..<count).map { index in
            counters[index].addMiddleware { _, when, next in
                if case .add(let n) = when, n == index {
                    seen.counts[index] += 1
                } else {
                    seen.strays += 1
                }
                try next(when)
            }
        }
        for index in 0..<count { counters[index].send(.add(index)) }
        #expect(seen.strays == 0)
        #expect(seen.counts.allSatisfy { $0 == 1 })
        let plain = (0..<1_000).map { _ in MiddlewareCounter() }
        for (index, counter) in plain.enumerated() { counter.send(.add(index)) }
        #expect(plain.enumerated().allSatisfy { $0.element.handled == ["add \($0.offset)"] })
        var random = ShuffleRandom(state: 7)
        let removed = Set((0..<count).filter { $0 % 2 == 1 })
        for index in Array(removed).shuffled(using: &random) { registrations[index].remove() }
        for index in 0..<count { counters[index].send(.add(index)) }
        #expect(seen.strays == 0)
        let wrong = (0..<count).filter { seen.counts[$0] != (removed.contains($0) ? 1 : 2) }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        for index in (0..<count).reversed() where !removed.contains(index) { registrations[index].remove() }
        registrations.removeAll()
        for index in 0..<count { counters[index].send(.add(index)) }
        #expect(seen.counts.reduce(0, +) == count + count / 2)
        #expect(counters.enumerated().allSatisfy { $0.element.total == 3 * $0.offset })
    }

    // Adding and removing ten thousand middlewares on one scope, and churning them on many scopes with
    // events in between, completes within the suite's time limit.
    @Test func addingAndRemovingThousandsOfMiddlewaresCompletes() async {
        let counter = MiddlewareCounter()
        let seen = CountsPerIndex(1)
        var registrations: [InstrumentRegistration] = []
        // On one scope, each change copies the scope's chain (walks never see it change), so the
        // whole costs the square of the count: 3,000 keep the suite quick.
        // Yields now and then, so that the other suites' work on the main actor goes on meanwhile.
        for step in 0..<3_000 {
            if step % 100 == 0 { await Task.yield() }
            registrations.append(
                counter.addMiddleware { _, when, next in
                    seen.counts[0] += 1
                    try next(when)
                })
        }
        for (step, registration) in registrations.enumerated() {
            if step % 100 == 0 { await Task.yield() }
            registration.remove()
        }
        counter.send(.add(1))
        #expect(seen.counts[0] == 0)
        #expect(counter.total == 1)

        let scopes = (0..<1_000).map { _ in MiddlewareCounter() }
        var live: [Int: InstrumentRegistration] = [:]
        var random = ShuffleRandom(state: 11)
        var expected = [Int](repeating: 0, count: scopes.count)
        let churn = CountsPerIndex(scopes.count)
        for step in 0..<10_000 {
            let index = Int.random(in: 0..<scopes.count, using: &random)
            if let registration = live.removeValue(forKey: index) {
                registration.remove()
            } else {
                live[index] = scopes[index].addMiddleware { _, when, next in
                    churn.counts[index] += 1
                    try next(when)
                }
            }
            let target = Int.random(in: 0..<scopes.count, using: &random)
            scopes[target].send(.add(step))
            if live[target] != nil { expected[target] += 1 }
        }
        #expect(churn.counts == expected)
        #expect(churn.strays == 0)
        for registration in live.values { registration.remove() }
    }

    // A thousand middlewares on one scope run in the order added, each passing on its own change.
    @Test func aThousandChainedMiddlewaresOnOneScopeRunInOrder() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        let registrations = (0..<1_000).map { index in
            counter.addMiddleware { _, when, next in
                log.add("\(index)")
                guard case .add(let n) = when else { return try next(when) }
                try next(.add(n + 1))
            }
        }
        counter.send(.add(0))
        #expect(log.items == (0..<1_000).map { "\($0)" })
        #expect(counter.total == 1_000)
        for registration in registrations.reversed() { registration.remove() }
        counter.send(.add(0))
        #expect(counter.total == 1_000)
    }

    // Scopes without middleware keep working while others gain and lose theirs between their events.
    @Test func scopesWithoutMiddlewareKeepWorkingWhileOthersGainAndLoseIt() {
        let plain = (0..<100).map { _ in MiddlewareCounter() }
        let others = (0..<300).map { _ in MiddlewareCounter() }
        let seen = CountsPerIndex(1)
        var registrations: [InstrumentRegistration] = []
        for pass in 0..<300 {
            registrations.append(
                others[pass].addMiddleware { _, when, next in
                    seen.counts[0] += 1
                    try next(when)
                })
            if pass % 3 == 0, let first = registrations.first {
                first.remove()
                registrations.removeFirst()
            }
            for counter in plain { counter.send(.add(1)) }
        }
        #expect(plain.allSatisfy { $0.total == 300 })
        #expect(seen.counts[0] == 0)
        for registration in registrations { registration.remove() }
    }
}
