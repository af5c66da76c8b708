import Foundation

// The app's lifecycle notifications, where the platform has them: UIKit's application (not on
// watchOS, whose UIKit has none) and AppKit's. They are named by their raw values, which are those of
// `UIApplication.didEnterBackgroundNotification` and the others, so that the module imports neither
// framework: a client built for one Apple platform never needs the other's.
extension SharedStore {
    /// The notifications after which a store saves what is pending, and whether the app ends then.
    nonisolated static var appLifecycleNotifications: [(name: Notification.Name, appEnds: Bool)] {
        #if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
            [
                (Notification.Name("UIApplicationDidEnterBackgroundNotification"), false),
                (Notification.Name("UIApplicationWillTerminateNotification"), true),
            ]
        #elseif canImport(AppKit)
            [
                (Notification.Name("NSApplicationDidResignActiveNotification"), false),
                (Notification.Name("NSApplicationWillTerminateNotification"), true),
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
                // SAFETY: Sound because the observer is added with `queue: .main`, so the
                // notification center calls this block on the main queue, the main actor's
                // executor; were it ever called elsewhere, `assumeIsolated` stops the process rather
                // than run main-actor code off the main actor.
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
