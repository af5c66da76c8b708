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

// .../uikit/uiview/animate(withduration:animations:): `class func animate(withDuration duration:
// TimeInterval, animations: @escaping () -> Void)`, in the `@MainActor` class; iOS 4, tvOS, visionOS 1.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIView is not on watchOS")
#endif
extension UIView {
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {}

    // .../uikit/uiview/bounds: `var bounds: CGRect { get set }`.
    public var bounds: CGRect {
        get { .zero }
        set {}
    }
}

// MARK: Presentation: alerts, dialogs, modal view controllers, navigation stacks

#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIViewController is not on watchOS")
#endif
extension UIViewController {
    // .../uikit/uiviewcontroller/present(_:animated:completion:): `func present(_
    // viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? =
    // nil)`, in the `@MainActor` class; iOS 5, tvOS 9, visionOS 1.
    public func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {}

    // .../uikit/uiviewcontroller/dismiss(animated:completion:): `func dismiss(animated flag: Bool,
    // completion: (() -> Void)? = nil)`; iOS 5, tvOS 9, visionOS 1.
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

    // .../uikit/uiviewcontroller/presentingviewcontroller: `var presentingViewController:
    // UIViewController? { get }`; iOS 5, tvOS 9, visionOS 1.
    public var presentingViewController: UIViewController? { nil }

    // .../uikit/uiviewcontroller/presentationcontroller: `var presentationController:
    // UIPresentationController? { get }`; iOS 8, tvOS 9, visionOS 1.
    public var presentationController: UIPresentationController? { nil }

    // .../uikit/uiviewcontroller/popoverpresentationcontroller: `var popoverPresentationController:
    // UIPopoverPresentationController? { get }`; iOS 8, tvOS 9, visionOS 1.
    public var popoverPresentationController: UIPopoverPresentationController? { nil }
}

// .../uikit/uiadaptivepresentationcontrollerdelegate: `@MainActor protocol
// UIAdaptivePresentationControllerDelegate : NSObjectProtocol`; its methods are all `optional`, which
// only Objective-C protocols have: here each is a requirement with an empty default, so a conformance
// may leave it out as on Apple's platforms.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIAdaptivePresentationControllerDelegate is not on watchOS")
#endif
@MainActor @preconcurrency
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    // .../uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:): `optional func
    // presentationControllerDidDismiss(_ presentationController: UIPresentationController)`; iOS 13,
    // tvOS 13, visionOS 1. Not called when the presentation is dismissed in code.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIAdaptivePresentationControllerDelegate is not on watchOS")
#endif
extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

// .../uikit/uipresentationcontroller: `@MainActor class UIPresentationController : NSObject`, with
// `weak var delegate: (any UIAdaptivePresentationControllerDelegate)?`; iOS 8, tvOS 9, visionOS 1.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIPresentationController is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIPresentationController: NSObject {
    weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

// .../uikit/uipopoverpresentationcontroller: `@MainActor class UIPopoverPresentationController :
// UIPresentationController`, with `var sourceView: UIView?` and `var sourceRect: CGRect`; iOS 8,
// visionOS 1 (tvOS declares it too).
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIPopoverPresentationController is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect: CGRect = .zero
}

// .../uikit/uialertcontroller: `@MainActor class UIAlertController : UIViewController`; iOS 8, tvOS 9,
// visionOS 1.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIAlertController is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIAlertController: UIViewController {
    // .../uikit/uialertcontroller/style: `enum Style`, `case actionSheet`, `case alert`.
    public enum Style: Int, Sendable {
        case actionSheet, alert
    }

    // .../uikit/uialertcontroller/init(title:message:preferredstyle:): `convenience init(title:
    // String?, message: String?, preferredStyle: UIAlertController.Style)`.
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
    }

    // .../uikit/uialertcontroller/addaction(_:): `func addAction(_ action: UIAlertAction)`.
    open func addAction(_ action: UIAlertAction) {}
}

// .../uikit/uialertaction: `@MainActor class UIAlertAction : NSObject`; iOS 8, tvOS 9, visionOS 1.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UIAlertAction is not on watchOS")
#endif
@MainActor @preconcurrency
open class UIAlertAction: NSObject {
    // .../uikit/uialertaction/style-swift.enum: `enum Style`, `case default`, `case cancel`, `case
    // destructive`.
    public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }

    // .../uikit/uialertaction/init(title:style:handler:): `convenience init(title: String?, style:
    // UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil)`.
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
    }
}

// .../uikit/uinavigationcontroller: `@MainActor class UINavigationController : UIViewController`;
// iOS 2, tvOS 9, visionOS 1.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UINavigationController is not on watchOS")
#endif
@MainActor @preconcurrency
open class UINavigationController: UIViewController {
    // .../uinavigationcontroller/init(rootviewcontroller:): `init(rootViewController: UIViewController)`.
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // .../uinavigationcontroller/viewcontrollers: `var viewControllers: [UIViewController] { get set }`.
    open var viewControllers: [UIViewController] = []

    // .../uinavigationcontroller/setviewcontrollers(_:animated:): `func setViewControllers(_
    // viewControllers: [UIViewController], animated: Bool)`.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}

    // .../uinavigationcontroller/delegate: `weak var delegate: (any UINavigationControllerDelegate)?`.
    weak open var delegate: (any UINavigationControllerDelegate)?
}

// .../uikit/uinavigationcontrollerdelegate: `@MainActor protocol UINavigationControllerDelegate :
// NSObjectProtocol`; its methods are `optional`: each is a requirement with an empty default here.
#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UINavigationControllerDelegate is not on watchOS")
#endif
@MainActor @preconcurrency
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    // .../uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:): `optional func
    // navigationController(_ navigationController: UINavigationController, didShow viewController:
    // UIViewController, animated: Bool)`; iOS 2, tvOS 9, visionOS 1.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

#if STANDIN_WATCHOS
    @available(*, unavailable, message: "UINavigationControllerDelegate is not on watchOS")
#endif
extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
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
