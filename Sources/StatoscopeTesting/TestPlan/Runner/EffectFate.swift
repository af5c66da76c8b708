import Statoscope

/// What became of an effect that left a scope's pending list during a line, or never joined it.
///
/// A verb aimed at an effect that is not pending says this instead of only "none is pending": a
/// stream the plan means to feed may have been cancelled with its dismissed screen, ended, failed,
/// or never started.
struct EffectFate {
    enum How {
        /// A one-shot effect completed, or a stream ended.
        case completed
        /// It failed and nothing was made of the error.
        case failed(String)
        /// The app cancelled it, or ended it by dismissing its scope.
        case cancelled(byDismissal: Bool)
        /// The plan cancelled it: its clearing of pending effects, or the end of a line.
        case clearedByPlan
        /// It was enqueued and dropped before it started.
        case neverStarted(String)
    }

    /// The scope the effect belonged to, and its path in the tree then.
    let scope: ObjectIdentifier
    let path: String
    /// The effect as first enqueued.
    let effect: any Effect
    let how: How
    /// The action step that ended it; nil while `GIVEN` built the scope.
    let step: StepLocation?

    /// Whether the app cancelled it (the plan's own clearing does not count).
    var isCancelledByTheApp: Bool {
        if case .cancelled = how { return true }
        return false
    }

    /// Whether it was cancelled because its scope, or one above it, was dismissed.
    var isCancelledByDismissal: Bool {
        if case .cancelled(byDismissal: true) = how { return true }
        return false
    }

    /// Whether `path` is `ancestor` or a scope below it.
    func isAt(orBelow ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor + ".")
    }

    /// The status in a word or two: `cancelled`, `ended`, `never started`.
    var status: String {
        switch how {
        case .completed: effect is any StreamEffect ? "ended" : "completed"
        case .failed: "failed"
        case .cancelled(let byDismissal): byDismissal ? "cancelled (its scope was dismissed)" : "cancelled"
        case .clearedByPlan: "cancelled by the plan"
        case .neverStarted: "never started"
        }
    }

    /// What happened, as the rest of a sentence that starts with the effect: "was cancelled by the step
    /// at line 12, when its scope was dismissed".
    var account: String {
        let when = step.map { "by the step at line \($0.line)" } ?? "while GIVEN built the scope"
        switch how {
        case .completed:
            return effect is any StreamEffect ? "ended \(when)" : "completed \(when)"
        case .failed(let error):
            return "failed \(when), with \(error)"
        case .cancelled(let byDismissal):
            return "was cancelled \(when)" + (byDismissal ? ", when its scope was dismissed" : "")
        case .clearedByPlan:
            return "was cancelled by the plan's clearing of pending effects, \(when)"
        case .neverStarted(let reason):
            return "never started: \(reason), \(when)"
        }
    }
}

extension EffectFate.How {
    /// The fate a lifecycle event tells, or nil for an event that leaves the effect pending.
    init?(_ event: EffectLifecycleEvent, byDismissal: Bool, byPlan: Bool) {
        switch event {
        case .enqueued, .scheduled, .started, .retrying: return nil
        case .completed: self = .completed
        case .failed(let error): self = .failed(ValueText.error(error))
        case .cancelled: self = byPlan ? .clearedByPlan : .cancelled(byDismissal: byDismissal)
        case .discarded: self = .neverStarted("the update that enqueued it threw")
        case .droppedForKeyInFlight: self = .neverStarted("an effect with its key was in flight")
        case .droppedByThrottle:
            self = .neverStarted("its key started less than its throttle interval before")
        }
    }
}

extension PlanRun {
    /// What became of the latest effect that `matches`, as a last line for the message of a check that
    /// found none pending; empty when none left a pending list during the line.
    func fateLine(of scope: AnyObject, named name: String, where matches: (any Effect) -> Bool) -> String {
        guard let (fate, isOwn) = latestFate(of: scope, where: matches) else { return "" }
        return "\n\(isOwn ? "the \(name) here" : "the \(name) of \(fate.path)") \(fate.account)"
    }
}
