import Statoscope

/// A screen of a subtree that a parent presents and dismisses: each node parks one effect.
@MainActor
final class ScreenNode: Scope {
    let gate: ParkingGate
    @Subscope var screens: [ScreenNode] = []

    init(gate: ParkingGate) {
        self.gate = gate
    }

    enum When: Sendable {
        case park
        case present(ScreenNode?)
        case unparked(Int)
    }

    /// Where the dismissed subtree hangs.
    @Subscope var presented: ScreenNode? = nil

    func update(_ when: When) throws {
        switch when {
        case .park:
            effectsState.enqueue(ParkedEffect(gate: gate).map(When.unparked))
        case .present(let screen):
            presented = screen
        case .unparked:
            throw InvalidStateError("a cancelled effect delivered its result")
        }
    }

    /// A subtree of `count` nodes, `fanOut` children each, every node with an effect in flight.
    static func subtree(count: Int, gate: ParkingGate) -> (top: ScreenNode, all: [ScreenNode]) {
        let top = ScreenNode(gate: gate)
        var all = [top]
        var next = 0
        while all.count < count {
            let parent = all[next]
            next += 1
            let children = (0..<min(8, count - all.count)).map { _ in ScreenNode(gate: gate) }
            parent.screens = children
            all += children
        }
        for node in all { node.send(.park) }
        return (top, all)
    }
}
