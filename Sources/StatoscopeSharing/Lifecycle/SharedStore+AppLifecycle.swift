import Foundation

// The app's lifecycle notifications, where the platform has them: UIKit's application (not on
// watchOS, whose UIKit has none) and AppKit's.
#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

extension SharedStore {
    /// The notifications after which a store saves what is pending, and whether the app ends then.
    nonisolated static var appLifecycleNotifications: [(name: Notification.Name, appEnds: Bool)] {
        #if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
            [
                (UIApplication.didEnterBackgroundNotification, false),
                (UIApplication.willTerminateNotification, true),
            ]
        #elseif canImport(AppKit)
            [
                (NSApplication.didResignActiveNotification, false),
                (NSApplication.willTerminateNotification, true),
            ]
        #else
            []
        #endif
    }

    /// Saves what is pending when the app goes to the background (in a task, off the main actor) or
    /// is about to end (at once, since no task would run after it).
    func observeAppLifecycle() -> [any NSObjectProtocol] {
        Self.appLifecycleNotifications.map { notification in
            NotificationCenter.default.addObserver(forName: notification.name, object: nil, queue: .main) {
                [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if notification.appEnds {
                        self.saveNow()
                    } else {
                        Task { await self.flush() }
                    }
                }
            }
        }
    }
}
