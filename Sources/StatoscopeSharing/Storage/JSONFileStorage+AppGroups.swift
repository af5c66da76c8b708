import Foundation

extension JSONFileStorage {
    /// Files in the shared container of the app group `identifier`, which the app and its extensions
    /// (a widget, say) all read and write.
    ///
    /// The ``standardDirectory`` is named after the process, so an app and its widget, two processes,
    /// never share it. Give both the App Groups capability with the same identifier, and inject, at
    /// the root of each, a store saving in the group's container:
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func appGroupSample(app: App) throws { … } -->
    /// ```swift
    /// app.inject(SharedStore(storage: try JSONFileStorage.appGroup("group.com.example.notes")))
    /// ```
    ///
    /// The files are in a `StatoscopeShared` folder of the container that
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` gives. Where there are no
    /// app groups (Linux), the group is a folder of the user's application-support directory named
    /// after the identifier, which every process of the user shares.
    ///
    /// Each process sees what another saved when its store reloads (``SharedStore/reload()``), for
    /// instance when the widget's timeline is asked for, or the app comes back to the foreground.
    ///
    /// - Throws: ``AppGroupUnavailable`` when the identifier is empty or holds a `/`, or when the
    ///   system gives no container for it: the process was not signed with that app group.
    public static func appGroup(_ identifier: String) throws(AppGroupUnavailable) -> JSONFileStorage {
        try appGroup(identifier, containers: AppGroupContainers.system)
    }

    /// Files in the container `containers` gives for the app group `identifier`.
    package static func appGroup(
        _ identifier: String, containers: AppGroupContainers
    ) throws(AppGroupUnavailable) -> JSONFileStorage {
        guard !identifier.isEmpty, !identifier.contains("/") else {
            throw AppGroupUnavailable(identifier: identifier, reason: .malformed)
        }
        guard let container = containers.url(identifier) else {
            throw AppGroupUnavailable(identifier: identifier, reason: .noContainer)
        }
        return JSONFileStorage(
            directory: container.appendingPathComponent("StatoscopeShared", isDirectory: true))
    }
}

/// Where the containers of app groups are.
package struct AppGroupContainers: Sendable {
    /// The container of an app group, or nil where the process has none.
    package let url: @Sendable (_ identifier: String) -> URL?

    package init(url: @escaping @Sendable (String) -> URL?) {
        self.url = url
    }

    /// The system's: on Apple platforms the app group's container, which the process has when signed
    /// with the group; elsewhere a folder named after the group in the user's application-support
    /// directory.
    package static var system: AppGroupContainers {
        AppGroupContainers { identifier in
            #if canImport(Darwin)
                FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
            #else
                inside(
                    FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                        ?? FileManager.default.temporaryDirectory
                ).url(identifier)
            #endif
        }
    }

    /// Folders named after the groups inside `base`, as platforms without app groups keep them.
    package static func inside(_ base: URL) -> AppGroupContainers {
        AppGroupContainers { identifier in
            base.appendingPathComponent("AppGroups", isDirectory: true)
                .appendingPathComponent(identifier, isDirectory: true)
        }
    }
}

/// No storage can be made in an app group's container.
public struct AppGroupUnavailable: Error, CustomStringConvertible {
    /// Why not.
    public enum Reason: Sendable, Equatable {
        /// The identifier is empty or holds a `/`.
        case malformed
        /// The system gives no container for it.
        case noContainer
    }

    /// The app group's identifier, as given.
    public let identifier: String
    /// Why there is no storage.
    public let reason: Reason

    /// The identifier, and what to do.
    public var description: String {
        switch reason {
        case .malformed:
            "app group \"\(identifier)\" is not an identifier: give the one of the App Groups capability, "
                + "such as group.com.example.app"
        case .noContainer:
            "app group \"\(identifier)\" has no container: add it to the App Groups capability of this "
                + "target, and of every app and extension that shares it"
        }
    }
}
