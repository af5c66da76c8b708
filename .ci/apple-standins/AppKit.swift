// Stand-in for Apple's AppKit, which only macOS has (.ci/apple-typecheck builds it for macOS alone):
// the declarations of the APIs Statoscope's docs call, each after the page of Apple's documentation
// named above it (developer.apple.com/documentation/appkit/...). Type-checking only; see README.md.
@_exported import Foundation

// .../appkit/nsresponder: `@MainActor class NSResponder`.
@MainActor @preconcurrency
open class NSResponder {
    public init() {}
}

// .../appkit/nsview: `@MainActor class NSView`.
@MainActor @preconcurrency
open class NSView: NSResponder {
    public init(frame frameRect: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open func addSubview(_ view: NSView) {}
}

// .../appkit/nstextfield: `@MainActor class NSTextField`.
@MainActor @preconcurrency
open class NSTextField: NSView {
    open var stringValue: String = ""
    public convenience init(labelWithString stringValue: String) { self.init(frame: .zero) }
}

// .../appkit/nsview: `@MainActor class NSView`.
// .../appkit/nsviewcontroller: `@MainActor class NSViewController`.
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
