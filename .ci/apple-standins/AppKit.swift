// Stand-in for Apple's AppKit: the documented signatures of the APIs Statoscope's docs call.
// Type-checking only; see README.md.
@_exported import Foundation

@MainActor @preconcurrency
open class NSResponder {
    public init() {}
}

@MainActor @preconcurrency
open class NSView: NSResponder {
    public init(frame frameRect: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open func addSubview(_ view: NSView) {}
}

@MainActor @preconcurrency
open class NSTextField: NSView {
    open var stringValue: String = ""
    public convenience init(labelWithString stringValue: String) { self.init(frame: .zero) }
}

@MainActor @preconcurrency
open class NSViewController: NSResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open func viewDidLoad() {}
    open var view: NSView {
        get { fatalError() }
        set {}
    }
}
