import Statoscope

/// The counter as a non-final scope, reached through a base-class reference, as an app with a
/// hierarchy of screens reaches its scopes.
@MainActor
class BaseCounterScope: Scope {
    var viewDisplaysTotalCount = 0

    typealias When = CounterScope.When

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

/// A subclass that adds nothing: its middleware serves the events sent through the base class.
@MainActor
final class SubclassedCounterScope: BaseCounterScope {}

/// A counter scope, whichever class it is: what ``SendWorkload/send(to:_:name:)`` sends to.
@MainActor
protocol CountingScope: Scope where When == CounterScope.When {
    var viewDisplaysTotalCount: Int { get }
}

extension CounterScope: CountingScope {}
extension BaseCounterScope: CountingScope {}
