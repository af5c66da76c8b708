import Statoscope
import Testing

/// A parent whose child tells it, from its deinit, that it is gone.
@MainActor
final class Nest: Scope {
    @Subscope var chick: Chick? = nil
    var gone = 0

    enum When: Sendable {
        case hatch
        case fly
        case chickGone
    }

    func update(_ when: When) throws {
        switch when {
        case .hatch: chick = Chick(nest: self)
        case .fly: chick = nil
        case .chickGone: gone += 1
        }
    }
}

/// Sends to its nest from its deinit.
@MainActor
final class Chick: Scope {
    weak var nest: Nest?
    init(nest: Nest) { self.nest = nest }
    enum When: Sendable { case peep }
    func update(_ when: When) throws {}
    isolated deinit { nest?.send(.chickGone) }
}

/// A child released by its dismissal may send to its parent from its deinit.
extension ReentrancyTests {
    @Test func aChildReleasedByItsDismissalMaySendToItsParentFromItsDeinit() {
        let nest = Nest()
        nest.send(.hatch)
        nest.send(.fly)
        #expect(nest.gone == 1, "delivered before send returns")
        nest.send(.hatch)
        nest.send(.hatch)
        #expect(nest.gone == 2, "a replaced child is released too")
    }
}
