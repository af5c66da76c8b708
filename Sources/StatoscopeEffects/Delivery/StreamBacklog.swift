@_spi(StatoscopeInternals) import StatoscopeCore

/// What one stream posted for the main actor and the main actor has not taken yet, and the producer
/// waiting for room: a stream's share of ``CompletionInbox`` as plain data, testable without a lock
/// or a task.
///
/// Each stream has its own backlog, so that a stream producing faster than the main actor delivers
/// queues behind itself only: the completions of other effects, and other streams' elements, do not
/// wait behind its elements. A producer that can wait (a sequence's iteration) waits once
/// ``capacity`` elements are waiting, and goes on when the main actor takes them; one that cannot
/// (a closure's synchronous `yield`) adds past it.
///
/// The stream's end comes last: the main actor takes it only once every element before it is taken.
package struct StreamBacklog<Element, Producer> {
    /// How many waiting elements make a producer that can wait do so.
    package let capacity: Int
    private var elements: [Element] = []
    private var end: Element?
    /// The producer waiting for room, resumed when the main actor takes the elements.
    private var waitingProducer: Producer?
    /// Whether the main actor serves this stream: it posted something not yet taken, or the main
    /// actor has not yet found it empty. A post to a stream not served asks for it to be.
    package private(set) var isServed = false

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Elements waiting for the main actor.
    package var count: Int { elements.count }

    /// Whether a producer that can wait must, before it posts again.
    package var isFull: Bool { elements.count >= capacity }

    /// Adds an element; returns whether the main actor must be asked to serve this stream.
    package mutating func post(_ element: Element) -> Bool {
        elements.append(element)
        return becomeServed()
    }

    /// Adds the stream's last outcome, taken after every element; returns whether the main actor must
    /// be asked to serve this stream.
    package mutating func postEnd(_ last: Element) -> Bool {
        end = last
        return becomeServed()
    }

    private mutating func becomeServed() -> Bool {
        guard !isServed else { return false }
        isServed = true
        return true
    }

    /// Parks `producer` until the main actor takes the elements; gives it back when there is room
    /// already (the main actor took them meanwhile), and the caller resumes it at once.
    package mutating func wait(_ producer: Producer) -> Producer? {
        guard isFull else { return producer }
        waitingProducer = producer
        return nil
    }

    /// What the main actor takes on its turn.
    package enum Taken {
        /// The elements, swapped into the caller's buffer, and the producer to resume, if one waited.
        case elements(resuming: Producer?)
        /// The stream's last outcome: no element is left, and the stream is served no longer.
        case end(Element)
        /// Nothing waits: the stream is served no longer, until it posts again.
        case nothing
    }

    /// Takes every waiting element into `buffer`, which must be empty and whose storage the backlog
    /// keeps for what is posted next, or else the end, or else stops serving the stream.
    package mutating func take(into buffer: inout [Element]) -> Taken {
        precondition(buffer.isEmpty, "the main actor delivers every element it took before it takes more")
        guard elements.isEmpty else {
            swap(&elements, &buffer)
            let producer = waitingProducer
            waitingProducer = nil
            return .elements(resuming: producer)
        }
        isServed = false
        // An idle or ended stream keeps no buffer: a slow stream's elements come one by one, and a
        // burst grows one anew.
        elements = []
        guard let last = end else { return .nothing }
        end = nil
        return .end(last)
    }
}
