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
    /// - Throws: ``AppGroupUnavailable`` when the identifier is no identifier (empty, `.` or `..`,
    ///   longer than 255 bytes, or holding a path separator, whitespace or a control character, none
    ///   of which a folder of the group may be named with), or when the
    ///   system gives no container for it: the process was not signed with that app group.
    public static func appGroup(_ identifier: String) throws(AppGroupUnavailable) -> JSONFileStorage {
        try appGroup(identifier, containers: AppGroupContainers.system)
    }

    /// Files in the container `containers` gives for the app group `identifier`.
    package static func appGroup(
        _ identifier: String, containers: AppGroupContainers
    ) throws(AppGroupUnavailable) -> JSONFileStorage {
        guard AppGroupUnavailable.problem(of: identifier) == nil else {
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
        /// The identifier is no identifier: empty, `.` or `..`, longer than 255 bytes, or holding a
        /// path separator, whitespace or a control character.
        case malformed
        /// The system gives no container for it.
        case noContainer
    }

    /// The app group's identifier, as given.
    public let identifier: String
    /// Why there is no storage.
    public let reason: Reason

    /// The identifier, why, and what to do.
    public var description: String {
        // Escaped, so that a control character in the identifier shows instead of acting.
        let quoted = identifier.debugDescription
        switch reason {
        case .malformed:
            // What is wrong is found again from the identifier: the error holds nothing else.
            let problem = Self.problem(of: identifier).map { " (it \($0))" } ?? ""
            return "app group \(quoted) is not an identifier\(problem): give the "
                + "one of the App Groups capability, such as group.com.example.app"
        case .noContainer:
            return "app group \(quoted) has no container: add it to the App Groups capability of this "
                + "target, and of every app and extension that shares it"
        }
    }

    /// What makes `identifier` no identifier, or nil when it is one: it names a folder on platforms
    /// without app groups, so it must be one name a file system accepts, and printable.
    static func problem(of identifier: String) -> String? {
        if identifier.isEmpty { return "is empty" }
        if identifier == "." || identifier == ".." { return "names a folder's place, not a group" }
        if identifier.contains(where: { $0 == "/" || $0 == "\\" }) { return "holds a path separator" }
        if identifier.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }) {
            return "holds whitespace or a control character"
        }
        if identifier.utf8.count > 255 { return "is longer than the 255 bytes a folder's name may have" }
        return nil
    }
}
