#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import UIKit

    /// Keeps a navigation controller's stack following a scope's list of children, a view controller per
    /// child above the controllers it did not push; the user's going back becomes the scope's event.
    @MainActor
    final class StackPresenter: NSObject, UINavigationControllerDelegate {
        private weak var navigation: UINavigationController?
        private let animated: Bool
        /// The children the scope's path holds now.
        private let path: @MainActor () -> [AnyObject]
        /// The view controller that shows a child.
        private let make: @MainActor (AnyObject) -> UIViewController?
        /// Tells the scope which children are still on the stack after the user went back.
        private let poppedTo: @MainActor ([AnyObject]) -> Void
        /// The children on the stack and their view controllers, bottom first.
        private var pushed: [(child: AnyObject, controller: UIViewController)] = []

        init(
            navigation: UINavigationController, animated: Bool, path: @escaping @MainActor () -> [AnyObject],
            make: @escaping @MainActor (AnyObject) -> UIViewController?,
            poppedTo: @escaping @MainActor ([AnyObject]) -> Void
        ) {
            self.navigation = navigation
            self.animated = animated
            self.path = path
            self.make = make
            self.poppedTo = poppedTo
            super.init()
            navigation.delegate = self
        }

        /// Pops the children the path no longer holds and pushes those it added, in one change of the
        /// stack.
        func update() {
            let path = path()
            guard let navigation else { return }
            let change = NavigationPathWrite(from: pushed.map(\.child), to: path)
            guard change.pops || !change.pushed.isEmpty else { return }
            let ours = Set(pushed.map { ObjectIdentifier($0.controller) })
            let others = navigation.viewControllers.filter { !ours.contains(ObjectIdentifier($0)) }
            pushed.removeLast(pushed.count - change.kept)
            for child in change.pushed {
                guard let controller = make(child) else { break }
                pushed.append((child, controller))
            }
            navigation.setViewControllers(others + pushed.map(\.controller), animated: animated)
        }

        /// After the stack changed: children whose view controllers the user popped leave the path.
        func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController,
            animated: Bool
        ) {
            let onStack = Set(navigationController.viewControllers.map(ObjectIdentifier.init))
            let kept = pushed.prefix { onStack.contains(ObjectIdentifier($0.controller)) }
            guard kept.count < pushed.count else { return }
            pushed = Array(kept)
            poppedTo(kept.map(\.child))
            // An update that refuses the pop leaves the children in the path: they are pushed again.
            update()
        }
    }
#endif
