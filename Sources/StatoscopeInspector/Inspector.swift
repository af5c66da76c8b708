import FlyingFox
import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects

/// A web page, served from inside the running app, that shows its tree of scopes live: each scope's
/// state, a timeline of events with the effects they started and what became of them, errors,
/// analytics events, the work in flight, and the state after any earlier event.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func sample(app: App) async throws { … } -->
/// ```swift
/// #if DEBUG
/// let inspector = try await Inspector.start(root: app, replayingInto: { App() })
/// print("inspect at", inspector.url)
/// #endif
/// ```
///
/// Link the `StatoscopeInspector` product in debug builds only. The page reads and never writes:
/// nothing it serves changes the app's state. It listens on the loopback address only unless told
/// otherwise; each start makes a random token that every request must carry (``url`` holds it);
/// requests naming another host, or coming from another site's page, are refused; and values the app
/// marks sensitive are redacted, as in logs and recordings.
///
/// It holds at most half the file descriptors the process may open as connections at a time (a
/// client beyond that is answered 503, saying so), and keeps listening when the app holds every
/// descriptor, taking the waiting connections once some free up.
///
/// While it runs, each event costs the main actor a recorded line and a hand-over; rendering and
/// serialising happen off the main actor, and the tree is described at most every 100 ms, only while
/// a page is connected. Its memory stays flat however long it runs: the session's recording goes to
/// a file in the temporary directory, removed when the inspector is released, and it keeps the last
/// 20,000 entries of the timeline for pages that connect later. Not started, it costs nothing. It
/// runs until ``stop()`` or until it is released.
@MainActor
public final class Inspector {
    /// The page's address, token included: open it in a browser on the same machine.
    public let url: URL

    /// The listening socket and its connections: tests read it.
    let listener: InspectorListener
    let session: InspectorSession
    /// The session as the page sees it: tests read it.
    let journal: InspectorJournal
    /// The listener's run: cancelling it closes the listening socket and every connection.
    private let running: Task<Void, any Error>
    /// The tree an opened recording is replayed into: nothing else holds it.
    var openedRoot: (any Scope)?

    private init(
        url: URL, listener: InspectorListener, session: InspectorSession, journal: InspectorJournal,
        running: Task<Void, any Error>
    ) {
        self.url = url
        self.listener = listener
        self.session = session
        self.journal = journal
        self.running = running
    }

    isolated deinit {
        session.feed.stop()
        session.recording.stop()
        running.cancel()
    }

    /// Which network interfaces the inspector listens on.
    public enum Interfaces: Sendable, Equatable {
        /// The loopback address only: reachable from this machine alone.
        case loopback
        /// Every interface, answering requests that name one of `hostNames` (with the port) as well
        /// as the loopback names: for a device on the same network. The token still guards it, but
        /// the page's traffic is not encrypted.
        case every(hostNames: [String])
    }

    /// Starts inspecting the tree of `root` and serving the page; returns once it listens.
    ///
    /// - Parameters:
    ///   - root: The tree to inspect: the inspector records its inputs and describes it.
    ///   - makeRoot: Builds a fresh root of the same type, into which the page replays the session to
    ///     show the state after an earlier event; without it, the page shows only the live state. The
    ///     fresh tree's shared values live in a store of its own, in memory (see `Replay`): a
    ///     replay leaves the live app's alone.
    ///   - port: The port to listen on; 0, the default, lets the system pick a free one.
    ///   - interfaces: Where to listen: the loopback address unless told otherwise.
    /// - Throws: When it cannot listen, or when another inspector runs or is starting: one runs at a
    ///   time.
    public static func start<Root: Scope>(
        root: Root, replayingInto makeRoot: (@MainActor () -> Root)? = nil, port: UInt16 = 0,
        interfaces: Interfaces = .loopback
    ) async throws -> Inspector {
        try await serve(root: root, replayingInto: makeRoot, opened: nil, port: port, interfaces: interfaces)
    }

    /// Serves the page for the tree of `root`: a live app's, or the fresh one an opened recording is
    /// replayed into.
    static func serve<Root: Scope>(
        root: Root, replayingInto makeRoot: (@MainActor () -> Root)?, opened: OpenedRecording?,
        port: UInt16, interfaces: Interfaces
    ) async throws -> Inspector {
        // The effects' lifecycle has one slot for the inspector. It is claimed here, before anything
        // that may suspend, so that no other start can find it free until this one has ended; it is
        // given back if this start fails.
        guard ScopeRuntime.lifecycleInspector == nil else {
            throw InspectorUnavailable(
                reason: "an inspector is already running: stop it before starting another")
        }
        ScopeRuntime.lifecycleInspector = { _, _, _ in }
        var isStarted = false
        defer { if !isStarted { ScopeRuntime.lifecycleInspector = nil } }
        let ip = interfaces == .loopback ? "127.0.0.1" : "0.0.0.0"
        let listener: InspectorListener
        do {
            listener = try InspectorListener(ip: ip, port: port, cap: ConnectionCap.forThisProcess())
        } catch {
            throw InspectorUnavailable(reason: "the inspector could not listen on \(ip):\(port): \(error)")
        }
        let listeningPort = listener.port
        let watchers = CriticalState(0)
        let (captures, continuation) = AsyncStream<[Capture]>.makeStream()
        let backlog = HandOverBacklog()
        let recording = SessionRecording(recording: root, replayingInto: makeRoot)
        let feed = InspectorFeed(
            root: root, recording: recording, watchers: watchers, captures: continuation, backlog: backlog)
        let session = InspectorSession(feed: feed, recording: recording, opened: opened)
        let journal = InspectorJournal(
            rootTypeName: "\(type(of: root))", canReplay: makeRoot != nil, opened: opened?.summary,
            watchers: watchers)
        let token = RequestCheck.makeToken()
        var hosts: [String] = []
        if case .every(let names) = interfaces { hosts = names }
        let handler = InspectorServer(
            check: RequestCheck(token: token, port: listeningPort, allowedHosts: hosts), journal: journal,
            session: session)
        let running = Task.detached { try await listener.run(handler: handler) }
        // Ends when the feed stops and finishes the stream of what it hands over.
        Task.detached { await journal.consume(captures, backlog: backlog) }
        feed.start()
        isStarted = true
        return Inspector(
            url: URL(string: "http://127.0.0.1:\(listeningPort)/?token=\(token)")!, listener: listener,
            session: session, journal: journal, running: running)
    }

    /// Stops serving and takes out what the inspector installed; pages connected see the stream end.
    /// Releasing the inspector stops it too.
    public func stop() async {
        session.feed.stop()
        session.recording.stop()
        running.cancel()
        _ = await running.result
    }
}
