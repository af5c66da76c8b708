// Adversarial tests of the documented promises of a scope's own middleware (`Scope.addMiddleware`):
// order, transforming, dropping, wrapping and throwing; registrations removed, released or dropped;
// scopes released, dismissed, moved, subclassed and generic; thousands of scopes; middleware that
// calls back into the library; test plans. Only the public API.
//
// Tests run alongside other suites: app-wide instruments are filtered by scope, or installed under
// the `.isolatedInstruments` trait. No test asserts a timing: the release of a scope's middleware
// ("within a second of the release, while the main actor runs") is polled for up to ten seconds.
import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

// MARK: - Fixtures

/// What middlewares and updates saw, in order.
@MainActor
final class ASMLog {
    var items: [String] = []
    func add(_ item: String) { items.append(item) }
}

/// Something a middleware's closure holds, to see when the middleware itself is gone.
final class ASMSentinel: Sendable {}

/// Runs its closure when released.
@MainActor
final class ASMFarewell {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    isolated deinit { body() }
}

struct ASMRefused: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "ASMRefused(\(n))" }
}

struct ASMMiddlewareError: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "ASMMiddlewareError(\(n))" }
}

final class ASMCounter: Scope {
    var total = 0
    var handled: [String] = []
    /// Registrations the scope keeps itself.
    var kept: [MiddlewareRegistration] = []

    enum When: Codable, Sendable, Equatable, TrackedWhen {
        case add(Int)
        case fail(Int)
        case ping
        case load(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let n):
            total += n
            handled.append("add \(n)")
        case .fail(let n):
            effectsState.enqueue(AnyEffect { When.add(1_000) })
            throw ASMRefused(n: n)
        case .ping:
            handled.append("ping")
        case .load(let n):
            effectsState.enqueue(AnyEffect { When.add(n) })
        }
    }
}

final class ASMChild: Scope {
    var taps = 0
    enum When: Sendable, Codable, Equatable { case tap }
    func update(_ when: When) throws { taps += 1 }
}

final class ASMParent: Scope {
    @Subscope var child: ASMChild? = nil
    @Subscope var other: ASMChild? = nil
    var heard: [String] = []
    var watch: MiddlewareRegistration?

    enum When {
        case present(ASMChild)
        case presentWatched
        case close
        case moveToOther
        case heard(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .present(let child):
            self.child = child
        case .presentWatched:
            let child = ASMChild()
            self.child = child
            watch = child.addMiddleware { [weak self] child, when, next in
                try next(when)
                self?.send(.heard("child taps \(child.taps)"))
            }
        case .close:
            child = nil
        case .moveToOther:
            other = child
            child = nil
        case .heard(let text):
            heard.append(text)
        }
    }
}

final class ASMNode: Scope {
    @Subscope var next: ASMNode? = nil
    var touches = 0
    enum When {
        case link(ASMNode)
        case unlink
        case touch
    }
    func update(_ when: When) throws {
        switch when {
        case .link(let node): next = node
        case .unlink: next = nil
        case .touch: touches += 1
        }
    }
}

@MainActor
class ASMBase: Scope {
    var said: [String] = []
    enum When: Sendable, Codable, Equatable { case say(String) }
    func update(_ when: When) throws {
        switch when {
        case .say(let text): said.append(text)
        }
    }
}

@MainActor
final class ASMDerived: ASMBase {
    var derivedUpdates = 0
    override func update(_ when: When) throws {
        derivedUpdates += 1
        try super.update(when)
    }
}

final class ASMBox<T: Sendable & Equatable>: Scope {
    var values: [T] = []
    enum When { case put(T) }
    func update(_ when: When) throws {
        switch when {
        case .put(let value): values.append(value)
        }
    }
}

@MainActor
class ASMGenericBase<T: Sendable & Equatable>: Scope {
    var values: [T] = []
    enum When { case put(T) }
    func update(_ when: When) throws {
        switch when {
        case .put(let value): values.append(value)
        }
    }
}

@MainActor
final class ASMGenericSub: ASMGenericBase<Int> {
    var extra = 0
    override func update(_ when: When) throws {
        extra += 1
        try super.update(when)
    }
}

/// A small deterministic generator, for shuffles.
struct ASMRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Polls `condition` while the main actor runs, for up to a minute of polling: the polls are
/// counted rather than timed, so that other tests holding the main actor meanwhile do not use them up.
@MainActor
func asmEventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<3_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}

/// The errors reported for one scope.
@MainActor
final class ASMReports {
    private(set) var errors: [any Error] = []
    private var registration: MiddlewareRegistration?

    init(for scope: some Scope) {
        let id = ObjectIdentifier(scope)
        registration = ErrorReporting.addHandler { [weak self] report in
            if report.scopeID == id { self?.errors.append(report.error) }
        }
    }

    var descriptions: [String] { errors.map { "\($0)" } }
    func stop() { registration?.remove() }
}

/// A swift-log handler that keeps every message.
final class ASMLogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func logger() -> Logger {
        Logger(label: "ASM") { _ in Handler(sink: self) }
    }

    fileprivate func append(_ message: String) {
        lock.lock()
        entries.append(message)
        lock.unlock()
    }

    struct Handler: LogHandler {
        let sink: ASMLogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            sink.append("\(event.message)")
        }
    }
}

// MARK: - Regression attacks

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct AttackScopeMiddlewareTests {
    // "Middlewares run in the order they were added: the first added sees the event first", and each
    // passes on what the next one sees.
    @Test func threeMiddlewaresRunInTheOrderAddedAndEachSeesWhatTheOneBeforePassedOn() {
        let counter = ASMCounter()
        let log = ASMLog()
        let first = counter.addMiddleware { _, when, next in
            log.add("first \(when)")
            guard case .add(let n) = when else { return try next(when) }
            try next(.add(n * 10))
            log.add("first after")
        }
        let second = counter.addMiddleware { scope, when, next in
            log.add("second \(when) total \(scope.total)")
            guard case .add(let n) = when else { return try next(when) }
            try next(.add(n + 1))
            log.add("second after total \(scope.total)")
        }
        let third = counter.addMiddleware { _, when, next in
            log.add("third \(when)")
            try next(when)
        }
        counter.send(.add(2))
        #expect(
            log.items == [
                "first add(2)", "second add(20) total 0", "third add(21)", "second after total 21",
                "first after",
            ])
        #expect(counter.handled == ["add 21"])
        first.remove()
        second.remove()
        third.remove()
        counter.send(.add(2))
        #expect(counter.total == 23)
    }

    // "The order is fixed: app-wide middleware in the order added, then the scope's own in the order
    // added, then `update`", whichever was registered first.
    @Test func appWideMiddlewareAddedLaterStillRunsBeforeTheScopesOwn() {
        let counter = ASMCounter()
        let log = ASMLog()
        let own = counter.addMiddleware { _, when, next in
            log.add("own \(when)")
            try next(when)
        }
        let appWide = Middleware.addAppWide { event, next in
            guard event.scope === counter else { return try next(event) }
            log.add("app-wide \(event.when)")
            // Passes on another event of the same scope: the scope's own middleware sees that one.
            try next(event.with(when: ASMCounter.When.add(7)))
        }
        counter.send(.ping)
        appWide.remove()
        own.remove()
        #expect(log.items == ["app-wide ping", "own add(7)"])
        #expect(counter.handled == ["add 7"])
    }

    // "drop it (not call `next`)": update never runs, the state is untouched, nothing is reported.
    @Test func aDroppedEventNeverReachesUpdateNorIsReported() {
        let counter = ASMCounter()
        let reports = ASMReports(for: counter)
        defer { reports.stop() }
        let dropper = counter.addMiddleware { _, when, next in
            if case .fail = when { return }
            if case .add(let n) = when, n < 0 { return }
            try next(when)
        }
        defer { dropper.remove() }
        counter.send(.add(-1))
        counter.send(.fail(1))
        counter.send(.add(4))
        #expect(counter.handled == ["add 4"])
        #expect(reports.errors.isEmpty)
        #expect(counter.effectsState.effects.isEmpty)
    }

    // "it sees what `update` throws as an error thrown by `next`": rethrown, the error is reported
    // once and the update's effects are discarded; a middleware may also throw an error of its own in
    // its place.
    @Test func aWrappingMiddlewareSeesUpdatesErrorAndMayReplaceIt() {
        let counter = ASMCounter()
        let reports = ASMReports(for: counter)
        defer { reports.stop() }
        let log = ASMLog()
        let wrapper = counter.addMiddleware { _, when, next in
            log.add("before \(when)")
            defer { log.add("after \(when)") }
            do {
                try next(when)
            } catch let error as ASMRefused {
                log.add("caught \(error)")
                if error.n == 2 { throw ASMMiddlewareError(n: 2) }
                throw error
            }
        }
        defer { wrapper.remove() }
        counter.send(.fail(1))
        counter.send(.fail(2))
        counter.send(.add(1))
        #expect(
            log.items == [
                "before fail(1)", "caught ASMRefused(1)", "after fail(1)",
                "before fail(2)", "caught ASMRefused(2)", "after fail(2)",
                "before add(1)", "after add(1)",
            ])
        #expect(reports.descriptions == ["ASMRefused(1)", "ASMMiddlewareError(2)"])
        #expect(counter.effectsState.effects.isEmpty, "a failed update's effects are discarded")
        #expect(counter.total == 1)
    }

    // A middleware that swallows what update threw: `send` reports nothing; the next events flow.
    @Test func aMiddlewareThatSwallowsTheErrorLeavesNothingReported() {
        let counter = ASMCounter()
        let reports = ASMReports(for: counter)
        defer { reports.stop() }
        let swallower = counter.addMiddleware { _, when, next in try? next(when) }
        defer { swallower.remove() }
        counter.send(.fail(3))
        counter.send(.add(2))
        #expect(reports.errors.isEmpty)
        #expect(counter.total == 2)
    }

    // A middleware's own error, thrown before `next`: update does not run, `send` does not throw, and
    // the scope keeps working.
    @Test func aMiddlewareThatThrowsBeforeNextStopsTheEventOnly() {
        let counter = ASMCounter()
        let reports = ASMReports(for: counter)
        defer { reports.stop() }
        let thrower = counter.addMiddleware { _, when, next in
            if case .add(13) = when { throw ASMMiddlewareError(n: 13) }
            try next(when)
        }
        defer { thrower.remove() }
        counter.send(.add(13))
        counter.send(.add(1))
        #expect(counter.handled == ["add 1"])
        #expect(reports.descriptions == ["ASMMiddlewareError(13)"])
    }

    // Effect completions are events sent to the scope: its middleware sees and may transform them.
    @Test func effectCompletionsPassThroughTheScopesMiddleware() async {
        let counter = ASMCounter()
        let log = ASMLog()
        let registration = counter.addMiddleware { _, when, next in
            log.add("\(when)")
            if case .add(let n) = when { return try next(.add(n * 100)) }
            try next(when)
        }
        defer { registration.remove() }
        counter.send(.load(3))
        #expect(await counter.effectsState.waitUntilSettled(timeout: .seconds(120)))
        #expect(await asmEventually { counter.total == 300 })
        #expect(log.items == ["load(3)", "add(3)"])
    }

    // "runs until its registration is removed or released": a registration dropped at once never runs;
    // a released one stops; `remove()` twice, or after release, touches nothing else.
    @Test func droppedReleasedAndTwiceRemovedRegistrations() {
        let counter = ASMCounter()
        let log = ASMLog()
        _ = counter.addMiddleware { _, when, next in
            log.add("dropped \(when)")
            try next(when)
        }
        var released: MiddlewareRegistration? = counter.addMiddleware { _, when, next in
            log.add("released \(when)")
            try next(when)
        }
        let first = counter.addMiddleware { _, when, next in
            log.add("first \(when)")
            try next(when)
        }
        let second = counter.addMiddleware { _, when, next in
            log.add("second \(when)")
            try next(when)
        }
        let third = counter.addMiddleware { _, when, next in
            log.add("third \(when)")
            try next(when)
        }
        counter.send(.add(1))
        #expect(log.items == ["released add(1)", "first add(1)", "second add(1)", "third add(1)"])
        withExtendedLifetime(released) {}
        released = nil
        second.remove()
        second.remove()
        let fourth = counter.addMiddleware { _, when, next in
            log.add("fourth \(when)")
            try next(when)
        }
        second.remove()
        log.items = []
        counter.send(.add(2))
        #expect(log.items == ["first add(2)", "third add(2)", "fourth add(2)"])
        #expect(counter.total == 3)
        #expect(first != second && second != third && first == first)
        #expect(Set([first, second, third, fourth, first]).count == 4)
        first.remove()
        third.remove()
        fourth.remove()
    }

    // A set of registrations released at once takes every middleware in it out.
    @Test func releasingASetOfRegistrationsRemovesThemAll() {
        let counters = (0..<50).map { _ in ASMCounter() }
        let log = ASMLog()
        var registrations: Set<MiddlewareRegistration>? = Set(
            counters.map { counter in
                counter.addMiddleware { _, when, next in
                    log.add("\(when)")
                    try next(when)
                }
            })
        for counter in counters { counter.send(.ping) }
        #expect(log.items.count == 50)
        withExtendedLifetime(registrations) {}
        registrations = nil
        for counter in counters { counter.send(.ping) }
        #expect(log.items.count == 50)
        #expect(counters.allSatisfy { $0.handled == ["ping", "ping"] })
    }

    // Only the events sent to this scope: the parent's middleware does not see its child's events, and
    // the child's does not see its parent's.
    @Test func aScopesMiddlewareSeesOnlyItsOwnScopesEvents() {
        let parent = ASMParent()
        let child = ASMChild()
        parent.send(.present(child))
        let log = ASMLog()
        let onParent = parent.addMiddleware { _, when, next in
            log.add("parent \(when)")
            try next(when)
        }
        let onChild = child.addMiddleware { _, when, next in
            log.add("child \(when)")
            try next(when)
        }
        defer {
            onParent.remove()
            onChild.remove()
        }
        child.send(.tap)
        parent.send(.heard("x"))
        #expect(log.items == ["child tap", "parent heard(\"x\")"])
    }

    // MARK: Re-entrancy

    // "An event a middleware sends (to any scope) is queued ... and is handled after the current one."
    @Test func eventsSentFromMiddlewaresPingPongInTurnAcrossTwoScopes() {
        let a = ASMCounter()
        let b = ASMCounter()
        let log = ASMLog()
        let onA = a.addMiddleware { _, when, next in
            guard case .add(let n) = when else { return try next(when) }
            log.add("A \(n)")
            if n < 5 {
                b.send(.add(n + 1))
                log.add("b total while queued \(b.total)")
            }
            try next(when)
            log.add("A done \(n)")
        }
        let onB = b.addMiddleware { _, when, next in
            guard case .add(let n) = when else { return try next(when) }
            log.add("B \(n)")
            if n < 5 { a.send(.add(n + 1)) }
            try next(when)
        }
        defer {
            onA.remove()
            onB.remove()
        }
        a.send(.add(0))
        #expect(
            log.items == [
                "A 0", "b total while queued 0", "A done 0", "B 1", "A 2", "b total while queued 1",
                "A done 2", "B 3", "A 4", "b total while queued 4", "A done 4", "B 5",
            ])
        #expect(a.total == 6)
        #expect(b.total == 9)
    }

    // A middleware adding one to its own scope during an event: the added one serves the events after.
    @Test func aMiddlewareThatAddsAnotherToItsScopeServesTheLaterEvents() {
        let counter = ASMCounter()
        let log = ASMLog()
        var added: [MiddlewareRegistration] = []
        let adder = counter.addMiddleware { scope, when, next in
            log.add("adder \(when)")
            if case .add(1) = when {
                added.append(
                    scope.addMiddleware { _, when, next in
                        log.add("added \(when)")
                        try next(when)
                    })
                scope.send(.add(2))
            }
            try next(when)
        }
        counter.send(.add(1))
        counter.send(.add(3))
        #expect(
            log.items == ["adder add(1)", "adder add(2)", "added add(2)", "adder add(3)", "added add(3)"])
        #expect(counter.handled == ["add 1", "add 2", "add 3"])
        adder.remove()
        for registration in added { registration.remove() }
    }

    // A middleware removing a later one of its scope: the event still reaches update once, and the
    // removed one sees nothing after.
    @Test func aMiddlewareThatRemovesALaterOneOfItsScope() {
        let counter = ASMCounter()
        let log = ASMLog()
        var later: MiddlewareRegistration?
        let remover = counter.addMiddleware { _, when, next in
            log.add("remover \(when)")
            if case .add(1) = when { later?.remove() }
            try next(when)
        }
        later = counter.addMiddleware { _, when, next in
            log.add("later \(when)")
            try next(when)
        }
        counter.send(.add(1))
        counter.send(.add(2))
        #expect(counter.handled == ["add 1", "add 2"])
        #expect(!log.items.contains("later add(2)"))
        #expect(log.items.filter { $0.hasPrefix("remover") } == ["remover add(1)", "remover add(2)"])
        remover.remove()
    }

    // A middleware removing an earlier one that is running around it: the event completes.
    @Test func aMiddlewareThatRemovesTheOneWrappingIt() {
        let counter = ASMCounter()
        let log = ASMLog()
        var outerRegistration: MiddlewareRegistration?
        outerRegistration = counter.addMiddleware { _, when, next in
            log.add("outer before \(when)")
            try next(when)
            log.add("outer after \(when)")
        }
        let inner = counter.addMiddleware { _, when, next in
            log.add("inner \(when)")
            outerRegistration?.remove()
            outerRegistration = nil
            try next(when)
        }
        counter.send(.add(1))
        counter.send(.add(2))
        #expect(
            log.items == [
                "outer before add(1)", "inner add(1)", "outer after add(1)", "inner add(2)",
            ])
        #expect(counter.total == 3)
        inner.remove()
    }

    // A middleware that adds one to another scope and sends to it: the new one sees the queued event;
    // one that removes another scope's middleware and sends to it: the removed one does not.
    @Test func aMiddlewareThatAddsOrRemovesAnotherScopesMiddlewareAndSendsToIt() {
        let a = ASMCounter()
        let b = ASMCounter()
        let c = ASMCounter()
        let log = ASMLog()
        var onB: MiddlewareRegistration?
        let onC = c.addMiddleware { _, when, next in
            log.add("c \(when)")
            try next(when)
        }
        let onA = a.addMiddleware { _, when, next in
            if case .add(1) = when {
                onB = b.addMiddleware { _, when, next in
                    log.add("b \(when)")
                    try next(when)
                }
                b.send(.add(10))
                onC.remove()
                c.send(.add(20))
            }
            try next(when)
        }
        a.send(.add(1))
        #expect(log.items == ["b add(10)"])
        #expect(b.total == 10)
        #expect(c.total == 20)
        onA.remove()
        onB?.remove()
        // Sent first, removed after: the queued event runs once the middleware is gone.
        let d = ASMCounter()
        let onD = d.addMiddleware { _, when, next in
            log.add("d \(when)")
            try next(when)
        }
        let onE = ASMCounter().addMiddleware { _, when, next in
            d.send(.add(30))
            onD.remove()
            try next(when)
        }
        _ = onE
        let e = ASMCounter()
        let onE2 = e.addMiddleware { _, when, next in
            d.send(.add(30))
            onD.remove()
            try next(when)
        }
        e.send(.ping)
        #expect(d.total == 30)
        #expect(!log.items.contains("d add(30)"))
        onE2.remove()
    }

    // A middleware that removes itself runs to the end of its event, and never again.
    @Test func aMiddlewareThatRemovesOrReleasesItselfFinishesItsEvent() {
        let counter = ASMCounter()
        let log = ASMLog()
        var registration: MiddlewareRegistration?
        registration = counter.addMiddleware { _, when, next in
            log.add("saw \(when)")
            registration = nil
            try next(when)
            log.add("after \(when)")
        }
        counter.send(.add(1))
        counter.send(.add(2))
        #expect(log.items == ["saw add(1)", "after add(1)"])
        #expect(counter.total == 3)
        #expect(registration == nil)
    }

    // A middleware may drop the app's last reference to its scope: the event completes, and the scope
    // then goes.
    @Test func aMiddlewareThatDropsTheLastReferenceToItsScope() async {
        final class Holder { var counter: ASMCounter? = ASMCounter() }
        let holder = Holder()
        weak let weakCounter = holder.counter
        let log = ASMLog()
        let registration = holder.counter?.addMiddleware { [holder] scope, when, next in
            holder.counter = nil
            try next(when)
            log.add("after total \(scope.total)")
        }
        holder.counter?.send(.add(3))
        #expect(log.items == ["after total 3"])
        #expect(await asmEventually { weakCounter == nil })
        registration?.remove()
    }

    // MARK: Release of the scope

    // "A released scope's middleware, and what it captured, go within a second of the release, while
    // the main actor runs" — also when the closure holds its own registration, so that only the
    // scope's release can end it.
    @Test func aMiddlewareHoldingItsOwnRegistrationGoesWithItsScope() async {
        weak var sentinel: ASMSentinel?
        weak var weakCounter: ASMCounter?
        do {
            let counter = ASMCounter()
            weakCounter = counter
            let held = ASMSentinel()
            sentinel = held
            let box = ASMRegistrationBox()
            box.registration = counter.addMiddleware { [box] _, when, next in
                withExtendedLifetime((held, box)) {}
                try next(when)
            }
            counter.send(.add(1))
            #expect(counter.total == 1)
        }
        #expect(await asmEventually { weakCounter == nil }, "the middleware does not keep its scope")
        #expect(await asmEventually { sentinel == nil })
    }

    // A scope that keeps the registration of its own middleware is released like any other, and its
    // middleware's captures go too.
    @Test func aScopeKeepingItsOwnMiddlewaresRegistrationIsReleased() async {
        weak var sentinel: ASMSentinel?
        weak var weakCounter: ASMCounter?
        do {
            let counter = ASMCounter()
            weakCounter = counter
            let held = ASMSentinel()
            sentinel = held
            counter.kept.append(
                counter.addMiddleware { _, when, next in
                    withExtendedLifetime(held) {}
                    try next(when)
                })
            counter.send(.add(1))
        }
        #expect(await asmEventually { weakCounter == nil })
        #expect(await asmEventually { sentinel == nil })
    }

    // Objects dropped without cleanup: a thousand scopes and their kept registrations dropped; every
    // middleware's captures go, and the scopes made afterwards work, without middleware.
    @Test func aThousandScopesDroppedWithTheirMiddlewareUncleaned() async {
        let sentinels = ASMWeakSentinels()
        let log = ASMLog()
        var registrations: [MiddlewareRegistration] = []
        do {
            let counters = (0..<1_000).map { _ in ASMCounter() }
            for counter in counters {
                let held = ASMSentinel()
                sentinels.add(held)
                registrations.append(
                    counter.addMiddleware { _, when, next in
                        withExtendedLifetime(held) {}
                        log.add("old \(when)")
                        try next(when)
                    })
                counter.send(.ping)
            }
        }
        #expect(log.items.count == 1_000)
        #expect(await asmEventually { sentinels.alive == 0 }, "\(sentinels.alive) captures still held")
        let fresh = (0..<1_000).map { _ in ASMCounter() }
        for (index, counter) in fresh.enumerated() { counter.send(.add(index)) }
        #expect(log.items.count == 1_000)
        #expect(fresh.enumerated().allSatisfy { $0.element.total == $0.offset })
        // Removing the registrations of released scopes touches nothing else.
        let survivor = ASMCounter()
        let survivorRegistration = survivor.addMiddleware { _, when, next in
            log.add("survivor \(when)")
            try next(when)
        }
        for registration in registrations { registration.remove() }
        survivor.send(.ping)
        #expect(log.items.last == "survivor ping")
        survivorRegistration.remove()
    }

    // A new scope at a released scope's address never runs the old scope's middleware, whether it
    // comes before or after the release check.
    @Test func scopesAllocatedAfterAReleaseNeverRunTheReleasedScopesMiddleware() async {
        let log = ASMLog()
        var oldID: ObjectIdentifier?
        var registration: MiddlewareRegistration?
        weak var sentinel: ASMSentinel?
        do {
            let old = ASMCounter()
            oldID = ObjectIdentifier(old)
            let held = ASMSentinel()
            sentinel = held
            registration = old.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                log.add("old \(when)")
                try next(when)
            }
            old.send(.add(-1))
        }
        var reused = 0
        var kept: [ASMCounter] = []
        var wrong = 0
        for round in 0..<2 {
            for index in 0..<2_000 {
                let scope = ASMCounter()
                if ObjectIdentifier(scope) == oldID { reused += 1 }
                scope.send(.add(index))
                if scope.handled != ["add \(index)"] { wrong += 1 }
                if index % 3 == 0 { kept.append(scope) }
            }
            if round == 0 { _ = await asmEventually { sentinel == nil } }
        }
        print("ASM address reused \(reused) times")
        #expect(log.items == ["old add(-1)"])
        #expect(wrong == 0)
        registration?.remove()
    }

    // The scope at the released scope's address adds middleware of its own; the old registration is
    // then removed or released: the new one keeps running.
    @Test func removingAReleasedScopesRegistrationSparesTheScopeNowAtItsAddress() async {
        for waitForReleaseCheck in [false, true] {
            for releaseInsteadOfRemove in [false, true] {
                let log = ASMLog()
                var oldRegistration: MiddlewareRegistration?
                var oldID: ObjectIdentifier?
                weak var sentinel: ASMSentinel?
                do {
                    let old = ASMCounter()
                    oldID = ObjectIdentifier(old)
                    let held = ASMSentinel()
                    sentinel = held
                    oldRegistration = old.addMiddleware { _, when, next in
                        withExtendedLifetime(held) {}
                        log.add("old \(when)")
                        try next(when)
                    }
                }
                if waitForReleaseCheck { #expect(await asmEventually { sentinel == nil }) }
                var candidates: [ASMCounter] = []
                var target: ASMCounter?
                for _ in 0..<1_000 {
                    let scope = ASMCounter()
                    if ObjectIdentifier(scope) == oldID {
                        target = scope
                        break
                    }
                    candidates.append(scope)
                }
                let newcomer = target ?? ASMCounter()
                print("ASM address reused: \(target != nil)")
                let newRegistrations = ([newcomer] + candidates.prefix(50)).map { scope in
                    scope.addMiddleware { scope, when, next in
                        log.add("new \(ObjectIdentifier(scope) == oldID) \(when)")
                        try next(when)
                    }
                }
                if releaseInsteadOfRemove {
                    withExtendedLifetime(oldRegistration) {}
                    oldRegistration = nil
                } else {
                    oldRegistration?.remove()
                }
                newcomer.send(.ping)
                for scope in candidates.prefix(50) { scope.send(.ping) }
                let expected = "new \(target != nil) ping"
                #expect(
                    log.items.first == expected,
                    "address reused: \(target != nil), waited: \(waitForReleaseCheck), released: \(releaseInsteadOfRemove)"
                )
                #expect(log.items.count == 1 + min(50, candidates.count))
                #expect(!log.items.contains { $0.hasPrefix("old") })
                for registration in newRegistrations { registration.remove() }
            }
        }
    }

    // MARK: Class hierarchies and generic scopes

    // "middleware added through either type sees every event", typed for the type it was added
    // through; both, in the order added; a plain base-class instance's middleware sees only its own.
    @Test func subclassAndBaseClassMiddlewareServeEventsSentThroughEitherType() {
        let derived = ASMDerived()
        let asBase: ASMBase = derived
        let plain = ASMBase()
        let log = ASMLog()
        let throughBase = asBase.addMiddleware { scope, when, next in
            log.add("base-typed \(type(of: scope)) \(when) \(scope === derived)")
            guard case .say(let text) = when else { return try next(when) }
            try next(.say(text + "+b"))
        }
        let throughSubclass = derived.addMiddleware { scope, when, next in
            log.add("subclass-typed \(when) updates \(scope.derivedUpdates)")
            try next(when)
        }
        let onPlain = plain.addMiddleware { _, when, next in
            log.add("plain \(when)")
            try next(when)
        }
        derived.send(.say("one"))
        asBase.send(.say("two"))
        plain.send(.say("three"))
        #expect(
            log.items == [
                "base-typed ASMDerived say(\"one\") true", "subclass-typed say(\"one+b\") updates 0",
                "base-typed ASMDerived say(\"two\") true", "subclass-typed say(\"two+b\") updates 1",
                "plain say(\"three\")",
            ])
        #expect(derived.said == ["one+b", "two+b"])
        #expect(derived.derivedUpdates == 2)
        #expect(plain.said == ["three"])
        throughBase.remove()
        derived.send(.say("four"))
        #expect(derived.said.last == "four")
        #expect(log.items.last == "subclass-typed say(\"four\") updates 2")
        throughSubclass.remove()
        onPlain.remove()
    }

    // A subclass instance released with base-typed middleware kept: its captures go.
    @Test func aReleasedSubclassInstancesBaseTypedMiddlewareGoes() async {
        weak var sentinel: ASMSentinel?
        var registration: MiddlewareRegistration?
        do {
            let derived = ASMDerived()
            let held = ASMSentinel()
            sentinel = held
            registration = (derived as ASMBase).addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            derived.send(.say("x"))
        }
        #expect(await asmEventually { sentinel == nil })
        registration?.remove()
    }

    // Generic scopes: each specialisation and each instance has its own middleware.
    @Test func genericScopesEachSeeOnlyTheirOwnEvents() {
        let ints = ASMBox<Int>()
        let otherInts = ASMBox<Int>()
        let strings = ASMBox<String>()
        let log = ASMLog()
        let onInts = ints.addMiddleware { _, when, next in
            guard case .put(let value) = when else { return }
            log.add("ints \(value)")
            try next(.put(value * 2))
        }
        let onStrings = strings.addMiddleware { _, when, next in
            guard case .put(let value) = when else { return }
            log.add("strings \(value)")
            try next(.put(value.uppercased()))
        }
        ints.send(.put(1))
        otherInts.send(.put(5))
        strings.send(.put("a"))
        #expect(log.items == ["ints 1", "strings a"])
        #expect(ints.values == [2])
        #expect(otherInts.values == [5])
        #expect(strings.values == ["A"])
        onInts.remove()
        onStrings.remove()
    }

    // MARK: Many scopes, many middlewares

    // Ten thousand scopes with middleware: each sees only its own events; removing half, in a random
    // order, leaves the other half running; then every scope is back to its plain path.
    @Test func tenThousandScopesEachSeeOnlyTheirOwnEvents() {
        let count = 10_000
        let counters = (0..<count).map { _ in ASMCounter() }
        let seen = ASMCounts(count)
        var registrations = (0..<count).map { index in
            counters[index].addMiddleware { _, when, next in
                if case .add(let n) = when, n == index {
                    seen.counts[index] += 1
                } else {
                    seen.strays += 1
                }
                try next(when)
            }
        }
        for index in 0..<count { counters[index].send(.add(index)) }
        #expect(seen.strays == 0)
        #expect(seen.counts.allSatisfy { $0 == 1 })
        let plain = (0..<1_000).map { _ in ASMCounter() }
        for (index, counter) in plain.enumerated() { counter.send(.add(index)) }
        #expect(plain.enumerated().allSatisfy { $0.element.handled == ["add \($0.offset)"] })
        var random = ASMRandom(state: 7)
        let removed = Set((0..<count).filter { $0 % 2 == 1 })
        for index in Array(removed).shuffled(using: &random) { registrations[index].remove() }
        for index in 0..<count { counters[index].send(.add(index)) }
        #expect(seen.strays == 0)
        let wrong = (0..<count).filter { seen.counts[$0] != (removed.contains($0) ? 1 : 2) }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        for index in (0..<count).reversed() where !removed.contains(index) { registrations[index].remove() }
        registrations.removeAll()
        for index in 0..<count { counters[index].send(.add(index)) }
        #expect(seen.counts.reduce(0, +) == count + count / 2)
        #expect(counters.enumerated().allSatisfy { $0.element.total == 3 * $0.offset })
    }

    // Adding and removing ten thousand middlewares on one scope, and churning them on many scopes with
    // events in between, completes within the suite's time limit.
    @Test func addingAndRemovingThousandsOfMiddlewaresCompletes() async {
        let counter = ASMCounter()
        let seen = ASMCounts(1)
        var registrations: [MiddlewareRegistration] = []
        // On one scope, each change copies the scope's chain (walks never see it change), so the
        // whole costs the square of the count: 3,000 keep the suite quick.
        // Yields now and then, so that the other suites' work on the main actor goes on meanwhile.
        for step in 0..<3_000 {
            if step % 100 == 0 { await Task.yield() }
            registrations.append(
                counter.addMiddleware { _, when, next in
                    seen.counts[0] += 1
                    try next(when)
                })
        }
        for (step, registration) in registrations.enumerated() {
            if step % 100 == 0 { await Task.yield() }
            registration.remove()
        }
        counter.send(.add(1))
        #expect(seen.counts[0] == 0)
        #expect(counter.total == 1)

        let scopes = (0..<1_000).map { _ in ASMCounter() }
        var live: [Int: MiddlewareRegistration] = [:]
        var random = ASMRandom(state: 11)
        var expected = [Int](repeating: 0, count: scopes.count)
        let churn = ASMCounts(scopes.count)
        for step in 0..<10_000 {
            let index = Int.random(in: 0..<scopes.count, using: &random)
            if let registration = live.removeValue(forKey: index) {
                registration.remove()
            } else {
                live[index] = scopes[index].addMiddleware { _, when, next in
                    churn.counts[index] += 1
                    try next(when)
                }
            }
            let target = Int.random(in: 0..<scopes.count, using: &random)
            scopes[target].send(.add(step))
            if live[target] != nil { expected[target] += 1 }
        }
        #expect(churn.counts == expected)
        #expect(churn.strays == 0)
        for registration in live.values { registration.remove() }
    }

    // A thousand middlewares on one scope run in the order added, each passing on its own change.
    @Test func aThousandChainedMiddlewaresOnOneScopeRunInOrder() {
        let counter = ASMCounter()
        let log = ASMLog()
        let registrations = (0..<1_000).map { index in
            counter.addMiddleware { _, when, next in
                log.add("\(index)")
                guard case .add(let n) = when else { return try next(when) }
                try next(.add(n + 1))
            }
        }
        counter.send(.add(0))
        #expect(log.items == (0..<1_000).map { "\($0)" })
        #expect(counter.total == 1_000)
        for registration in registrations.reversed() { registration.remove() }
        counter.send(.add(0))
        #expect(counter.total == 1_000)
    }

    // Scopes without middleware keep working while others gain and lose theirs between their events.
    @Test func scopesWithoutMiddlewareKeepWorkingWhileOthersGainAndLoseIt() {
        let plain = (0..<100).map { _ in ASMCounter() }
        let others = (0..<300).map { _ in ASMCounter() }
        let seen = ASMCounts(1)
        var registrations: [MiddlewareRegistration] = []
        for round in 0..<300 {
            registrations.append(
                others[round].addMiddleware { _, when, next in
                    seen.counts[0] += 1
                    try next(when)
                })
            if round % 3 == 0, let first = registrations.first {
                first.remove()
                registrations.removeFirst()
            }
            for counter in plain { counter.send(.add(1)) }
        }
        #expect(plain.allSatisfy { $0.total == 300 })
        #expect(seen.counts[0] == 0)
        for registration in registrations { registration.remove() }
    }

    // MARK: Dismissal

    // "An event sent to a dismissed scope never reaches its update"; its middleware added before the
    // dismissal, or after, never sees it, and removing that middleware does not let the events through.
    @Test func aDismissedScopeStaysRefusedWhetherItsMiddlewareComesOrGoes() {
        let parent = ASMParent()
        let child = ASMChild()
        parent.send(.present(child))
        let log = ASMLog()
        let before = child.addMiddleware { _, when, next in
            log.add("before \(when)")
            try next(when)
        }
        child.send(.tap)
        parent.send(.close)
        let reports = ASMReports(for: child)
        defer { reports.stop() }
        child.send(.tap)
        let after = child.addMiddleware { _, when, next in
            log.add("after \(when)")
            try next(when)
        }
        child.send(.tap)
        before.remove()
        child.send(.tap)
        after.remove()
        child.send(.tap)
        #expect(log.items == ["before tap"])
        #expect(child.taps == 1)
        #expect(reports.errors.count == 4)
        #expect(reports.errors.allSatisfy { $0 is EventToDismissedScope })
    }

    // A dismissed scope presented again: its kept middleware, and one added while it was dismissed,
    // serve its events again.
    @Test func aScopePresentedAgainIsServedByItsMiddlewareAgain() {
        let parent = ASMParent()
        let child = ASMChild()
        parent.send(.present(child))
        let log = ASMLog()
        let kept = child.addMiddleware { _, when, next in
            log.add("kept \(when)")
            try next(when)
        }
        parent.send(.close)
        let whileDismissed = child.addMiddleware { _, when, next in
            log.add("added while dismissed \(when)")
            try next(when)
        }
        child.send(.tap)
        parent.send(.present(child))
        child.send(.tap)
        #expect(log.items == ["kept tap", "added while dismissed tap"])
        #expect(child.taps == 1)
        kept.remove()
        whileDismissed.remove()
    }

    // "Moving is not dismissal": a child moved to another property keeps its middleware and its events.
    @Test func aMovedChildKeepsItsMiddleware() {
        let parent = ASMParent()
        let child = ASMChild()
        parent.send(.present(child))
        let log = ASMLog()
        let registration = child.addMiddleware { _, when, next in
            log.add("\(when)")
            try next(when)
        }
        defer { registration.remove() }
        parent.send(.moveToOther)
        child.send(.tap)
        #expect(parent.other === child)
        #expect(log.items == ["tap"])
        #expect(child.taps == 1)
    }

    // A parent keeps the registration of the middleware it adds to its child in update: it hears the
    // child; the child dismissed and released, the middleware's captures go.
    @Test func aParentsMiddlewareOnItsChildHearsItAndGoesWithIt() async {
        let parent = ASMParent()
        parent.send(.presentWatched)
        weak let child = parent.child
        child?.send(.tap)
        child?.send(.tap)
        #expect(parent.heard == ["child taps 1", "child taps 2"])
        parent.send(.close)
        #expect(await asmEventually { child == nil })
        parent.send(.presentWatched)
        parent.child?.send(.tap)
        #expect(parent.heard == ["child taps 1", "child taps 2", "child taps 1"])
    }

    // A middleware that dismisses its own scope through its parent: the current event still reaches
    // update, the next ones are refused and never reach the middleware.
    @Test func aMiddlewareThatDismissesItsOwnScope() {
        let parent = ASMParent()
        let child = ASMChild()
        parent.send(.present(child))
        let log = ASMLog()
        let registration = child.addMiddleware { _, when, next in
            log.add("\(when)")
            parent.send(.close)
            try next(when)
        }
        defer { registration.remove() }
        let reports = ASMReports(for: child)
        defer { reports.stop() }
        child.send(.tap)
        child.send(.tap)
        #expect(parent.child == nil)
        #expect(log.items == ["tap"])
        #expect(child.taps == 1)
        #expect(reports.errors.count == 1)
    }

    // A new scope at a released scope's address, before the release check: it never runs the old
    // middleware; the old middleware's captures still go within the documented second; and the check
    // spares the new scope's own middleware, and its refusal once dismissed.
    @Test func theReleaseCheckSparesAScopeAllocatedAtTheReleasedAddress() async {
        for dismissNewcomer in [false, true] {
            let parent = ASMParent()
            let log = ASMLog()
            var oldID: ObjectIdentifier?
            weak var sentinel: ASMSentinel?
            var oldRegistration: MiddlewareRegistration?
            do {
                let old = ASMChild()
                oldID = ObjectIdentifier(old)
                let held = ASMSentinel()
                sentinel = held
                oldRegistration = old.addMiddleware { _, when, next in
                    withExtendedLifetime(held) {}
                    log.add("old \(when)")
                    try next(when)
                }
                old.send(.tap)
            }
            var spare: [ASMChild] = []
            var target: ASMChild?
            for _ in 0..<1_000 {
                let child = ASMChild()
                if ObjectIdentifier(child) == oldID {
                    target = child
                    break
                }
                spare.append(child)
            }
            print("ASM address reused before the check: \(target != nil)")
            let newcomer = target ?? ASMChild()
            let reports = ASMReports(for: newcomer)
            defer { reports.stop() }
            let newRegistration = newcomer.addMiddleware { _, when, next in
                log.add("new \(when)")
                try next(when)
            }
            if dismissNewcomer {
                parent.send(.present(newcomer))
                parent.send(.close)
            }
            newcomer.send(.tap)
            #expect(await asmEventually { sentinel == nil }, "the old middleware's captures go")
            newcomer.send(.tap)
            oldRegistration?.remove()
            newcomer.send(.tap)
            #expect(!log.items.contains("old tap") || log.items.first == "old tap")
            #expect(log.items.filter { $0 == "old tap" }.count == 1)
            if dismissNewcomer {
                #expect(newcomer.taps == 0)
                #expect(log.items == ["old tap"])
                #expect(reports.errors.count == 3)
            } else {
                #expect(newcomer.taps == 3)
                #expect(log.items == ["old tap", "new tap", "new tap", "new tap"])
                #expect(reports.errors.isEmpty)
            }
            newRegistration.remove()
            withExtendedLifetime(spare) {}
        }
    }

    // A dismissed child with middleware released, its registration kept: a scope later allocated at
    // its address is neither refused nor served by the old middleware.
    @Test func aScopeAtADismissedReleasedScopesAddressIsNeitherRefusedNorServedByItsMiddleware() async {
        let parent = ASMParent()
        let log = ASMLog()
        var oldID: ObjectIdentifier?
        weak var sentinel: ASMSentinel?
        var oldRegistration: MiddlewareRegistration?
        do {
            let old = ASMChild()
            oldID = ObjectIdentifier(old)
            parent.send(.present(old))
            let held = ASMSentinel()
            sentinel = held
            oldRegistration = old.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                log.add("old \(when)")
                try next(when)
            }
            parent.send(.close)
            old.send(.tap)
        }
        #expect(await asmEventually { sentinel == nil })
        var children: [ASMChild] = []
        var reused = false
        var refused = 0
        for _ in 0..<2_000 {
            let child = ASMChild()
            if ObjectIdentifier(child) == oldID { reused = true }
            child.send(.tap)
            if child.taps != 1 { refused += 1 }
            children.append(child)
        }
        print("ASM dismissed address reused: \(reused)")
        #expect(refused == 0)
        #expect(log.items.isEmpty)
        oldRegistration?.remove()
    }

    // The release check frees a middleware whose captures hold another scope's registration and the
    // last reference to a third scope with middleware of its own: both go, and the others keep theirs.
    @Test func theReleaseCheckFreesCapturesThatHoldOtherRegistrationsAndScopes() async {
        let log = ASMLog()
        let b = ASMCounter()
        let d = ASMCounter()
        let onD = d.addMiddleware { _, when, next in
            log.add("d \(when)")
            try next(when)
        }
        weak var sentinelA: ASMSentinel?
        weak var sentinelC: ASMSentinel?
        weak var weakC: ASMCounter?
        var keptA: MiddlewareRegistration?
        var keptC: MiddlewareRegistration?
        do {
            let a = ASMCounter()
            let c = ASMCounter()
            weakC = c
            let heldA = ASMSentinel()
            let heldC = ASMSentinel()
            sentinelA = heldA
            sentinelC = heldC
            let onB = b.addMiddleware { _, when, next in
                log.add("b \(when)")
                try next(when)
            }
            keptC = c.addMiddleware { _, when, next in
                withExtendedLifetime(heldC) {}
                log.add("c \(when)")
                try next(when)
            }
            keptA = a.addMiddleware { [onB, c] _, when, next in
                withExtendedLifetime((heldA, onB, c)) {}
                try next(when)
            }
            a.send(.ping)
            b.send(.ping)
            c.send(.ping)
        }
        #expect(log.items == ["b ping", "c ping"])
        #expect(await asmEventually { sentinelA == nil })
        #expect(await asmEventually { weakC == nil })
        #expect(await asmEventually { sentinelC == nil })
        b.send(.add(1))
        d.send(.add(2))
        #expect(log.items == ["b ping", "c ping", "d add(2)"])
        #expect(b.total == 1)
        #expect(d.total == 2)
        keptA?.remove()
        keptC?.remove()
        onD.remove()
    }

    // A registration released off the main actor (the last reference held by a detached task) still
    // takes its middleware out.
    @Test func aRegistrationReleasedOffTheMainActorStillRemovesTheMiddleware() async {
        let counter = ASMCounter()
        let seen = ASMCounts(1)
        var registration: MiddlewareRegistration? = counter.addMiddleware { _, when, next in
            seen.counts[0] += 1
            try next(when)
        }
        counter.send(.ping)
        #expect(seen.counts[0] == 1)
        let task = Task.detached { [registration] in
            withExtendedLifetime(registration) {}
        }
        registration = nil
        await task.value
        let stopped = await asmEventually {
            let before = seen.counts[0]
            counter.send(.ping)
            return seen.counts[0] == before
        }
        #expect(stopped)
        #expect(counter.handled.allSatisfy { $0 == "ping" })
    }

    // A scope whose last reference goes off the main actor, its middleware's registration kept: the
    // middleware's captures go all the same.
    @Test func aScopeReleasedOffTheMainActorTakesItsMiddlewareWithIt() async {
        weak var sentinel: ASMSentinel?
        var registration: MiddlewareRegistration?
        var task: Task<Void, Never>?
        do {
            let counter = ASMCounter()
            let held = ASMSentinel()
            sentinel = held
            registration = counter.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            counter.send(.ping)
            task = Task.detached { [counter] in
                withExtendedLifetime(counter) {}
            }
        }
        await task?.value
        #expect(await asmEventually { sentinel == nil })
        registration?.remove()
    }

    // "every event sent to one of them, or to a scope below one, is refused": a leaf below a
    // dismissed node is refused whether its middleware comes or goes, and never reaches it.
    @Test func aLeafBelowADismissedNodeStaysRefusedWhileItsMiddlewareComesAndGoes() {
        let root = ASMNode()
        let middle = ASMNode()
        let leaf = ASMNode()
        root.send(.link(middle))
        middle.send(.link(leaf))
        let log = ASMLog()
        let first = leaf.addMiddleware { _, when, next in
            log.add("first \(when)")
            try next(when)
        }
        leaf.send(.touch)
        root.send(.unlink)
        let reports = ASMReports(for: leaf)
        defer { reports.stop() }
        leaf.send(.touch)
        first.remove()
        leaf.send(.touch)
        let second = leaf.addMiddleware { _, when, next in
            log.add("second \(when)")
            try next(when)
        }
        leaf.send(.touch)
        second.remove()
        leaf.send(.touch)
        #expect(log.items == ["first touch"])
        #expect(leaf.touches == 1)
        #expect(reports.errors.count == 4)
        #expect(reports.errors.allSatisfy { $0 is EventToDismissedScope })
    }

    // Ten thousand events a middleware sends to its own scope, one from each: each is queued and
    // handled in turn, none nested in another.
    @Test func tenThousandEventsChainedThroughAMiddlewareAreHandledInTurn() {
        let counter = ASMCounter()
        let depth = ASMCounts(1)
        var maximum = 0
        let registration = counter.addMiddleware { scope, when, next in
            depth.counts[0] += 1
            maximum = max(maximum, depth.counts[0])
            defer { depth.counts[0] -= 1 }
            if case .add(let n) = when, n < 10_000 { scope.send(.add(n + 1)) }
            try next(when)
        }
        defer { registration.remove() }
        counter.send(.add(1))
        #expect(counter.handled.count == 10_000)
        #expect(counter.handled.last == "add 10000")
        #expect(maximum == 1)
    }

    // A middleware removed or released from inside the walk of its own scope's chain keeps its
    // captures until its event is done: the capture's deinit runs after the middleware returned, and
    // may send an event, which is delivered.
    @Test func capturesOfAMiddlewareRemovedMidWalkOutliveItsCall() {
        for removeOuterFromInner in [false, true] {
            let counter = ASMCounter()
            let log = ASMLog()
            var farewell: ASMFarewell? = ASMFarewell {
                log.add("farewell")
                counter.send(.add(100))
            }
            var outer: MiddlewareRegistration?
            outer = counter.addMiddleware { [farewell] _, when, next in
                withExtendedLifetime(farewell) {}
                log.add("outer before \(when)")
                if !removeOuterFromInner { outer = nil }
                try next(when)
                log.add("outer after \(when)")
            }
            let inner = counter.addMiddleware { _, when, next in
                log.add("inner \(when)")
                if removeOuterFromInner { outer?.remove() }
                try next(when)
            }
            farewell = nil
            counter.send(.add(1))
            #expect(
                log.items.prefix(4) == [
                    "outer before add(1)", "inner add(1)", "outer after add(1)", "farewell",
                ],
                "removed from inner: \(removeOuterFromInner)")
            #expect(counter.handled == ["add 1", "add 100"])
            inner.remove()
            outer?.remove()
        }
    }

    // Thousands of dismissed scopes and thousands of scopes with middleware share one filter: the
    // middleware of the ones coming and going never lets a dismissed scope's event through, and the
    // dismissed ones presented again never take another scope's middleware out.
    @Test func thousandsOfDismissedScopesAndScopesWithMiddlewareKeepEachOthersChecks() {
        let count = 2_000
        let parents = (0..<count).map { _ in ASMParent() }
        let children = (0..<count).map { _ in ASMChild() }
        for index in 0..<count {
            parents[index].send(.present(children[index]))
            parents[index].send(.close)
        }
        let counters = (0..<count).map { _ in ASMCounter() }
        let seen = ASMCounts(count)
        var registrations = (0..<count).map { index in
            counters[index].addMiddleware { _, when, next in
                seen.counts[index] += 1
                try next(when)
            }
        }
        for index in 0..<count where index % 2 == 0 { registrations[index].remove() }
        for child in children { child.send(.tap) }
        #expect(children.allSatisfy { $0.taps == 0 }, "dismissed scopes stay refused")
        for index in 0..<count where index % 2 == 0 { parents[index].send(.present(children[index])) }
        for counter in counters { counter.send(.ping) }
        for child in children { child.send(.tap) }
        let wrongCounts = (0..<count).filter { seen.counts[$0] != ($0 % 2 == 0 ? 0 : 1) }
        #expect(wrongCounts.isEmpty, "\(wrongCounts.prefix(10))")
        let wrongTaps = (0..<count).filter { children[$0].taps != ($0 % 2 == 0 ? 1 : 0) }
        #expect(wrongTaps.isEmpty, "\(wrongTaps.prefix(10))")
        for index in 0..<count where index % 2 == 1 { registrations[index].remove() }
        registrations.removeAll()
        for child in children { child.send(.tap) }
        #expect((0..<count).allSatisfy { children[$0].taps == ($0 % 2 == 0 ? 2 : 0) })
    }

    // A scope whose last reference goes while an event to it is queued: its middleware and update
    // still receive the event, and the scope goes afterwards.
    @Test func aScopeDroppedWhileItsEventIsQueuedStillGetsItThroughItsMiddleware() async {
        final class Holder { var b: ASMCounter? = ASMCounter() }
        let holder = Holder()
        let a = ASMCounter()
        let log = ASMLog()
        weak let weakB = holder.b
        let onB = holder.b?.addMiddleware { scope, when, next in
            log.add("b \(when)")
            try next(when)
            log.add("b total \(scope.total)")
        }
        let onA = a.addMiddleware { [holder] _, when, next in
            holder.b?.send(.add(5))
            holder.b = nil
            try next(when)
        }
        a.send(.ping)
        #expect(log.items == ["b add(5)", "b total 5"])
        #expect(await asmEventually { weakB == nil })
        onA.remove()
        onB?.remove()
    }

    // A scope's own middleware added outside an isolation sees the events sent inside one: it is the
    // scope's, not an app-wide instrument.
    @Test func aScopesMiddlewareSeesEventsSentInsideIsolatedInstruments() {
        let counter = ASMCounter()
        let log = ASMLog()
        let registration = counter.addMiddleware { _, when, next in
            log.add("\(when)")
            try next(when)
        }
        defer { registration.remove() }
        withIsolatedInstruments {
            counter.send(.add(1))
        }
        counter.send(.add(2))
        #expect(log.items == ["add(1)", "add(2)"])
        #expect(counter.total == 3)
    }

    // Generic class hierarchies: middleware through the generic base and through the subclass.
    @Test func genericBaseClassAndItsSubclassShareTheMiddleware() {
        let sub = ASMGenericSub()
        let base: ASMGenericBase<Int> = sub
        let log = ASMLog()
        let throughBase = base.addMiddleware { scope, when, next in
            log.add("base \(type(of: scope))")
            guard case .put(let value) = when else { return }
            try next(.put(value + 1))
        }
        let throughSub = sub.addMiddleware { scope, when, next in
            log.add("sub \(scope.extra)")
            try next(when)
        }
        base.send(.put(1))
        sub.send(.put(10))
        #expect(log.items == ["base ASMGenericSub", "sub 0", "base ASMGenericSub", "sub 1"])
        #expect(sub.values == [2, 11])
        #expect(sub.extra == 2)
        throughBase.remove()
        throughSub.remove()
    }

    // A dismissed child released with its middleware's registration kept elsewhere: the middleware's
    // captures go with it.
    @Test func aDismissedAndReleasedChildsMiddlewareGoes() async {
        let parent = ASMParent()
        weak var sentinel: ASMSentinel?
        weak var weakChild: ASMChild?
        var registration: MiddlewareRegistration?
        do {
            let child = ASMChild()
            weakChild = child
            parent.send(.present(child))
            let held = ASMSentinel()
            sentinel = held
            registration = child.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            child.send(.tap)
            parent.send(.close)
            child.send(.tap)
        }
        #expect(await asmEventually { weakChild == nil })
        #expect(await asmEventually { sentinel == nil })
        registration?.remove()
    }

    // "the deinit of an object of the app's that the library releases (... a middleware's captures)
    // may send events ... and add or remove instruments": on `remove()`, and at the release check.
    @Test func aMiddlewaresCapturesMayCallBackFromTheirDeinit() async {
        let counter = ASMCounter()
        let log = ASMLog()
        var added: [MiddlewareRegistration] = []
        var farewell: ASMFarewell? = ASMFarewell {
            log.add("farewell")
            counter.send(.add(100))
            added.append(
                counter.addMiddleware { _, when, next in
                    log.add("added \(when)")
                    try next(when)
                })
        }
        let registration = counter.addMiddleware { [farewell] _, when, next in
            withExtendedLifetime(farewell) {}
            log.add("holder \(when)")
            try next(when)
        }
        farewell = nil
        counter.send(.add(1))
        registration.remove()
        counter.send(.add(2))
        #expect(counter.handled == ["add 1", "add 100", "add 2"])
        #expect(log.items.prefix(2) == ["holder add(1)", "farewell"])
        #expect(log.items.last == "added add(2)")
        #expect(!log.items.contains("holder add(2)"))
        for registration in added { registration.remove() }

        // The same, the middleware released with its scope by the release check.
        let other = ASMCounter()
        var kept: MiddlewareRegistration?
        var farewells = 0
        do {
            let doomed = ASMCounter()
            let farewell = ASMFarewell {
                farewells += 1
                other.send(.add(7))
                added.append(
                    other.addMiddleware { _, when, next in
                        log.add("other \(when)")
                        try next(when)
                    })
            }
            kept = doomed.addMiddleware { _, when, next in
                withExtendedLifetime(farewell) {}
                try next(when)
            }
        }
        #expect(await asmEventually { farewells == 1 })
        other.send(.add(8))
        #expect(other.handled == ["add 7", "add 8"])
        #expect(log.items.last == "other add(8)")
        kept?.remove()
        for registration in added { registration.remove() }
    }
}

/// Counts per index, and events seen by the wrong middleware.
@MainActor
final class ASMCounts {
    var counts: [Int]
    var strays = 0
    init(_ count: Int) { counts = [Int](repeating: 0, count: count) }
}

/// A registration a middleware's own closure holds.
@MainActor
final class ASMRegistrationBox: Sendable {
    var registration: MiddlewareRegistration?
}

/// Registrations a test keeps, and the sentinels their middlewares hold.
@MainActor
final class ASMRegistrations: Sendable {
    var all: [MiddlewareRegistration] = []
    let sentinels = ASMWeakSentinels()
}

/// Weak references to sentinels, to count those still alive.
@MainActor
final class ASMWeakSentinels {
    private struct Weak { weak var value: ASMSentinel? }
    private var all: [Weak] = []
    func add(_ sentinel: ASMSentinel) { all.append(Weak(value: sentinel)) }
    var alive: Int { all.filter { $0.value != nil }.count }
}

// MARK: - Instruments together, and test plans

@MainActor
@Suite(.timeLimit(.minutes(5)), .isolatedInstruments)
struct AttackScopeMiddlewareInstrumentTests {
    // App-wide middleware sees the event as sent; the scope's own transforms or drops it; analytics
    // tracks what update accepted ("after every middleware"); event logging logs the state update made.
    @Test func appWideScopesOwnAnalyticsAndLoggingTogether() async {
        let counter = ASMCounter()
        let log = ASMLog()
        let tracked = LockedValue<[String]>([])
        let lines = ASMLogLines()
        EventLogging.enable(logger: lines.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let analytics = Analytics.install { event in
            tracked.mutate { $0.append("\(event.name) \(event.parameters)") }
        }
        let appWide = Middleware.addAppWide { event, next in
            log.add("app-wide \(event.description)")
            try next(event)
        }
        let own = counter.addMiddleware { _, when, next in
            log.add("own \(when)")
            switch when {
            case .add(let n): try next(.add(n * 10))
            case .ping: return
            default: try next(when)
            }
        }
        counter.send(.add(2))
        counter.send(.ping)
        counter.send(.fail(1))
        counter.send(.add(3))
        await Analytics.waitUntilDelivered()
        #expect(
            log.items == [
                "app-wide ASMCounter <- add(2)", "own add(2)", "app-wide ASMCounter <- ping", "own ping",
                "app-wide ASMCounter <- fail(1)", "own fail(1)", "app-wide ASMCounter <- add(3)",
                "own add(3)",
            ])
        #expect(tracked.value.map { $0.components(separatedBy: " ").first ?? "" } == ["add", "add"])
        #expect(tracked.value.first?.contains("20") == true, "\(tracked.value)")
        #expect(counter.total == 50)
        #expect(lines.lines.contains { $0.contains("total: 0 -> 20") }, "\(lines.lines)")
        #expect(lines.lines.contains { $0.contains("total: 20 -> 50") }, "\(lines.lines)")
        appWide.remove()
        own.remove()
        analytics.remove()
    }

    // Inside isolated instruments (this suite's trait), a released scope's middleware goes too.
    @Test func aReleasedScopesMiddlewareGoesInsideIsolatedInstruments() async {
        weak var sentinel: ASMSentinel?
        var registration: MiddlewareRegistration?
        do {
            let counter = ASMCounter()
            let held = ASMSentinel()
            sentinel = held
            registration = counter.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            counter.send(.ping)
        }
        #expect(await asmEventually { sentinel == nil })
        registration?.remove()
    }

    // A plan's scopes with middleware whose registrations the test keeps: the plan finds every scope
    // released after its run, and the middleware and its captures go within the documented second.
    @Test func aPlansScopesMiddlewareKeptOutsideGoesAfterTheRun() async throws {
        let registrations = ASMRegistrations()
        let seen = ASMLog()
        try ASMCounter.GIVEN {
            let counter = ASMCounter()
            let held = ASMSentinel()
            registrations.sentinels.add(held)
            registrations.all.append(
                counter.addMiddleware { _, when, next in
                    withExtendedLifetime(held) {}
                    seen.add("\(when)")
                    try next(when)
                })
            return counter
        }
        .WHEN(.add(1))
        .FORK(.add(2)) { branch in
            try branch.THEN(\.total, equals: 3)
        }
        .WHEN(.add(3))
        .THEN(\.total, equals: 4)
        .runTest()
        #expect(seen.items.contains("add(3)"))
        #expect(seen.items.contains("add(2)"))
        #expect(registrations.all.count >= 2)
        #expect(await asmEventually { registrations.sentinels.alive == 0 })
        for registration in registrations.all { registration.remove() }
    }

    // A middleware added in GIVEN, kept by the scope: the plan's events pass through it, in every
    // branch, and the plan still finds the scope released after its run.
    @Test func aPlanWhoseScopeKeepsItsOwnMiddleware() throws {
        try ASMCounter.GIVEN {
            let counter = ASMCounter()
            counter.kept.append(
                counter.addMiddleware { _, when, next in
                    guard case .add(let n) = when else { return try next(when) }
                    try next(.add(n * 10))
                })
            return counter
        }
        .WHEN(.add(2))
        .THEN(\.total, equals: 20)
        .THEN_Tracked("add", parameters: ["_0": .int(20)])
        .FORK(.add(1)) { branch in
            try branch.THEN(\.total, equals: 30)
        }
        .WHEN(.load(4))
        .WHEN_OlderEffectCompletes(with: ASMCounter.When.add(4))
        .THEN(\.total, equals: 60)
        .runTest()
    }

    // A parent adds a middleware to its child in update and keeps its registration: the plan's events
    // to the child pass through it.
    @Test func aPlanWhoseParentWatchesItsChildFromUpdate() throws {
        try ASMParent.GIVEN { ASMParent() }
            .WHEN(.presentWatched)
            .WHEN(\.child, .tap)
            .THEN(\.heard, equals: ["child taps 1"])
            .WHEN(\.child, .tap)
            .THEN(\.heard, equals: ["child taps 1", "child taps 2"])
            .WHEN(.close)
            .THEN_Nil(\.child)
            .runTest()
    }

    // A middleware that drops an event in a plan: the step's update never runs.
    @Test func aPlanWithADroppingMiddleware() throws {
        try ASMCounter.GIVEN {
            let counter = ASMCounter()
            counter.kept.append(
                counter.addMiddleware { _, when, next in
                    if case .ping = when { return }
                    try next(when)
                })
            return counter
        }
        .WHEN(.ping)
        .THEN(\.handled, equals: [])
        .THEN_NothingTracked()
        .WHEN(.add(1))
        .THEN(\.handled, equals: ["add 1"])
        .runTest()
    }
}
