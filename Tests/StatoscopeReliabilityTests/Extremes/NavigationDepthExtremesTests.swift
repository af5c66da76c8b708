import Statoscope
import Testing

/// A screen of a ``Stack``.
@MainActor
final class StackScreen: Scope {
    enum When: Sendable {}
    func update(_ when: When) throws {}
}

/// A navigation stack whose update truncates its path to the depth a pop names, as the docs advise:
/// a depth outside `0..<screens.count` would trap in `removeLast`.
@MainActor
final class Stack: Scope {
    @Subscope var screens: [StackScreen] = []
    var depths: [Int] = []

    enum When: Sendable {
        case push
        case popTo(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .push:
            screens.append(StackScreen())
        case .popTo(let depth):
            depths.append(depth)
            screens.removeLast(screens.count - depth)
        }
    }
}

/// The depth `navigationPath(_:popTo:)` hands its closure, at the ends of a path: always from zero
/// to one less than the screens shown, so an update may truncate to it without checking.
@MainActor
struct NavigationDepthExtremesTests {
    @Test func anEmptyPathWrittenEmptySendsNoPop() {
        let stack = Stack()
        let path = stack.navigationPath(\.screens, popTo: { .popTo($0) })
        path.value = []
        #expect(stack.depths.isEmpty)
    }

    @Test func goingBackFromTheOnlyScreenPopsToDepthZero() {
        let stack = Stack()
        stack.send(.push)
        let path = stack.navigationPath(\.screens, popTo: { .popTo($0) })
        path.value = []
        #expect(stack.depths == [0])
        #expect(stack.screens.isEmpty)
    }

    @Test func goingBackOneScreenOfManyPopsToOneLessThanTheCount() {
        let stack = Stack()
        for _ in 0..<1_000 { stack.send(.push) }
        let path = stack.navigationPath(\.screens, popTo: { .popTo($0) })
        path.value = Array(path.value.dropLast())
        path.value = path.value + path.value
        #expect(stack.depths == [999], "a longer path is a push, which the scope makes itself")
        #expect(stack.screens.count == 999)
    }
}
