import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// Scopes under a root of their own, so that these tests read only their own lines: logging is
/// app-wide, and other suites run alongside.
@MainActor
final class LoggingRoot: Scope {
    @Subscope var leaf = Leaf()
    @Subscope var journal = Journal()
    @Subscope var downloader = Downloader()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Logging is app-wide: these tests run one at a time, each with instruments of its own, so that the
/// logging they enable (state diffs included) never costs the suites running alongside.
@MainActor
@Suite(.timeLimit(.minutes(20)), .serialized, .isolatedInstruments)
struct EventLoggingTests {
    @Test func logsEventsStateDiffsAndEveryEffectLifecycleStep() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let root = LoggingRoot()
        let leaf = root.leaf
        // The ancestors a leaf declares, which a test must give it: without them, its events fail
        // the test instead of reaching its update.
        leaf.injectSuperscopeForTesting(Branch())
        leaf.injectSuperscopeForTesting(Root())
        leaf.send(.set(4))
        leaf.send(.startEffect)
        await leaf.gate.open()
        await leaf.effectsState.waitUntilSettled()
        let lines = log.lines.filter { $0.contains("LoggingRoot.leaf") }
        #expect(
            lines == [
                "info LoggingRoot.leaf <- set(4)",
                "info LoggingRoot.leaf changed value: 0 -> 4",
                "info LoggingRoot.leaf <- startEffect",
                "info LoggingRoot.leaf effect GatedEffect(value: 99, fails: false, gate: StatoscopeTestSupport.Gate, probe: StatoscopeTests.EffectProbe) enqueued",
                "info LoggingRoot.leaf effect GatedEffect(value: 99, fails: false, gate: StatoscopeTestSupport.Gate, probe: StatoscopeTests.EffectProbe) started",
                "info LoggingRoot.leaf effect GatedEffect(value: 99, fails: false, gate: StatoscopeTestSupport.Gate, probe: StatoscopeTests.EffectProbe) completed",
                "info LoggingRoot.leaf <- set(99)",
                "info LoggingRoot.leaf changed value: 4 -> 99",
            ])
    }

    @Test func everyChangeIsLoggedHoweverLongTheValueAndWhenAChildComesOrGoes() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let inbox = LoggedInbox()
        for index in 0..<12 { inbox.send(.received("message number \(index)")) }
        inbox.send(.opened)
        inbox.send(.opened)
        inbox.send(.closed)
        inbox.send(.closed)
        let changes = log.lines.filter { $0.hasPrefix("info LoggedInbox changed") }
        #expect(changes.count == 15, "one line per update that changed state, the last doing nothing")
        #expect(changes[0] == #"info LoggedInbox changed messages: [] -> ["message number 0"]"#)
        #expect(
            changes[11]
                == #"info LoggedInbox changed messages (11 -> 12 elements): … "message number 9", "message number 10"] -> … "message number 9", "message number 10", "message number 11"]"#
        )
        #expect(
            changes[12...]
                == [
                    "info LoggedInbox changed detail: nil -> LoggedMessage",
                    "info LoggedInbox changed detail: LoggedMessage -> another LoggedMessage",
                    "info LoggedInbox changed detail: LoggedMessage -> nil",
                ])
    }

    @Test func aLongTextChangedBeyondItsShownPartShowsWhereItChanged() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let inbox = LoggedInbox()
        let long = String(repeating: "a", count: 200)
        inbox.send(.drafted(long + "b"))
        inbox.send(.drafted(long + "c"))
        let changes = log.lines.filter { $0.hasPrefix("info LoggedInbox changed") }
        #expect(changes.count == 2)
        let window = String(repeating: "a", count: 40)
        #expect(changes.last == #"info LoggedInbox changed draft: …\#(window)b" -> …\#(window)c""#)
    }

    @Test func anObjectReplacedByALookAlikeIsLoggedAsAnother() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let inbox = LoggedInbox()
        inbox.send(.newSignature)
        inbox.send(.newSignature)
        let changes = log.lines.filter { $0.hasPrefix("info LoggedInbox changed") }
        #expect(
            changes == [
                "info LoggedInbox changed signature: nil -> Signature",
                "info LoggedInbox changed signature: Signature -> another Signature",
            ])
    }

    @Test func logsCancelledDiscardedFailedAndDroppedEffectsAndErrors() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .debug)
        defer { EventLogging.disable() }
        let root = LoggingRoot()
        let journal = root.journal
        journal.send(.enqueueThenThrow)
        let downloader = root.downloader
        downloader.send(.startKeyed(1, key: "k", policy: .keepOlder))
        downloader.send(.startKeyed(2, key: "k", policy: .keepOlder))
        downloader.effectsState.cancelAllEffects()
        downloader.send(.startFailing(3))
        await downloader.gate.open()
        await downloader.effectsState.waitUntilSettled()
        let effectLines = log.lines.filter { $0.contains("LoggingRoot.") && $0.contains(" effect ") }.map {
            $0.replacingOccurrences(
                of: ", gate: StatoscopeTestSupport.Gate, probe: StatoscopeTests.EffectProbe", with: "")
        }
        #expect(
            effectLines == [
                "debug LoggingRoot.journal effect AnyEffect<When> enqueued",
                "debug LoggingRoot.journal effect AnyEffect<When> discarded (its update threw)",
                "debug LoggingRoot.downloader effect GatedEffect(value: 1, fails: false) enqueued",
                "debug LoggingRoot.downloader effect GatedEffect(value: 1, fails: false) started",
                "debug LoggingRoot.downloader effect GatedEffect(value: 2, fails: false) dropped (its key is in flight)",
                "debug LoggingRoot.downloader effect GatedEffect(value: 1, fails: false) cancelled",
                "debug LoggingRoot.downloader effect GatedEffect(value: 3, fails: true) enqueued",
                "debug LoggingRoot.downloader effect GatedEffect(value: 3, fails: true) started",
                "error LoggingRoot.downloader effect GatedEffect(value: 3, fails: true) failed: Failure(value: 3)",
            ])
        #expect(log.lines.contains("error LoggingRoot.journal update threw Refusal(value: 0)"))
    }

    @Test func aDebouncedEffectIsScheduledDuringItsQuietPeriodAndStartedOnlyWhenItsWorkStarts() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info)
        defer { EventLogging.disable() }
        let clock = ManualEffectClock()
        let box = SearchBox()
        box.inject(EffectClock(clock))
        box.send(.userTyped("s"))
        box.send(.userTyped("sw"))
        await waitUntil("the last search waiting out its quiet period") { clock.sleeperCount == 1 }
        let scheduledLines = log.lines.filter { $0.contains("SearchBox effect") }
        #expect(!scheduledLines.contains { $0.hasSuffix(" started") }, "\(scheduledLines)")
        clock.advance(by: .milliseconds(300))
        await box.effectsState.waitUntilSettled()
        let lines = log.lines.filter { $0.contains("SearchBox effect") }.map {
            $0.replacingOccurrences(of: "AnyEffect<String>", with: "Search")
        }
        #expect(
            lines == [
                "info SearchBox effect Search enqueued",
                "info SearchBox effect Search scheduled (starts in 0.3 seconds)",
                "info SearchBox effect Search enqueued",
                "info SearchBox effect Search cancelled",
                "info SearchBox effect Search scheduled (starts in 0.3 seconds)",
                "info SearchBox effect Search started",
                "info SearchBox effect Search completed",
            ], "the first search was replaced while scheduled: it never started")
    }

    @Test func aDelayedEventIsScheduledWhileItWaitsAndStartedOnlyWhenItIsSent() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info)
        defer { EventLogging.disable() }
        let clock = ManualEffectClock()
        let filter = SettlingFilter()
        filter.inject(EffectClock(clock))
        filter.send(.userTyped("s"))
        await waitUntil("the event waiting out its delay") { clock.sleeperCount == 1 }
        let waiting = log.lines.filter { $0.contains("SettlingFilter effect") }
        #expect(!waiting.contains { $0.hasSuffix(" started") }, "\(waiting)")
        clock.advance(by: .milliseconds(300))
        #expect(await filter.effectsState.settlesWithinTestPatience())
        #expect(
            log.lines.filter { $0.contains("SettlingFilter") } == [
                "info SettlingFilter <- userTyped(\"s\", after: 0.3 seconds)",
                "info SettlingFilter effect DelayedEvent(textSettled, after: 0.3 seconds) enqueued",
                "info SettlingFilter effect DelayedEvent(textSettled, after: 0.3 seconds) scheduled (starts in 0.3 seconds)",
                "info SettlingFilter effect DelayedEvent(textSettled, after: 0.3 seconds) started",
                "info SettlingFilter effect DelayedEvent(textSettled, after: 0.3 seconds) completed",
                "info SettlingFilter <- textSettled",
            ])
    }

    @Test func atALevelTheHandlerDropsOnlyErrorsAreLogged() async {
        let log = CapturedLog()
        var logger = log.logger()
        logger.logLevel = .info
        EventLogging.enable(logger: logger, level: .debug, stateDiffs: true)
        defer { EventLogging.disable() }
        let journal = LoggingRoot().journal
        journal.send(.add(1))
        journal.send(.addThenThrow(2))
        journal.send(.addThenSend(3, then: [4]))
        #expect(journal.total == 10)
        #expect(log.lines == ["error LoggingRoot.journal update threw Refusal(value: 2)"])
    }

    @Test func anEventToADismissedScopeIsNotLoggedAsAnUpdateError() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info)
        defer { EventLogging.disable() }
        let root = LoggingRoot()
        let journal = root.journal
        root.journal = Journal()
        journal.send(.add(5))
        #expect(journal.total == 0)
        #expect(log.lines == [])
    }

    @Test func disabledLoggingWritesNothing() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger())
        EventLogging.disable()
        #expect(!EventLogging.isEnabled)
        LoggingRoot().journal.send(.add(1))
        #expect(log.lines.isEmpty)
    }
}

/// An inbox that grows a long list and presents a message: its state diffs must show every change.
@MainActor
final class LoggedInbox: Scope {
    var messages: [String] = []
    var draft = ""
    var signature: Signature?
    @Subscope var detail: LoggedMessage? = nil

    enum When: Sendable {
        case received(String)
        case drafted(String)
        case opened
        case closed
        case newSignature
    }

    func update(_ when: When) throws {
        switch when {
        case .received(let message): messages.append(message)
        case .drafted(let text): draft = text
        case .opened: detail = LoggedMessage()
        case .closed: detail = nil
        case .newSignature: signature = Signature()
        }
    }
}

/// The message an inbox presents.
@MainActor
final class LoggedMessage: Scope {
    enum When: Sendable { case read }
    func update(_ when: When) throws {}
}

/// A reference that looks like any other of its kind.
final class Signature: CustomStringConvertible {
    var description: String { "Signature" }
}
