import Statoscope
import StatoscopeTestSupport
import Testing

/// A scope that can be linked anywhere, itself and its ancestors included.
@MainActor
final class Knot: Scope {
    @Subscope var next: Knot? = nil
    @Subscope var rows: [Knot] = []
    var hits = 0
    let gate = Gate()

    enum When: Sendable {
        case hit
        case link(Knot?)
        case appendRow(Knot)
        case work
        case done
    }

    func update(_ when: When) throws {
        switch when {
        case .hit: hits += 1
        case .link(let knot): next = knot
        case .appendRow(let knot): rows.append(knot)
        case .work:
            let gate = gate
            effectsState.enqueue(AnyEffect { await gate.wait() }.map { When.done })
        case .done: hits += 100
        }
    }
}

/// A scope linked below itself is refused and keeps working; reading a tree that holds the refused
/// link (a description, a path, a recording, a state diff) ends, as reading any tree does. The refusal
/// report and state diffs are app-wide: these run with the logging tests, one at a time.
extension EventLoggingTests {
    @Test func aScopeLinkedAsItsOwnChildOrRowIsRefusedAndKeepsWorking() async {
        let knot = Knot()
        let reports = ErrorReportCollector(for: knot)
        knot.send(.link(knot))
        knot.send(.appendRow(knot))
        #expect(reports.reports.count == 2, "\(reports.reports.map(\.description))")
        #expect(reports.reports.allSatisfy { $0.error is ScopeCycleRefused })
        #expect(reports.reports.map { ($0.error as? ScopeCycleRefused)?.property } == ["next", "rows"])
        #expect(knot.scopePath == "Knot")
        knot.send(.hit)
        #expect(knot.hits == 1)
        // The property holds what was assigned; clearing it leaves the scope live.
        knot.send(.link(nil))
        knot.send(.hit)
        #expect(knot.hits == 2)
        #expect(reports.reports.count == 2)
    }

    @Test
    func aScopeHoldingItselfInARefusedLinkIsDescribed() async {
        let knot = Knot()
        let reports = ErrorReportCollector(for: knot)
        knot.send(.link(knot))
        #expect(reports.reports.count == 1)
        #expect(knot.subtreeDescription.count < 10_000, "described without following the cycle")
        #expect(knot.subtreeScopes.count == 1, "walked once")
    }

    @Test func dismissingAChildThatHoldsItsRootInARefusedLinkLeavesTheRootLive() async {
        let root = Knot()
        let child = Knot()
        let grandchild = Knot()
        let reports = ErrorReportCollector(for: grandchild)
        root.send(.link(child))
        child.send(.link(grandchild))
        grandchild.send(.link(root))
        grandchild.send(.appendRow(child))
        #expect(reports.reports.count == 2)
        #expect(root.scopePath == "Knot")
        #expect(grandchild.scopePath == "Knot.next.next")
        root.send(.work)
        #expect(root.effectsState.effects.count == 1)
        root.send(.link(nil))
        #expect(root.effectsState.effects.count == 1, "the root was never below its child")
        root.send(.hit)
        #expect(root.hits == 1)
        await root.gate.open()
        #expect(await root.effectsState.settlesWithinTestPatience())
        #expect(root.hits == 101)
        child.send(.hit)
        #expect(child.hits == 0, "the dismissed child is refused")
    }

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
