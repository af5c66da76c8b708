@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeEffectBody: HandledErrorReporting {
    /// Reports `error`, which the effect's work handled, for the scope that started the effect, in
    /// the isolation it was started in: as the effect's own failure would be.
    @MainActor
    func reportHandled(_ error: any Error) {
        guard let runtime else {
            // Its final outcome was delivered: only a task the effect made, still running, gets here.
            return ErrorReporting.logger.error(
                """
                ErrorReporting.reportHandled(_:) was called after the effect \(Redaction.describe(pristine)) \
                had ended, so no scope is known to report it for: \(Redaction.describe(error))
                """, source: LogSource.name)
        }
        let report = ErrorReport(error: error, source: .effect(pristine), runtime: runtime, isHandled: true)
        guard let isolation else { return ErrorReporting.report(report) }
        InstrumentIsolation.$current.withValue(isolation) { ErrorReporting.report(report) }
    }
}
