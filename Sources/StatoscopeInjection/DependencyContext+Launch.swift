import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

extension DependencyContext {
    /// The environment variable ``launched(environment:)`` reads: `live`, `preview` or `test`.
    public static let launchEnvironmentKey = "STATOSCOPE_DEPENDENCIES"

    /// The context the process was launched in, as its environment's `STATOSCOPE_DEPENDENCIES` names
    /// it: `live`, `preview` or `test`. When it is unset or empty, `preview` in the process where
    /// Xcode renders previews (`XCODE_RUNNING_FOR_PREVIEWS` is `1`), else `live`.
    ///
    /// A UI test launches the app in the test context; the app sets what it was launched in on its
    /// root, before the root's subtree reads a dependency:
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func launchSample(app: App) throws { … } -->
    /// ```swift
    /// // In the UI test: app.launchEnvironment["STATOSCOPE_DEPENDENCIES"] = "test"
    /// app.useDependencies(try .launched())
    /// ```
    ///
    /// Under `test`, each dependency gives its ``Injectable/testValue``. One that declares none gives
    /// its live value, as no test in the app's process can fail, and the read is logged at `error` level
    /// through ``ErrorReporting/logger``, once per type, naming the type and who read it.
    ///
    /// - Throws: ``LaunchedDependencyContextError`` when the variable holds another value.
    public static func launched(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LaunchedDependencyContextError) -> DependencyContext {
        switch environment[launchEnvironmentKey] ?? "" {
        case "": return environment[ProcessEnvironment.previewsKey] == "1" ? .preview : .live
        case "live": return .live
        case "preview": return .preview
        case "test": return DependencyContext(.test(TestDependencyRules(report: LaunchedTestReads().log)))
        case let other: throw LaunchedDependencyContextError(value: other)
        }
    }
}

/// The launch environment named a dependency context that does not exist.
public struct LaunchedDependencyContextError: Error, CustomStringConvertible {
    /// What `STATOSCOPE_DEPENDENCIES` held.
    public let value: String

    /// The variable, what it held and the values it takes.
    public var description: String {
        "\(DependencyContext.launchEnvironmentKey) is \"\(value)\": it takes live, preview or test"
    }
}

/// The reads of live values in an app launched in the test context: each type is logged once.
private final class LaunchedTestReads: Sendable {
    private let logged = CriticalState<Set<String>>([])

    @Sendable func log(_ missing: MissingDependency) {
        guard logged.withLock({ $0.insert(missing.typeName).inserted }) else { return }
        let message =
            "launched with \(DependencyContext.launchEnvironmentKey)=test, but \(missing.typeName) declares no "
            + "testValue: \(missing.description) and got its live value"
        // Reported from wherever the read happens, an effect's task included.
        Task { @MainActor in ErrorReporting.logger.error("\(message)", source: LogSource.name) }
    }
}
