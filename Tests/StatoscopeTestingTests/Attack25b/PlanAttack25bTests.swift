import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Attacks on what *Writing test plans* and *Injecting dependencies* promise of plans: protocol
// dependencies injected with `.injecting(_:as:)` across forks, subclasses and scopes linked during a
// step; dependency contexts inside a plan; retry multipliers and delays at their extremes on virtual
// time; `THEN_EffectStatus` and the other subscope forms with wrong paths; a stream's end compared in
// a plan.

protocol A25bTranslator: Sendable {
    func translate(_ text: String) -> String
}

struct A25bFakeTranslator: A25bTranslator {
    let prefix: String
    func translate(_ text: String) -> String { "\(prefix) \(text)" }
}

@MainActor
class A25bPhrasebook: Scope {
    @Injected var translator: any A25bTranslator
    var shown = ""
    enum When: Sendable { case ask(String) }
    func update(_ when: When) throws {
        switch when {
        case .ask(let text): shown = translator.translate(text)
        }
    }
}

@MainActor
final class A25bPocketPhrasebook: A25bPhrasebook {}

/// Reads the translator while it is made.
@MainActor
final class A25bEagerPhrasebook: Scope {
    @Injected var translator: any A25bTranslator
    var seenAtInit = ""
    init() { seenAtInit = translator.translate("init") }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
final class A25bTraveller: Scope {
    @Subscope var book = A25bPhrasebook()
    @Subscope var later: A25bPhrasebook? = nil
    var log: [String] = []

    enum When: Sendable {
        case open
        case openAndAsk(String)
        case openAndRead
        case close
    }

    func update(_ when: When) throws {
        switch when {
        case .open: later = A25bPhrasebook()
        case .openAndAsk(let text):
            let book = A25bPhrasebook()
            later = book
            book.send(.ask(text))
        case .openAndRead:
            let book = A25bPhrasebook()
            later = book
            log.append(book.translator.translate("read"))
        case .close: later = nil
        }
    }
}

/// The dependencies' contexts inside a plan.
struct A25bSky: Injectable {
    var name: String
    static var defaultValue: A25bSky { A25bSky(name: "live") }
    static var testValue: A25bSky { A25bSky(name: "test") }
    static var previewValue: A25bSky { A25bSky(name: "preview") }
}

struct A25bTiles: Injectable {
    var name: String
    static var defaultValue: A25bTiles { A25bTiles(name: "live") }
    static var previewValue: A25bTiles { A25bTiles(name: "preview") }
}

struct A25bBuzzer: Injectable {
    var name: String
    static var defaultValue: A25bBuzzer { A25bBuzzer(name: "live") }
    static var isProvidedByTests: Bool { true }
}

struct A25bLiveOnly: Injectable {
    var name: String
    static var defaultValue: A25bLiveOnly { A25bLiveOnly(name: "live") }
}

@MainActor
final class A25bSkyReader: Scope {
    @Injected var sky: A25bSky
    @Injected var tiles: A25bTiles
    @Injected var buzzer: A25bBuzzer
    @Injected var liveOnly: A25bLiveOnly
    @Subscope var child: A25bSkyReader? = nil
    var seen = ""

    enum When: Sendable {
        case read
        case readLiveOnly
        case present
    }

    func update(_ when: When) throws {
        switch when {
        case .read: seen = "\(sky.name) \(tiles.name) \(buzzer.name)"
        case .readLiveOnly: seen = liveOnly.name
        case .present: child = A25bSkyReader()
        }
    }
}

/// Retries with the policy it is given, and runs a stream whose end it keeps.
struct A25bUpload: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

struct A25bPlanFailure: Error, Equatable {
    let status: Int
}

/// Not `Equatable`; prints as `A25bPlanGarbled(detail: "x")`.
struct A25bPlanGarbled: Error {
    let detail: String
}

/// Another type that prints alike.
struct A25bPlanGarbledTwin: Error, CustomStringConvertible {
    let detail: String
    var description: String { "A25bPlanGarbled(detail: \"\(detail)\")" }
}

struct A25bFeed: StreamEffect, Equatable {
    func makeElements() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}

@MainActor
final class A25bUploader: Scope {
    let policy: RetryPolicy
    var outcomes: [String] = []
    var ending: StreamEnd?
    var items: [Int] = []

    init(
        policy: RetryPolicy = .exponentialBackoff(
            maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(5))
    ) {
        self.policy = policy
    }

    enum When: Sendable, Equatable {
        case upload
        case follow
        case tick
        case stop
        case uploaded(Int)
        case item(Int)
        case ended(StreamEnd)
    }

    func update(_ when: When) throws {
        switch when {
        case .upload:
            effectsState.enqueue(A25bUpload().map(When.uploaded), key: "upload", retrying: policy)
        case .follow:
            effectsState.enqueue(A25bFeed().map(When.item).onEnd(When.ended), key: "feed")
        case .tick:
            effectsState.enqueue(RepeatingTimer(every: .seconds(1)).map(When.item), key: "timer")
        case .stop:
            effectsState.cancelEffect(key: "timer")
            effectsState.cancelEffect(key: "upload")
            effectsState.cancelEffect(key: "feed")
        case .uploaded(let value): outcomes.append("uploaded \(value)")
        case .item(let value): items.append(value)
        case .ended(let end): ending = end
        }
    }
}

@MainActor
final class A25bUploaderHost: Scope {
    @Subscope var uploader: A25bUploader? = A25bUploader()
    @Subscope var fixed = A25bUploader()
    enum When: Sendable {
        case dismiss
        case upload
    }
    func update(_ when: When) throws {
        switch when {
        case .dismiss: uploader = nil
        case .upload: effectsState.enqueue(A25bUpload().map { _ in When.dismiss })
        }
    }
}

// MARK: - Plans run in a process of their own, since a read of a missing protocol stops it

@MainActor
func a25bPlanLinksAChildAndSendsItAnEventInOneStep() {
    let failures = capturingFailures {
        _ = try? A25bTraveller.GIVEN {
            let traveller = A25bTraveller()
            traveller.book.inject(A25bFakeTranslator(prefix: "book"), as: (any A25bTranslator).self)
            return traveller
        }
        .WHEN(.openAndAsk("hello"))
        .runTest()
    }
    precondition(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
}

@MainActor
func a25bPlanReadsAChildsProtocolInTheUpdateThatLinksIt() {
    let failures = capturingFailures {
        _ = try? A25bTraveller.GIVEN {
            let traveller = A25bTraveller()
            traveller.book.inject(A25bFakeTranslator(prefix: "book"), as: (any A25bTranslator).self)
            return traveller
        }
        .WHEN(.openAndRead)
        .runTest()
    }
    precondition(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
}

@MainActor
func a25bPlanBuilderReadsAProtocolThePlanInjects() {
    let failures = capturingFailures {
        _ = try? A25bEagerPhrasebook.GIVEN { A25bEagerPhrasebook() }
            .injecting(A25bFakeTranslator(prefix: "plan"), as: (any A25bTranslator).self)
            .THEN(\.seenAtInit, equals: "plan init")
            .runTest()
    }
    precondition(failures.isEmpty, "\(failures.map(\.message))")
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PlanAttack25bTests {
    // MARK: - Protocol dependencies in plans

    @Test func aProtocolInjectedByThePlanReachesForksScopesLinkedLaterAndSubclasses() throws {
        let failures = try capturingFailures {
            try A25bTraveller.GIVEN { A25bTraveller() }
                .injecting(A25bFakeTranslator(prefix: "plan"), as: (any A25bTranslator).self)
                .WHEN(\.book, .ask("a"))
                .THEN(\.book.shown, equals: "plan a")
                .FORK(.open) { branch in
                    try branch
                        .WHEN(\.later, .ask("b"))
                        .THEN(\.later?.shown, equals: "plan b")
                }
                .WHEN(.open)
                .WHEN(\.later, .ask("c"))
                .THEN(\.later?.shown, equals: "plan c")
                .runTest()
            try A25bPocketPhrasebook.GIVEN { A25bPocketPhrasebook() }
                .injecting(A25bFakeTranslator(prefix: "pocket"), as: (any A25bTranslator).self)
                .WHEN(.ask("d"))
                .THEN(\.shown, equals: "pocket d")
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aSubtreesOwnInjectionInTheBuilderWinsOverThePlansOnEveryFork() throws {
        let failures = try capturingFailures {
            try A25bTraveller.GIVEN {
                let traveller = A25bTraveller()
                traveller.book.inject(A25bFakeTranslator(prefix: "own"), as: (any A25bTranslator).self)
                return traveller
            }
            .injecting(A25bFakeTranslator(prefix: "plan"), as: (any A25bTranslator).self)
            .WHEN(.open)
            .FORK(.close) { branch in
                try branch.WHEN(\.book, .ask("x")).THEN(\.book.shown, equals: "own x")
            }
            .WHEN(\.book, .ask("y"))
            .WHEN(\.later, .ask("z"))
            .THEN(\.book.shown, equals: "own y")
            .THEN(\.later?.shown, equals: "plan z")
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aProtocolMissingOnlyInAChildLinkedLaterFailsTheStepThatAddressesIt() throws {
        let failures = try capturingFailures {
            try A25bTraveller.GIVEN {
                let traveller = A25bTraveller()
                traveller.book.inject(A25bFakeTranslator(prefix: "book"), as: (any A25bTranslator).self)
                return traveller
            }
            .WHEN(.open)
            .WHEN(\.later, .ask("hello"))
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("A25bTraveller.later"), "\(message)")
        #expect(message.contains("any A25bTranslator"), "\(message)")
    }

    // "A read that comes before any such check, … in a scope that a step both creates and reads
    // from, still stops the test process with the message": a child the step itself links and sends an
    // event to is not in the tree the check saw. The process stops, saying what to inject where.
    @Test func aChildLinkedAndSentAnEventInOneStepStopsTheProcessWithTheMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run { a25bPlanLinksAChildAndSendsItAnEventInOneStep() }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("A25bPhrasebook at A25bTraveller.later read @Injected any A25bTranslator"),
            "\(output)")
    }

    @Test func aChildsProtocolReadInTheUpdateThatLinksItStopsTheProcessWithTheMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run { a25bPlanReadsAChildsProtocolInTheUpdateThatLinksIt() }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("@Injected any A25bTranslator, which nothing provides"), "\(output)")
    }

    @Test func aBuilderThatReadsAProtocolReadsWhatThePlanInjects() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run { a25bPlanBuilderReadsAProtocolThePlanInjects() }
        }
    }

    // MARK: - Contexts inside a plan

    @Test func aPreviewSubtreeInAPlanReadsPreviewValuesAndATypeProvidedByTestsLive() throws {
        let failures = try capturingFailures {
            try A25bSkyReader.GIVEN {
                let reader = A25bSkyReader()
                reader.useDependencies(.preview)
                return reader
            }
            .WHEN(.read)
            .THEN(\.seen, equals: "preview preview live")
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aPreviewSubtreeBelowTheRootInAPlanReadsPreviewValuesAndATypeProvidedByTestsLive() throws {
        let failures = try capturingFailures {
            try A25bSkyReader.GIVEN {
                let reader = A25bSkyReader()
                reader.child = A25bSkyReader()
                reader.child?.useDependencies(.preview)
                return reader
            }
            .WHEN(\.child, .read)
            .THEN(\.child?.seen, equals: "preview preview live")
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aLiveSubtreeBelowAPreviewOneInAPlanNeverReadsALiveValueUnawares() throws {
        let failures = try capturingFailures {
            try A25bSkyReader.GIVEN {
                let reader = A25bSkyReader()
                reader.useDependencies(.preview)
                reader.child = A25bSkyReader()
                reader.child?.useDependencies(.live)
                return reader
            }
            .WHEN(\.child, .read)
            .THEN(\.child?.seen) { seen in
                guard !(seen ?? "").hasPrefix("live"), !(seen ?? "").contains(" live ") else {
                    throw CheckFailure("a .live subtree read a live value in a plan: \(seen ?? "nil")")
                }
            }
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aLiveOnlyTypeFailsInEveryContextOfAPlanNamingTheContext() throws {
        for (context, name) in [(DependencyContext.preview, ".preview"), (.live, ".live")] {
            let failures = try capturingFailures {
                try A25bSkyReader.GIVEN {
                    let reader = A25bSkyReader()
                    reader.child = A25bSkyReader()
                    reader.child?.useDependencies(context)
                    return reader
                }
                .WHEN(\.child, .readLiveOnly)
                .runTest()
            }
            #expect(failures.map(\.kind) == [.missingDependency], "\(context): \(failures.map(\.message))")
            let message = failures.first?.message ?? ""
            #expect(message.contains("A25bLiveOnly"), "\(message)")
            #expect(message.contains("A25bSkyReader.child"), "\(message)")
            #expect(message.contains("its subtree is set to \(name)"), "\(message)")
        }
    }

    @Test func aForkReadsTheSameContextsAsItsLine() throws {
        let failures = try capturingFailures {
            try A25bSkyReader.GIVEN {
                let reader = A25bSkyReader()
                reader.useDependencies(.preview)
                return reader
            }
            .WHEN(.present)
            .FORK(.present) { branch in
                try branch.WHEN(\.child, .read).THEN(\.child?.seen, equals: "preview preview live")
            }
            .FORK(.present) { branch in try branch.WHEN(\.child, .readLiveOnly) }
            .runTest()
        }
        #expect(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
        #expect(!failures.contains { $0.kind == .wrongValue }, "\(failures.map(\.message))")
    }

    // MARK: - Contexts in a live test that requires test dependencies

    @Test func aLiveTestsPreviewSubtreeReadsPreviewValuesAndFailsOnALiveOnlyRead() async {
        let failures = await capturingFailuresAsync {
            let reader = A25bSkyReader()
            reader.requireTestDependencies()
            reader.send(.present)
            reader.child?.useDependencies(.preview)
            reader.child?.send(.read)
            #expect(reader.child?.seen == "preview preview live")
            reader.child?.send(.readLiveOnly)
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("A25bLiveOnly") == true, "\(failures.map(\.message))")
    }

    @Test func aLiveTestWhoseRootIsThenSetToLiveStillFailsOnALiveOnlyRead() async {
        for context in [DependencyContext.live, .preview] {
            let failures = await capturingFailuresAsync {
                let reader = A25bSkyReader()
                reader.requireTestDependencies()
                reader.useDependencies(context)
                reader.send(.readLiveOnly)
            }
            #expect(
                failures.map(\.kind) == [.missingDependency],
                "\(context): the live test read a live value unawares: \(failures.map(\.message))")
        }
    }

    @Test func aLiveTestThatInjectsAProtocolReadsItWithoutFailing() async {
        let failures = await capturingFailuresAsync {
            let traveller = A25bTraveller()
            traveller.requireTestDependencies()
            traveller.inject(A25bFakeTranslator(prefix: "live test"), as: (any A25bTranslator).self)
            traveller.send(.open)
            traveller.later?.send(.ask("hi"))
            #expect(traveller.later?.shown == "live test hi")
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    // MARK: - Retry multipliers and delays on virtual time

    private func uploader(
        multiplier: Double = 2, initialDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(5)
    ) -> A25bUploader {
        A25bUploader(
            policy: .exponentialBackoff(
                maxAttempts: 4, initialDelay: initialDelay, multiplier: multiplier, maxDelay: maxDelay))
    }

    /// A plan failing the upload three times, checking that each wait is `waits[n]`.
    private func checkWaits(_ make: @escaping @MainActor () -> A25bUploader, waits: [Duration]) throws
        -> [PlanFailure]
    {
        try capturingFailures {
            var plan = try A25bUploader.GIVEN { make() }.WHEN(.upload)
            for wait in waits {
                plan = try plan.WHEN_EffectFails(A25bUpload.self, with: A25bPlanFailure(status: 503))
                if wait > .zero {
                    plan = try plan.THEN_EffectStatus(A25bUpload.self, is: .scheduled)
                        .WHEN_TimePasses(wait - .nanoseconds(1))
                        .THEN_EffectStatus(A25bUpload.self, is: .scheduled)
                        .WHEN_TimePasses(.nanoseconds(1))
                }
                plan = try plan.THEN_EffectStatus(A25bUpload.self, is: .pending)
            }
            try plan.WHEN_EffectCompletes(A25bUpload.self, with: 1)
                .THEN(\.outcomes, equals: ["uploaded 1"])
                .runTest()
        }
    }

    @Test func aMultiplierThatIsNotANumberWaitsTheInitialDelayEachTime() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .nan) }, waits: [.seconds(1), .seconds(1), .seconds(1)])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func anInfiniteMultiplierReachesTheCapAfterTheFirstWait() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .infinity) }, waits: [.seconds(1), .seconds(5), .seconds(5)])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aHugeMultiplierReachesTheCapAfterTheFirstWait() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .greatestFiniteMagnitude) },
            waits: [.seconds(1), .seconds(5), .seconds(5)])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aTinyMultiplierRetriesAtOnceAfterTheFirstWait() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .leastNonzeroMagnitude) }, waits: [.seconds(1), .zero, .zero])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aCapOfZeroRetriesAtOnceEveryTime() throws {
        let failures = try checkWaits({ self.uploader(maxDelay: .zero) }, waits: [.zero, .zero, .zero])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aNegativeInitialDelayRetriesAtOnce() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: 3, initialDelay: .seconds(-10)) }, waits: [.zero, .zero, .zero])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theLargestDelaysWaitTheLongestWait() throws {
        let failures = try checkWaits(
            {
                self.uploader(
                    initialDelay: Duration(_high: .max, low: .max), maxDelay: Duration(_high: .max, low: .max)
                )
            }, waits: [EffectClock.longestWait])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    // MARK: - Subscope forms with wrong paths

    @Test func theStatusOfAnEffectThroughANilSubscopeFailsTheStepNamingThePath() throws {
        let failures = try capturingFailures {
            try A25bUploaderHost.GIVEN { A25bUploaderHost() }
                .WHEN(\.uploader, .upload)
                .THEN_EffectStatus(\.uploader, A25bUpload.self, is: .pending)
                .WHEN(.dismiss)
                .THEN_EffectStatus(\.uploader, A25bUpload.self, is: .pending)
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("uploader") == true, "\(failures.map(\.message))")
    }

    @Test func theStatusOfAnEffectAskedOfTheWrongScopeFails() throws {
        let failures = try capturingFailures {
            try A25bUploaderHost.GIVEN { A25bUploaderHost() }
                .WHEN(\.fixed, .upload)
                .THEN_EffectStatus(\.fixed, A25bUpload.self, is: .pending)
                .THEN_EffectStatus(\.uploader, A25bUpload.self, is: .pending)
                .THEN_EffectStatus(A25bUpload.self, is: .pending)
                .runTest()
        }
        #expect(failures.count == 2, "\(failures.map(\.message))")
    }

    @Test func everyOptionalSubscopeFormOfAnEffectVerbWorks() throws {
        let failures = try capturingFailures {
            try A25bUploaderHost.GIVEN { A25bUploaderHost() }
                .WHEN(\.uploader, .upload)
                .FORK_EffectCompletes(\.uploader, A25bUpload.self, with: 2) { branch in
                    try branch.THEN(\.uploader?.outcomes, equals: ["uploaded 2"])
                }
                .FORK_EffectFails(\.uploader, A25bUpload.self, with: A25bPlanFailure(status: 503)) { branch in
                    try branch.THEN_Scheduled(\.uploader, A25bUpload.self)
                        .THEN_EffectStatus(\.uploader, A25bUpload.self, is: .scheduled)
                }
                .WHEN_OlderEffectCompletes(\.uploader, with: 3)
                .THEN(\.uploader?.outcomes, equals: ["uploaded 3"])
                .THEN_NotEnqueued(\.uploader, A25bUpload())
                .WHEN(\.uploader, .follow)
                .WHEN_StreamYields(\.uploader, A25bFeed.self, 1)
                .WHEN_StreamFails(\.uploader, A25bFeed.self, with: A25bPlanGarbled(detail: "x"))
                .THEN(\.uploader?.ending, equals: .failed(A25bPlanGarbled(detail: "x")))
                .WHEN(\.uploader, .follow)
                .WHEN_StreamEnds(\.uploader, A25bFeed.self)
                .THEN(\.uploader?.ending, equals: .finished)
                .WHEN(\.uploader, .upload)
                .WHEN(\.uploader, .stop)
                .THEN_Cancelled(\.uploader, A25bUpload())
                .THEN_Cancelled(\.uploader, A25bUpload.self)
                .THEN_NoEffects(\.uploader)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theSubscopeFormsFailWhileTheOptionalIsNil() throws {
        let failures = try capturingFailures {
            try A25bUploaderHost.GIVEN { A25bUploaderHost() }
                .WHEN(.dismiss)
                .THEN_Scheduled(\.uploader, A25bUpload.self)
                .THEN_NotEnqueued(\.uploader, A25bUpload())
                .THEN_NoEffects(\.uploader)
                .runTest()
        }
        #expect(failures.count == 3, "\(failures.map(\.message))")
        #expect(failures.allSatisfy { $0.kind == .unreachableScope }, "\(failures.map(\.kind))")
    }

    // MARK: - A timer on virtual time

    @Test func aTimerStartedMidSecondTicksAtWholeIntervalsFromItsStartHoweverTimePasses() throws {
        let failures = try capturingFailures {
            try A25bUploader.GIVEN { A25bUploader() }
                .WHEN_TimePasses(.milliseconds(300))
                .WHEN(.tick)
                .WHEN_TimePasses(.milliseconds(999))
                .THEN(\.items, equals: [])
                .WHEN_TimePasses(.milliseconds(1))
                .THEN(\.items, equals: [1])
                .WHEN_TimePasses(.milliseconds(1_500))
                .THEN(\.items, equals: [1, 2])
                .WHEN_TimePasses(.milliseconds(500))
                .THEN(\.items, equals: [1, 2, 3])
                .THEN_EffectStatus(RepeatingTimer.self, is: .open)
                .WHEN(.stop)
                .THEN_EffectStatus(RepeatingTimer.self, is: .cancelled)
                .WHEN_TimePasses(.seconds(10))
                .THEN(\.items, equals: [1, 2, 3])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    // MARK: - A stream's end in a plan

    @Test func aPlanTellsAFailureFromAnotherTypesThatPrintsAlike() throws {
        let failures = try capturingFailures {
            try A25bUploader.GIVEN { A25bUploader() }
                .WHEN(.follow)
                .WHEN_StreamFails(A25bFeed.self, with: A25bPlanGarbled(detail: "x"))
                .THEN(\.ending, equals: .failed(A25bPlanGarbledTwin(detail: "x")))
                .runTest()
        }
        #expect(failures.map(\.kind) == [.wrongValue], "\(failures.map(\.message))")
    }
}
