import Foundation

#if canImport(UIKit) && !os(watchOS) && !os(tvOS) && !STANDIN_WATCHOS && !STANDIN_TVOS
    import UIKit
#endif

/// How a store hears of the app's lifecycle: the notifications after which it saves, where they are
/// posted, and how it asks the system for time to finish a save once the app is in the background.
///
/// A store has the platform's; tests give one their own center and notifications, so that the path
/// a notification takes runs on Linux too.
package struct AppLifecycle: Sendable {
    /// A notification after which the store saves what is pending, and whether the app ends then.
    package struct Moment: Sendable {
        package let name: Notification.Name
        package let appEnds: Bool

        package init(_ name: Notification.Name, appEnds: Bool) {
            self.name = name
            self.appEnds = appEnds
        }
    }

    package let moments: [Moment]
    package let center: NotificationCenter
    /// Where the center calls the store: the main queue for the app's notifications, posted there;
    /// nil to be called where the notification is posted, which must then be the main actor.
    package let queue: OperationQueue?
    /// Asks the system to let the app run until the save that `notification` starts ends, and
    /// returns what gives the time back, or nil where the system gives no such time; `expired` is
    /// called when the time runs out first.
    package let requestBackgroundTime:
        @MainActor @Sendable (
            _ notification: Notification, _ expired: @escaping @MainActor @Sendable () -> Void
        ) ->
            (@MainActor () -> Void)?

    package init(
        moments: [Moment], center: NotificationCenter, queue: OperationQueue?,
        requestBackgroundTime:
            @escaping @MainActor @Sendable (
                Notification, @escaping @MainActor @Sendable () -> Void
            ) -> (@MainActor () -> Void)?
    ) {
        self.moments = moments
        self.center = center
        self.queue = queue
        self.requestBackgroundTime = requestBackgroundTime
    }

    /// The app's lifecycle on this platform: UIKit's application (not on watchOS, whose UIKit has none)
    /// or AppKit's, named by the raw values of `UIApplication.didEnterBackgroundNotification` and the
    /// others, so that a client built for one Apple platform never needs the other's framework. On
    /// iOS and visionOS, entering the background asks the application for time with
    /// `beginBackgroundTask(expirationHandler:)`, which the application that posts the notification
    /// grants; elsewhere there is none to ask for.
    package static var platform: AppLifecycle {
        AppLifecycle(
            moments: platformMoments, center: .default, queue: .main,
            requestBackgroundTime: requestPlatformBackgroundTime)
    }

    private static var platformMoments: [Moment] {
        #if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
            [
                Moment(Notification.Name("UIApplicationDidEnterBackgroundNotification"), appEnds: false),
                Moment(Notification.Name("UIApplicationWillTerminateNotification"), appEnds: true),
            ]
        #elseif canImport(AppKit)
            [
                Moment(Notification.Name("NSApplicationDidResignActiveNotification"), appEnds: false),
                Moment(Notification.Name("NSApplicationWillTerminateNotification"), appEnds: true),
            ]
        #else
            []
        #endif
    }

    @MainActor
    private static func requestPlatformBackgroundTime(
        for notification: Notification, expired: @escaping @MainActor @Sendable () -> Void
    ) -> (@MainActor () -> Void)? {
        #if canImport(UIKit) && !os(watchOS) && !os(tvOS) && !STANDIN_WATCHOS && !STANDIN_TVOS
            // The notification's object is the application: no `UIApplication.shared`, which app
            // extensions cannot use.
            guard let application = notification.object as? UIApplication else { return nil }
            let task = application.beginBackgroundTask(expirationHandler: expired)
            guard task != .invalid else { return nil }
            return { application.endBackgroundTask(task) }
        #else
            return nil
        #endif
    }
}

/// Time the system gives the app to finish a save in the background: given back once, when the save
/// ends or the time runs out, whichever comes first.
@MainActor
final class BackgroundTime {
    /// What gives the time back, once the system granted it.
    var end: (@MainActor () -> Void)? {
        didSet { if isFinished, end != nil { finish() } }
    }
    private var isFinished = false

    /// Gives the time back, at once or as soon as it is granted; later calls do nothing.
    func finish() {
        isFinished = true
        let end = self.end
        self.end = nil
        end?()
    }
}
