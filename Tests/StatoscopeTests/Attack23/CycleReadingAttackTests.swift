import Statoscope
import StatoscopeTestSupport
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

/// Reading a tree that holds a refused link (a description, a path, a recording) ends, as reading
/// any tree does; and a scope released by its dismissal may send from its deinit.
extension EventLoggingTests {
    @Test
    func aScopeHoldingItselfInARefusedLinkHasADebugDescription() async {
        let knot = Knot()
        knot.send(.link(knot))
        #expect(knot.debugDescription.count < 10_000)
    }

    @Test
    func aRootHeldByItsChildInARefusedLinkIsDescribed() async {
        let root = Knot()
        let child = Knot()
        root.send(.link(child))
        child.send(.link(root))
        let description = root.subtreeDescription
        #expect(description.count < 10_000)
        #expect(description.contains("next: Knot, shown above"), "\(description)")
    }

    @Test
    func aScopeHoldingItselfInARefusedLinkIsRecorded() async {
        let knot = Knot()
        knot.send(.link(knot))
        var lines = 0
        let recorder = Recorder(recording: knot) { _ in lines += 1 }
        let flight = FlightRecorder(recording: knot)
        knot.send(.hit)
        recorder.stop()
        #expect(lines >= 1)
        #expect(!flight.jsonLines().isEmpty)
    }

    @Test
    func aScopeHoldingItselfInARefusedLinkLogsItsStateDiffs() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let knot = Knot()
        knot.send(.link(knot))
        knot.send(.hit)
        #expect(log.lines.contains { $0.contains("changed hits") }, "\(log.lines)")
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CycleReadingAttackTests {
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
