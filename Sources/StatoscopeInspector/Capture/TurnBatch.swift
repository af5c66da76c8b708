/// What the main actor notes during one of its turns, handed over to a stream at once when the turn
/// ends: one hand-over per burst of events rather than one per event, and no work off the main actor
/// until then.
@MainActor
final class TurnBatch<Element: Sendable> {
    private let stream: AsyncStream<[Element]>.Continuation
    /// What was noted since the last hand-over.
    private var pending: [Element] = []
    private var isHandOverScheduled = false

    init(handingTo stream: AsyncStream<[Element]>.Continuation) {
        self.stream = stream
    }

    /// Keeps `element` for the hand-over at the end of this turn of the main actor.
    func append(_ element: Element) {
        pending.append(element)
        guard !isHandOverScheduled else { return }
        isHandOverScheduled = true
        Task { [weak self] in self?.handOver() }
    }

    /// Hands over what was noted since the last hand-over, now.
    func handOver() {
        isHandOverScheduled = false
        guard !pending.isEmpty else { return }
        var taken: [Element] = []
        swap(&taken, &pending)
        stream.yield(taken)
    }

    /// Hands over what is left and ends the stream.
    func finish() {
        handOver()
        stream.finish()
    }
}
