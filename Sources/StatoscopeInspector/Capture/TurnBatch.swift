/// What the main actor notes during one of its turns, handed over to a stream at once when the turn
/// ends: one hand-over per burst of events rather than one per event, and no work off the main actor
/// until then. A turn that notes ``HandOverBacklog/limit`` elements hands them over at once; and a
/// hand-over waits while that many wait for the consumer (``HandOverBacklog``), so that what waits
/// stays bounded.
@MainActor
final class TurnBatch<Element: Sendable> {
    private let stream: AsyncStream<[Element]>.Continuation
    /// What the consumer has not taken yet.
    let backlog: HandOverBacklog
    /// What was noted since the last hand-over.
    private var pending: [Element] = []
    private var isHandOverScheduled = false

    init(handingTo stream: AsyncStream<[Element]>.Continuation, backlog: HandOverBacklog) {
        self.stream = stream
        self.backlog = backlog
    }

    /// Keeps `element` for the hand-over at the end of this turn of the main actor.
    func append(_ element: Element) {
        pending.append(element)
        if pending.count >= HandOverBacklog.limit {
            handOver()
            return
        }
        guard !isHandOverScheduled else { return }
        isHandOverScheduled = true
        Task { [weak self] in self?.handOver() }
    }

    /// Hands over what was noted since the last hand-over, now, once the consumer's backlog allows.
    func handOver() {
        isHandOverScheduled = false
        guard !pending.isEmpty else { return }
        var taken: [Element] = []
        swap(&taken, &pending)
        backlog.added(taken.count)
        stream.yield(taken)
        backlog.waitUntilBelowLimit()
    }

    /// Hands over what is left and ends the stream.
    func finish() {
        handOver()
        stream.finish()
    }
}
