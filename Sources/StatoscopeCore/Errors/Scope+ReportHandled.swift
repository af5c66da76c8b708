extension Scope {
    /// Reports an error that this scope's `update` handled while handling `when`: the update goes on
    /// and returns normally, and ``ErrorReporting`` still hears of it, for crash reporting or
    /// analytics.
    ///
    /// Handlers receive it as they receive the errors updates throw (with the scope's type and path,
    /// the event, and the flight recorder's record when one runs), with ``ErrorReport/isHandled``
    /// set. Values the app marked sensitive read `<redacted>` in its text. A test plan's step does not
    /// fail for it: `THEN_Reported`, in StatoscopeTesting, checks it. An effect's work reports the
    /// errors it handles with ``ErrorReporting/reportHandled(_:)``.
    ///
    /// <!-- compiled inside: final class ProfileLoader: Scope { var profile: Profile?; var showsOfflineBanner = false; enum When { case profileLoaded(Result<Profile, any Error>) }; func update(_ when: When) throws { … } } -->
    /// <!-- compiled with: Services -->
    /// ```swift
    /// switch when {
    /// case .profileLoaded(.success(let profile)):
    ///     self.profile = profile
    /// case .profileLoaded(.failure(let error)):
    ///     showsOfflineBanner = true
    ///     reportHandled(error, during: when)
    /// }
    /// ```
    public func reportHandled(_ error: any Error, during when: When) {
        ErrorReporting.report(ErrorReport(error: error, source: .update(when), scope: self, isHandled: true))
    }
}
