import Statoscope

/// A scope's pending effects as a plan sees them: recorded when enqueued, in order, and completed by
/// hand through the scope's runtime.
@MainActor
enum PendingEffects {
    typealias Entry = EffectsStateMachine<EnqueuedEffect>.Entry

    /// The scope's pending effects, oldest first.
    static func entries(of scope: some Scope) -> [Entry] {
        ScopeRuntimeTable.existingRuntime(for: scope)?.effects.inFlight ?? []
    }

    /// The pristine values of the scope's pending effects, oldest first.
    static func effects(of scope: some Scope) -> [any Effect] {
        entries(of: scope).map(\.payload.pristine)
    }

    /// Completes a pending effect with `outcome`, a `Result<Pristine.ResultType, any Error>` boxed
    /// as `Any`: the result goes through the effect's `map` chain and, as a `When`, through `send`,
    /// and the effect leaves the pending list. An effect enqueued with a retry policy that retries
    /// this failure stays pending instead, scheduled for its next attempt.
    static func complete(_ entry: Entry, of scope: some Scope, with outcome: Any) {
        guard let runtime = ScopeRuntimeTable.existingRuntime(for: scope) else { return }
        runtime.attemptEndedByHand(entry.id, outcome: outcome)
    }

    /// Feeds a pending stream effect one element of its pristine stream (boxed as `Any`): it goes
    /// through the effect's `map` chain and, as a `When`, through `send`; the stream stays pending.
    static func yield(_ entry: Entry, of scope: some Scope, element: Any) {
        guard let runtime = ScopeRuntimeTable.existingRuntime(for: scope) else { return }
        runtime.deliverElement(entry.id, outcome: entry.payload.element(element))
    }

    /// Ends a pending stream effect: its end event, if its chain makes one, goes through `send`,
    /// and the stream leaves the pending list.
    static func end(_ entry: Entry, of scope: some Scope, _ end: StreamEnd) {
        guard let runtime = ScopeRuntimeTable.existingRuntime(for: scope) else { return }
        runtime.finish(entry.id, outcome: entry.payload.end(end))
    }

    /// When a scheduled effect starts on the plan's clock; nil once it started.
    static func startTime(of entry: Entry) -> Duration? {
        if case .scheduled(let until) = entry.phase { return until }
        return nil
    }

    /// The single pending effect of type `E`, or the failure of a step that needs exactly one; a
    /// stream verb needs it to be an open stream too.
    static func single<E: Effect>(
        _ type: E.Type, of scope: some Scope, in run: PlanRun, step: @autoclosure () -> String,
        needsStream: Bool = false
    ) -> Result<Entry, StepFailure> {
        let all = entries(of: scope)
        let matching = all.filter { $0.payload.pristine is E }
        switch matching.count {
        case 1:
            if needsStream, !matching[0].payload.isStream {
                return .failure(notAStream(matching[0], step: step()))
            }
            if let start = startTime(of: matching[0]) {
                return .failure(
                    StepFailure(
                        .missingEffect,
                        """
                        \(step()): the pending \(E.self) has not started: it starts at \(start) on the plan's clock, \
                        now at \(run.clock(of: scope).now); let time pass with WHEN_TimePasses
                        expected: one started \(E.self)
                        actual: pending effects: \(EffectText.list(all.map(\.payload.pristine)))
                        """))
            }
            return .success(matching[0])
        case 0:
            // A completion aimed at the wrong scope is a common slip: say where the effect waits.
            let elsewhere = run.paths(otherThan: scope) { $0 is E }
            let hint =
                elsewhere.isEmpty
                ? "" : "; a \(E.self) is pending on \(elsewhere.joined(separator: ", ")): address that scope"
            let pending = "pending effects: \(EffectText.list(all.map(\.payload.pristine)))"
            guard elsewhere.isEmpty, let (fate, isOwn) = run.latestFate(of: scope, where: { $0 is E }) else {
                return .failure(
                    StepFailure(
                        .missingEffect,
                        """
                        \(step()): no \(E.self) is pending\(hint)
                        expected: one pending \(E.self)
                        actual: \(pending)
                        """))
            }
            let which = isOwn ? "the \(E.self) here" : "the \(E.self) of \(fate.path)"
            return .failure(
                StepFailure(
                    .missingEffect,
                    """
                    \(step()): no \(E.self) is pending: \(which) \(fate.account)
                    expected: one pending \(E.self)
                    actual: \(E.self) \(fate.status); \(pending)
                    """))
        default:
            return .failure(
                StepFailure(
                    .ambiguousEffect,
                    """
                    \(step()): \(matching.count) effects of type \(E.self) are pending; complete the oldest \
                    with WHEN_OlderEffectCompletes(with:)
                    expected: one pending \(E.self)
                    actual: pending effects: \(EffectText.list(matching.map(\.payload.pristine)))
                    """))
        }
    }
}

extension PendingEffects {
    /// The failure of a stream verb aimed at a pending effect that runs once: a stream effect mapped
    /// with `Effect`'s `map`, whose closure takes its `Void` result, runs its stream to the end and
    /// delivers one event.
    fileprivate static func notAStream(_ entry: Entry, step: String) -> StepFailure {
        let effect = entry.payload.pristine
        let name = "\(type(of: effect))"
        let what =
            effect is any StreamEffect
            ? """
            the pending \(name) is a stream run as a one-shot effect: it was mapped with a closure that \
            takes its Void result, which runs the stream to its end and delivers one event; map its \
            elements with a closure that takes an element to feed it, or complete it with \
            WHEN_EffectCompletes(\(name).self, with: ())
            """
            : "the pending \(name) is a one-shot effect; complete it with WHEN_EffectCompletes or WHEN_EffectFails"
        return StepFailure(
            .notAStream,
            """
            \(step): \(what)
            expected: an open stream
            actual: \(ValueText.inline(effect)), pending as a one-shot effect
            """)
    }
}

/// A step's failure, carried through a `Result`.
struct StepFailure: Error {
    let kind: PlanFailure.Kind
    let message: String

    init(_ kind: PlanFailure.Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    var outcome: StepOutcome { .failed(kind, message) }
}
