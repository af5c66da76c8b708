@_spi(StatoscopeInternals) import StatoscopeCore

/// The effects module's part of a scope's runtime: the lifecycle of its effects and the tasks
/// running them.
@MainActor
final class EffectPart: ScopeRuntimePart {
    /// The lifecycle of the scope's effects, as plain data.
    // SAFETY: Sound because only the main actor touches it and the app's code neither runs nor is
    // released inside an access: `cancelEffects(where:)` runs the predicate over a copy (`inFlight`
    // is computed), lifecycle hooks are called after each change has returned, every entry (and so
    // every payload) the table removes is returned to the caller, the key instances it lets go of are
    // handed back and released by `releaseKeys()` after the access (the table keeps the first of
    // equal keys, which no entry may hold), and a key's `==` and `hash(into:)` are nonisolated (keys
    // are `Sendable`, which rules out an isolated conformance). Hot: every enqueue, start, completion.
    // `ReentrancyTests.aKeyLetGoOfByTheTableMayEnqueueAndReadFromItsDeinit`.
    @exclusivity(unchecked) var machine = EffectsStateMachine<EnqueuedEffect>()
    /// The tasks running the scope's effects, and who waits for them.
    // SAFETY: Sound because only the main actor touches it and nothing of the app's runs inside an
    // access: waiters are copied out before they are resumed, the start buffer is taken out while in
    // use, and the timed waiters' removal predicate is the library's.
    @exclusivity(unchecked) var tasks = EffectTasks()

    func lifecycleChanged(_ change: ScopeLifecycleChange, of runtime: ScopeRuntime) {
        switch change {
        case .dismissed, .released:
            runtime.cancelAllEffects()
        case .linked, .moved, .revived:
            break
        }
    }

    func updateSettled(of runtime: ScopeRuntime, failed: Bool) {
        runtime.commitStagedEffects(failed: failed)
    }
}

extension ScopeRuntime {
    /// The lifecycle of the scope's effects: empty until it enqueues one.
    package internal(set) var effects: EffectsStateMachine<EnqueuedEffect> {
        _read {
            if let part = effectPart {
                yield EffectPart.owned(part).machine
            } else {
                yield EffectsStateMachine()
            }
        }
        _modify { yield &ownEffectPart.machine }
    }

    /// The tasks running the scope's effects.
    var effectTasks: EffectTasks {
        _read {
            if let part = effectPart {
                yield EffectPart.owned(part).tasks
            } else {
                yield EffectTasks()
            }
        }
        _modify { yield &ownEffectPart.tasks }
    }

    /// The effect part, made on first use.
    var ownEffectPart: EffectPart {
        if let part = effectPart { return EffectPart.owned(part) }
        let part = EffectPart()
        effectPart = part
        return part
    }
}
