import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInstruments

/// The session as the page sees it, kept off the main actor: it renders what the feed hands over
/// (sensitive values redacted, by the library's one rule), keeps the messages sent so far for pages
/// that connect later, and sends each new one to the pages connected.
actor InspectorJournal {
    /// How many messages are kept for pages that connect later: the last ones, older ones dropped.
    static let keptMessages = 20_000
    /// How many bytes of messages are kept at most: fewer messages when they are long.
    static let keptBytes = 64 << 20

    private var messages = RecentMessages(capacity: keptMessages, byteLimit: keptBytes)
    private var latestTree: Data?
    private var pages: [UUID: AsyncStream<Data>.Continuation] = [:]
    /// The number of recorded inputs up to each of the last ``keptMessages`` events, to replay to it;
    /// a page names the inputs of earlier ones itself.
    private var inputsByEvent: [Int: Int] = [:]
    /// The number of the latest event taken.
    private var newestEvent = 0
    /// Readers waiting until the event of this number is taken.
    private var waiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var isFinished = false
    /// Effects enqueued and not yet ended, per scope runtime and text, oldest first.
    private var openEffects: [String: [Int]] = [:]
    /// Analytics events handed over, waiting for the events they track.
    private var waitingAnalytics: [Capture] = []
    private var nextEffectID = 0
    /// What the messages taken since the last ``flush()`` send the pages, as server-sent events: the
    /// pages receive it in one piece, so that a burst of events costs the socket one write rather
    /// than one per message.
    private var outgoing = Data()
    /// Writes each message's JSON as it goes: `JSONEncoder` builds a tree of boxed values first, which
    /// cost as much as rendering the message's values.
    private let encoder = JSONLineEncoder(redactingSensitiveValues: false)
    private let watchers: CriticalState<Int>
    private let hello: Message

    /// The event where an opened recording's run ended: shown, not replayed.
    private var eventThatEndedTheRun: Int?

    /// - Parameter opened: What the page says about the recording it shows, when it shows one
    ///   opened without its app; nil for a live app.
    init(rootTypeName: String, canReplay: Bool, opened: String? = nil, watchers: CriticalState<Int>) {
        self.watchers = watchers
        var hello = Message(kind: "hello")
        hello.scope = rootTypeName
        hello.canReplay = canReplay
        hello.recording = opened
        self.hello = hello
    }

    /// Takes what the feed hands over until it stops.
    ///
    /// Analytics hands its events over from its own thread, often before the main actor's turn that
    /// accepted them has ended and handed its events over: they wait for the next hand-over from the
    /// main actor, or ``analyticsWait`` at most, so that each follows the event it tracks.
    func consume(_ captures: AsyncStream<[Capture]>, backlog: HandOverBacklog) async {
        // Whatever ends the stream, the main actor never waits for this consumer again.
        defer { backlog.close() }
        for await batch in captures {
            if batch.count == 1, case .analytics = batch[0] {
                waitingAnalytics.append(batch[0])
                if waitingAnalytics.count == 1 {
                    Task { [weak self] in
                        try? await Task.sleep(for: Self.analyticsWait)
                        await self?.publishWaitingAnalytics()
                    }
                }
                continue
            }
            for capture in batch { take(capture) }
            backlog.taken(batch.count)
            publishWaitingAnalytics()
            resumeWaiters()
        }
        publishWaitingAnalytics()
        isFinished = true
        // Nothing more comes: whoever still waits gets what there is.
        for waiter in waiters { waiter.continuation.resume() }
        waiters.removeAll()
        for page in pages.values { page.finish() }
        pages.removeAll()
    }

    /// How long an analytics event waits, at most, for the event it tracks.
    static let analyticsWait = Duration.milliseconds(100)

    /// Takes the analytics events waiting, then sends the pages what the latest takes left them: it
    /// ends each run of takes, so nothing waits in ``outgoing`` while the journal waits for more.
    private func publishWaitingAnalytics() {
        var waiting: [Capture] = []
        swap(&waiting, &waitingAnalytics)
        for capture in waiting { take(capture) }
        flush()
    }

    /// Returns once event `id` is taken (or nothing more will come): the feed hands each event over
    /// when its turn of the main actor ends, so a request may arrive before it.
    func waitUntilTaken(_ id: Int) async {
        guard newestEvent < id, !isFinished else { return }
        await withCheckedContinuation { continuation in
            waiters.append((id, continuation))
        }
    }

    private func resumeWaiters() {
        waiters.removeAll { waiter in
            guard waiter.id <= newestEvent else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// How many recorded inputs a replay plays to show the state after event `id`, if it is one of
    /// the last ``keptMessages`` events.
    func inputs(through id: Int) -> Int? { inputsByEvent[id] }

    /// Whether event `id` is where an opened recording's run ended, which was not replayed.
    func endedTheRun(_ id: Int) -> Bool { eventThatEndedTheRun == id }

    /// Whether event `id` happened, before the last ``keptMessages`` events.
    func isForgotten(_ id: Int) -> Bool {
        id >= 1 && id <= newestEvent - Self.keptMessages
    }

    /// The most recorded inputs an event before the last ``keptMessages`` can follow: those of the
    /// oldest event kept, since the count never falls from one event to the next.
    func mostInputsOfAForgottenEvent() -> Int {
        inputsByEvent[newestEvent - Self.keptMessages + 1] ?? 0
    }

    /// A stream of messages for a page, each as a server-sent event: those kept so far, the latest
    /// tree, then each new one.
    func connect() -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        let id = UUID()
        continuation.yield(Self.event(encoded(hello)))
        for message in messages.oldestFirst { continuation.yield(Self.event(message)) }
        if let latestTree { continuation.yield(Self.event(latestTree)) }
        pages[id] = continuation
        watchers.withLock { $0 = pages.count }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.disconnect(id) }
        }
        return stream
    }

    private func disconnect(_ id: UUID) {
        pages[id] = nil
        watchers.withLock { $0 = pages.count }
    }

    private func take(_ capture: Capture) {
        switch capture {
        case .event(let id, let cause, let scopePath, let when, let inputs):
            inputsByEvent[id] = inputs
            newestEvent = max(newestEvent, id)
            // Events are numbered one after the other: the one that falls out of the window goes.
            inputsByEvent[id - Self.keptMessages] = nil
            var message = Message(kind: "event")
            message.id = id
            message.cause = cause
            message.scope = scopePath
            message.text = Redaction.describe(when)
            message.inputs = inputs
            publish(message)
        case .eventFailed(let id, let error):
            var message = Message(kind: "eventFailed")
            message.id = id
            message.text = Redaction.describe(error)
            publish(message)
        case .eventEndedTheRun(let id):
            eventThatEndedTheRun = id
            var message = Message(kind: "eventEndedTheRun")
            message.id = id
            publish(message)
        case .effect(let runtime, let scopePath, let step, let effect, let isStream, let during):
            publishEffect(runtime, scopePath, step, effect, isStream: isStream, during: during)
        case .report(let report, let during):
            var message = Message(kind: "report")
            message.cause = during
            message.scope = report.scopePath
            message.text = report.description
            publish(message)
        case .analytics(let event):
            var message = Message(kind: "analytics")
            message.scope = event.scopePath
            message.text = event.description
            publish(message)
        case .tree(let snapshot):
            var message = Message(kind: "tree")
            message.text = snapshot.description
            message.work = snapshot.work
            let data = encoded(message)
            latestTree = data
            send(data)
        }
    }

    /// An effect's step: enqueueing makes an effect of the timeline, each later step updates the
    /// oldest open one of the same scope and text.
    private func publishEffect(
        _ runtime: ObjectIdentifier, _ scopePath: String, _ step: EffectStep, _ effect: any Sendable,
        isStream: Bool, during: Int?
    ) {
        let text = Redaction.describe(effect)
        let key = "\(runtime)|\(text)"
        let id: Int
        if step != .enqueued, step != .dropped, let open = openEffects[key], let first = open.first {
            id = first
            if step != .started {
                openEffects[key]?.removeFirst()
                if openEffects[key]?.isEmpty == true { openEffects[key] = nil }
            }
        } else {
            nextEffectID += 1
            id = nextEffectID
            if step == .enqueued { openEffects[key, default: []].append(id) }
        }
        var message = Message(kind: "effect")
        message.id = id
        message.cause = during
        message.scope = scopePath
        message.text = text
        message.step = step.rawValue
        message.stream = isStream
        publish(message)
    }

    private func publish(_ message: Message) {
        let data = encoded(message)
        messages.append(data)
        send(data)
    }

    private func send(_ data: Data) {
        guard !pages.isEmpty else { return }
        outgoing.append(contentsOf: "data: ".utf8)
        outgoing.append(data)
        outgoing.append(contentsOf: "\n\n".utf8)
    }

    /// Sends the pages what was taken since the last flush.
    private func flush() {
        guard !outgoing.isEmpty else { return }
        for page in pages.values { page.yield(outgoing) }
        outgoing = Data()
    }

    /// A message as a server-sent event: one `data:` line (JSON holds no raw newline), then a blank
    /// line.
    private static func event(_ message: Data) -> Data {
        Data("data: ".utf8) + message + Data("\n\n".utf8)
    }

    private func encoded(_ message: Message) -> Data {
        encoder.bytes.removeAll(keepingCapacity: true)
        guard (try? encoder.append(message)) != nil, !encoder.needsFallback else {
            return Data(#"{"kind":"unencodable"}"#.utf8)
        }
        return Data(encoder.bytes)
    }

    /// One message to the page; absent fields are left out.
    struct Message: Encodable, Sendable {
        let kind: String
        var id: Int?
        var cause: Int?
        var scope: String?
        var text: String?
        var inputs: Int?
        var step: String?
        var stream: Bool?
        var canReplay: Bool?
        /// What the page shows, when it is a recording opened without its app.
        var recording: String?
        var work: [TreeSnapshot.Work]?
    }
}
