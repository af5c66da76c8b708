import Observation
import Statoscope
import StatoscopeTesting
import XCTest

// The earlier Statoscope README's basic example. `private` so that this file's `Counter` and the effects example's can both
// keep the seed's name; `@Observable` stands in for `ObservableObject`/`@Published`.
@Observable
private final class Counter: Scope {

    var viewDisplaysTotalCount: Int = 0

    enum When {
        case userTappedIncrementButton
        case userTappedDecrementButton
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

// The seed's test, unchanged: a plain nonisolated XCTestCase method.
final class CounterTest: XCTestCase {
    func testUserFlow() throws {
        try Counter.GIVEN {
            Counter()
        }
        .THEN(\.viewDisplaysTotalCount, equals: 0)
        .WHEN(.userTappedIncrementButton)
        .THEN(\.viewDisplaysTotalCount, equals: 1)
        .WHEN(.userTappedDecrementButton)
        .THEN(\.viewDisplaysTotalCount, equals: 0)
        .WHEN(.userTappedDecrementButton)
        .THEN(\.viewDisplaysTotalCount, equals: 0)
        .runTest()
    }
}
