import PropertyBased
import Statoscope
import StatoscopeTestSupport
import Testing

/// Random programs of sends, effects started, completed in any order, failed, cancelled by
/// predicate, by key and all at once, keyed effects enqueued by updates that throw, and children
/// replaced and released while effects are in flight, run against the library and against a
/// reference model.
@MainActor
// A thousand programs take minutes under a sanitizer on a loaded machine.
@Suite(.timeLimit(.minutes(15)), .serialized)
struct InterleavingPropertyTests {
    static let programCount = 1_000

    @Test func libraryBehavesAsTheReferenceModel() async {
        await propertyCheck(count: Self.programCount, input: Gen.int(in: 0...9_999).array(of: 1...40)) {
            numbers in
            await ProgramRun(steps: numbers.map(ProgramStep.init)).check()
        }
    }
}

/// One generated program, run step by step against the library and the model, comparing them after
/// every step.
@MainActor
struct ProgramRun {
    let steps: [ProgramStep]

    func check() async {
        let parents = [ProgramParent(), ProgramParent()]
        var parent = parents[0]
        var held: ProgramChild?
        let log = DeliveryLog()
        var model = ReferenceModel()
        var gates: [Int: Gate] = [:]
        var runtimes: [ScopeRuntime] = []
        var children: [() -> ProgramChild?] = []
        var failures = 0
        let registration = ErrorReporting.addHandler { report in
            if report.scopeType is ProgramChild.Type { failures += 1 }
        }
        defer { registration.remove() }

        func makeChild() -> ProgramChild {
            let child = ProgramChild(generation: model.lastGeneration, log: log)
            weak let weakChild = child
            children.append { weakChild }
            runtimes.append(ScopeRuntimeTable.runtime(for: child))
            return child
        }

        for (index, step) in steps.enumerated() {
            let context = Comment(rawValue: "step \(index) (\(step)) of \(steps)")
            var started: ReferenceModel.InFlight?
            switch step {
            case .startEffect(let value): started = model.nextEffect(key: nil, value: value, fails: false)
            case .startKeyedEffect(let key, let value):
                started = model.nextEffect(key: key, value: value, fails: false)
            case .startFailingEffect: started = model.nextEffect(key: nil, value: 0, fails: true)
            default: break
            }
            let completing: ReferenceModel.InFlight? = {
                if case .complete(let index) = step { return model.effectToComplete(index: index) }
                return nil
            }()
            model.apply(step, starting: started)

            switch step {
            case .send(let value):
                parent.child?.send(.add(value))
            case .startEffect, .startKeyedEffect, .startFailingEffect:
                guard let started, let child = parent.child else { break }
                let gate = Gate()
                gates[started.id] = gate
                let effect = ProgramEffect(
                    id: started.id, value: started.value, fails: started.fails, gate: gate)
                child.send(.start(effect, key: started.key))
            case .complete:
                if let completing { await gates[completing.id]?.open() }
            case .cancelEvenEffects:
                parent.child?.effectsState.cancelEffect { (($0 as? ProgramEffect)?.id ?? 1) % 2 == 0 }
            case .cancelKey(let key):
                parent.child?.effectsState.cancelEffect(key: key)
            case .cancelAll:
                parent.child?.effectsState.cancelAllEffects()
            case .replaceChild:
                if parent.child != nil { parent.child = makeChild() }
            case .clearChild:
                parent.child = nil
            case .presentChild:
                if parent.child == nil { parent.child = makeChild() }
            case .dismissHeld:
                if let child = parent.child {
                    held = child
                    parent.send(.clear)
                }
            case .lateEvent(let value):
                held?.send(.add(value))
            case .presentHeld:
                if parent.child == nil, let child = held {
                    parent.child = child
                    held = nil
                }
            case .moveChild:
                let other = parents[0] === parent ? parents[1] : parents[0]
                parent.send(.moveChild(to: other))
                parent = other
            case .startKeyedEffectThenThrow(let key):
                // Never started, so its gate stays closed and no model effect stands for it.
                let effect = ProgramEffect(id: 0, value: 0, fails: false, gate: Gate())
                parent.child?.send(.startThenThrow(effect, key: key))
            }

            // Wait until every task is back on the main actor but those still waiting at a closed gate.
            guard await quiesce(runtimes, expectedRunning: model.inFlight.count) else {
                Issue.record(Comment(rawValue: "tasks did not settle at \(context.rawValue)"))
                return
            }
            let inFlightIDs =
                parent.child?.effectsState.effects.compactMap { ($0 as? ProgramEffect)?.id } ?? []
            #expect(inFlightIDs == model.inFlight.map(\.id), context)
            #expect(parent.child?.total ?? 0 == model.total, context)
            #expect(log.entries == model.deliveries, context)
            #expect(failures == model.failures, context)
        }

        parent.child = nil
        held = nil
        guard await quiesce(runtimes, expectedRunning: 0) else {
            Issue.record("tasks did not finish after the last child was released")
            return
        }
        #expect(children.allSatisfy { $0() == nil }, "every child is released")
        #expect(runtimes.allSatisfy { $0.effects.isEmpty }, "no effect is left in flight")
    }

    /// Waits until the runtimes' unfinished tasks are exactly the running effects; false, with an
    /// issue recorded, if that does not happen within the tests' patience.
    private func quiesce(_ runtimes: [ScopeRuntime], expectedRunning: Int) async -> Bool {
        await waitUntil("the unfinished effect tasks falling to the \(expectedRunning) running") {
            runtimes.reduce(0, { $0 + $1.unfinishedRuns }) == expectedRunning
        }
    }
}
