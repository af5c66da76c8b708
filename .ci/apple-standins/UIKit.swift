// Stand-in for Apple's UIKit: the documented signatures of the APIs Statoscope's docs call.
// Type-checking only; see README.md.
@_exported import Foundation

@MainActor @preconcurrency
open class UIResponder {
    public init() {}
}

@MainActor @preconcurrency
open class UIView: UIResponder {
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(frame: .zero) }
    open func addSubview(_ view: UIView) {}
}

@MainActor @preconcurrency
open class UILabel: UIView {
    open var text: String?
}

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
