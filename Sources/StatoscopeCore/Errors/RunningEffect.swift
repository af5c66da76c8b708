/// The effect whose work the current task does, as ``ErrorReporting/reportHandled(_:)`` finds it.
///
/// An effect is a value, not a scope, so the scope it reports for travels with its task instead:
/// the effects module sets it for each effect's task, which the tasks the effect makes inherit.
package enum RunningEffect {
    /// The effect the current task runs, if any.
    @TaskLocal package static var current: (any HandledErrorReporting)?
}

/// What an effect's task reports a handled error to: the effect, which knows its scope.
package protocol HandledErrorReporting: AnyObject, Sendable {
    /// Reports `error`, which the effect's work handled, for the scope that started the effect.
    @MainActor func reportHandled(_ error: any Error)
}
