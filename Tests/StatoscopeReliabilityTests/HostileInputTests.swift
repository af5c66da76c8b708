import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A link of a very deep chain of scopes.
@MainActor
final class Link: Scope {
    @Subscope var next: Link? = nil
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Waits until released, whatever happens to its task: cancellation does not end the wait.
actor StubbornGate {
    private var isReleased = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isReleased else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Ends every wait, present and future, so that no task outlives the test.
    func release() {
        isReleased = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}

@MainActor
final class Stubborn: Scope {
    var received = 0
    let gate: StubbornGate
    init(gate: StubbornGate) { self.gate = gate }
    enum When: Sendable { case start, finished }
    func update(_ when: When) throws {
        switch when {
        case .start:
            let gate = gate
            effectsState.enqueue(AnyEffect { await gate.wait() }.map { When.finished })
        case .finished:
            received += 1
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct HostileInputTests {
    @Test func tenThousandDeepTreeIsReleasedWithoutOverflow() async {
        weak var deepest: Link?
        do {
            let root = Link()
            var last = root
            for _ in 1..<10_000 {
                let next = Link()
                last.next = next
                last = next
            }
            deepest = last
            #expect(root.subtreeDescription.split(separator: "\n").count > 10_000)
        }
        #expect(deepest == nil)
    }

    @Test func effectThatIgnoresCancellationNeitherKeepsItsScopeNorDelivers() async {
        let gate = StubbornGate()
        var scope: Stubborn? = Stubborn(gate: gate)
        weak let released = scope
        scope?.send(.start)
        let runtime = scope.flatMap { ScopeRuntimeTable.existingRuntime(for: $0) }
        scope = nil
        #expect(released == nil, "a running effect does not keep its scope alive")
        ScopeRuntimeTable.sweepReleasedScopes()
        #expect(runtime?.effects.isEmpty == true, "the released scope's effect was cancelled")
        await gate.release()
        await waitUntil("the stubborn effect's task ending") { runtime?.unfinishedRuns ?? 0 == 0 }
        #expect(runtime?.effects.isEmpty == true)
    }

    @Test func effectThatNeverFinishesDoesNotKeepItsScope() async {
        let gate = StubbornGate()
        weak var released: Stubborn?
        do {
            let scope = Stubborn(gate: gate)
            released = scope
            scope.send(.start)
            #expect(scope.effectsState.effects.count == 1)
        }
        #expect(released == nil)
        await gate.release()
    }

    @Test func bulkSendsFromOtherThreadsAreAllHandledOnTheMainActor() async {
        let tally = Tally()
        await withTaskGroup(of: Void.self) { group in
            for value in 1...1_000 {
                group.addTask {
                    await Task { @MainActor in tally.send(.add(value)) }.value
                }
            }
        }
        #expect(tally.total == (1...1_000).reduce(0, +))
    }
}
