// Stand-in for Apple's UIKit: the declarations of the APIs Statoscope's docs call, each after the page
// of Apple's documentation named above it (developer.apple.com/documentation/uikit/...). UIKit exists
// on iOS, tvOS, visionOS and watchOS, but watchOS has none of these classes: there they are
// unavailable, as `canImport(UIKit)` alone does not tell them apart. Type-checking only; see README.md.
@_exported import Foundation

// .../uikit/uiresponder: `@MainActor class UIResponder`; iOS 2, tvOS 9, visionOS 1; not watchOS.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIResponder is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIResponder {
    public init() {}
}

// .../uikit/uiview: `@MainActor class UIView`; not watchOS.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIView is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIView: UIResponder {
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(frame: .zero) }
    open func addSubview(_ view: UIView) {}
}

// .../uikit/uilabel: `@MainActor class UILabel`; not watchOS.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UILabel is not on watchOS")
#endif
@MainActor @preconcurrency
open class UILabel: UIView {
    open var text: String?
}

// .../uikit/uiviewcontroller: `@MainActor class UIViewController`; not watchOS.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIViewController is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open func viewDidLoad() {}
    open var view: UIView! {
        get { fatalError() }
        set {}
    }
}

// MARK: App structure: previews, scenes, lifecycle

// .../uikit/uibackgroundtaskidentifier: `struct UIBackgroundTaskIdentifier`, with `static let invalid`.
public struct UIBackgroundTaskIdentifier: Hashable, Sendable, RawRepresentable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

// .../uikit/uiapplication: `@MainActor class UIApplication`; iOS 2, visionOS 1; its background tasks
// are not on tvOS, and watchOS has no UIApplication.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIApplication is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIApplication: UIResponder {
    // .../uiapplication/beginbackgroundtask(expirationhandler:): `nonisolated func
    // beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) ->
    // UIBackgroundTaskIdentifier`; iOS 4, visionOS 1; not tvOS.
    #if STANDIN_TVOS
        @available(*, unavailable, message: "beginBackgroundTask(expirationHandler:) is not on tvOS")
    #endif
    nonisolated open func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { .invalid }

    // .../uiapplication/endbackgroundtask(_:): `nonisolated func endBackgroundTask(_ identifier:
    // UIBackgroundTaskIdentifier)`; iOS 4, visionOS 1; not tvOS. Safe to call off the main thread.
    #if STANDIN_TVOS
        @available(*, unavailable, message: "endBackgroundTask(_:) is not on tvOS")
    #endif
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}
