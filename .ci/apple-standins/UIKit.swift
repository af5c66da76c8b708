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
