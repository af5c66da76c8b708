import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

protocol TravelTranslator: Sendable {
    func translate(_ text: String) -> String
}

struct FakeTravelTranslator: TravelTranslator {
    let prefix: String
    func translate(_ text: String) -> String { "\(prefix) \(text)" }
}

@MainActor
class TravelPhrasebook: Scope {
    @Injected var translator: any TravelTranslator
    var shown = ""
    enum When: Sendable { case ask(String) }
    func update(_ when: When) throws {
        switch when {
        case .ask(let text): shown = translator.translate(text)
        }
    }
}

@MainActor
final class PocketTravelPhrasebook: TravelPhrasebook {}

/// Reads the translator while it is made.
@MainActor
final class EagerTravelPhrasebook: Scope {
    @Injected var translator: any TravelTranslator
    var seenAtInit = ""
    init() { seenAtInit = translator.translate("init") }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
final class Tourist: Scope {
    @Subscope var book = TravelPhrasebook()
    @Subscope var later: TravelPhrasebook? = nil
    var log: [String] = []

    enum When: Sendable {
        case open
        case openAndAsk(String)
        case openAndRead
        case close
    }

    func update(_ when: When) throws {
        switch when {
        case .open: later = TravelPhrasebook()
        case .openAndAsk(let text):
            let book = TravelPhrasebook()
            later = book
            book.send(.ask(text))
        case .openAndRead:
            let book = TravelPhrasebook()
            later = book
            log.append(book.translator.translate("read"))
        case .close: later = nil
        }
    }
}

// MARK: - Plans run in a process of their own, since a read of a missing protocol stops it

@MainActor
func planLinksAChildAndSendsItAnEventInOneStep() {
    let failures = capturingFailures {
        _ = try? Tourist.GIVEN {
            let traveller = Tourist()
            traveller.book.inject(FakeTravelTranslator(prefix: "book"), as: (any TravelTranslator).self)
            return traveller
        }
        .WHEN(.openAndAsk("hello"))
        .runTest()
    }
    precondition(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
}

@MainActor
func planReadsAChildsProtocolInTheUpdateThatLinksIt() {
    let failures = capturingFailures {
        _ = try? Tourist.GIVEN {
            let traveller = Tourist()
            traveller.book.inject(FakeTravelTranslator(prefix: "book"), as: (any TravelTranslator).self)
            return traveller
        }
        .WHEN(.openAndRead)
        .runTest()
    }
    precondition(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
}

@MainActor
func planBuilderReadsAProtocolThePlanInjects() {
    let failures = capturingFailures {
        _ = try? EagerTravelPhrasebook.GIVEN { EagerTravelPhrasebook() }
            .injecting(FakeTravelTranslator(prefix: "plan"), as: (any TravelTranslator).self)
            .THEN(\.seenAtInit, equals: "plan init")
            .runTest()
    }
    precondition(failures.isEmpty, "\(failures.map(\.message))")
}

/// Protocol dependencies injected by a plan with `.injecting(_:as:)` reach forks, scopes linked later
/// and subclasses; a subtree's own injection wins; a protocol missing only in a child linked later
/// fails the step that addresses it, or, read in the step that links it, stops the process with the
/// message; a live test that injects a protocol reads it.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ProtocolInjectionPlanTests {
    @Test func aProtocolInjectedByThePlanReachesForksScopesLinkedLaterAndSubclasses() throws {
        let failures = try capturingFailures {
            try Tourist.GIVEN { Tourist() }
                .injecting(FakeTravelTranslator(prefix: "plan"), as: (any TravelTranslator).self)
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
            try PocketTravelPhrasebook.GIVEN { PocketTravelPhrasebook() }
                .injecting(FakeTravelTranslator(prefix: "pocket"), as: (any TravelTranslator).self)
                .WHEN(.ask("d"))
                .THEN(\.shown, equals: "pocket d")
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aSubtreesOwnInjectionInTheBuilderWinsOverThePlansOnEveryFork() throws {
        let failures = try capturingFailures {
            try Tourist.GIVEN {
                let traveller = Tourist()
                traveller.book.inject(FakeTravelTranslator(prefix: "own"), as: (any TravelTranslator).self)
                return traveller
            }
            .injecting(FakeTravelTranslator(prefix: "plan"), as: (any TravelTranslator).self)
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
            try Tourist.GIVEN {
                let traveller = Tourist()
                traveller.book.inject(FakeTravelTranslator(prefix: "book"), as: (any TravelTranslator).self)
                return traveller
            }
            .WHEN(.open)
            .WHEN(\.later, .ask("hello"))
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("Tourist.later"), "\(message)")
        #expect(message.contains("any TravelTranslator"), "\(message)")
    }

    // "A read that comes before any such check, … in a scope that a step both creates and reads
    // from, still stops the test process with the message": a child the step itself links and sends an
    // event to is not in the tree the check saw. The process stops, saying what to inject where.
    @Test func aChildLinkedAndSentAnEventInOneStepStopsTheProcessWithTheMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run { planLinksAChildAndSendsItAnEventInOneStep() }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("TravelPhrasebook at Tourist.later read @Injected any TravelTranslator"),
            "\(output)")
    }

    @Test func aChildsProtocolReadInTheUpdateThatLinksItStopsTheProcessWithTheMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run { planReadsAChildsProtocolInTheUpdateThatLinksIt() }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("@Injected any TravelTranslator, which nothing provides"), "\(output)")
    }

    @Test func aBuilderThatReadsAProtocolReadsWhatThePlanInjects() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run { planBuilderReadsAProtocolThePlanInjects() }
        }
    }

    @Test func aLiveTestThatInjectsAProtocolReadsItWithoutFailing() async {
        let failures = await capturingFailuresAsync {
            let traveller = Tourist()
            traveller.requireTestDependencies()
            traveller.inject(FakeTravelTranslator(prefix: "live test"), as: (any TravelTranslator).self)
            traveller.send(.open)
            traveller.later?.send(.ask("hi"))
            #expect(traveller.later?.shown == "live test hi")
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
