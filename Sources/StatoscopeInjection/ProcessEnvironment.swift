import Foundation

/// The environment variables a tree reads as its process's, as a dependency: they choose the
/// ``DependencyContext`` of a tree that sets none.
///
/// Xcode sets `XCODE_RUNNING_FOR_PREVIEWS` to `1` in the process that renders previews. There, a tree
/// that sets no context with ``Scope/useDependencies(_:)`` reads its dependencies'
/// ``Injectable/previewValue``s, so a preview never reaches a live server by default. A root that sets
/// `.live` itself keeps its live values in previews too.
///
/// A tree reads the process's variables unless a scope injects other ones; a test injects them on a
/// root to see what the tree does in a preview, without changing the process's:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func previewEnvironmentSample(app: App) { … } -->
/// ```swift
/// app.inject(ProcessEnvironment(["XCODE_RUNNING_FOR_PREVIEWS": "1"]))   // `app` reads preview values
/// ```
public struct ProcessEnvironment: Injectable, Equatable {
    /// The variable Xcode sets to `1` in the process that renders previews.
    public static let previewsKey = "XCODE_RUNNING_FOR_PREVIEWS"

    /// The variables, by name.
    public let variables: [String: String]

    /// An environment of `variables`.
    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// The process's environment.
    public static var defaultValue: ProcessEnvironment {
        ProcessEnvironment(ProcessInfo.processInfo.environment)
    }

    /// Whether Xcode runs the process to render previews.
    public var isRunningForPreviews: Bool {
        variables[Self.previewsKey] == "1"
    }
}

extension DependencyContext {
    /// The context of a tree that sets none: ``preview`` where `environment` (the one injected in the
    /// tree, else the process's) says Xcode renders previews, else nil, which reads live values.
    static func automatic(in environment: ProcessEnvironment?) -> DependencyContext? {
        guard let environment else { return processDefault }
        return environment.isRunningForPreviews ? .preview : nil
    }

    /// The context the process's environment chooses, read once: the environment of a running
    /// process does not change, and a read is too slow for every dependency that falls back to it.
    private static let processDefault: DependencyContext? =
        ProcessEnvironment.defaultValue.isRunningForPreviews ? .preview : nil
}
