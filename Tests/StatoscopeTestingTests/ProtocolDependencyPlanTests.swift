import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

protocol Translator: Sendable {
    func translate(_ text: String) -> String
}

struct FakeTranslator: Translator {
    func translate(_ text: String) -> String { "fake \(text)" }
}

final class Phrasebook: Scope {
    @Injected var translator: any Translator
    var shown = ""

    enum When { case userAsked(String) }

    func update(_ when: When) throws {
        switch when {
        case .userAsked(let text): shown = translator.translate(text)
        }
    }
}

final class Traveller: Scope {
    @Subscope var phrasebook = Phrasebook()

    enum When { case noop }

    func update(_ when: When) throws {}
}

@Suite struct ProtocolDependencyPlanTests {
    @Test func aPlanInjectsAProtocolLikeAnyDependency() throws {
        let failures = try capturingFailures {
            try Traveller.GIVEN { Traveller() }
                .injecting(FakeTranslator(), as: (any Translator).self)
                .WHEN(\.phrasebook, .userAsked("hello"))
                .THEN(\.phrasebook.shown, equals: "fake hello")
                .runTest()
            try Traveller.GIVEN {
                let traveller = Traveller()
                traveller.inject(FakeTranslator(), as: (any Translator).self)
                return traveller
            }
            .WHEN(\.phrasebook, .userAsked("bye"))
            .THEN(\.phrasebook.shown, equals: "fake bye")
            .runTest()
        }
        #expect(failures == [])
    }

    @Test func aProtocolThePlanDoesNotProvideFailsTheStepBeforeItRuns() throws {
        let plan = try Traveller.GIVEN { Traveller() }
        let stepLine: UInt = #line + 1
        _ = try plan.WHEN(\.phrasebook, .userAsked("hello"))
        let failures = try capturingFailures {
            try plan.THEN(\.phrasebook.shown, equals: "").runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(failures.map(\.location.line) == [stepLine])
        #expect(
            failures.first?.message.hasSuffix(
                """
                the step was not run: Phrasebook at Traveller.phrasebook declares @Injected any Translator, \
                which the plan does not provide: nothing injects one, and any Translator declares no value of \
                its own, so reading it would stop the test process
                expected: any Translator injected (.injecting(_:as:), or inject(_:as:) in GIVEN's builder)
                actual: none
                """) == true, "\(failures.first?.message ?? "no failure")")
        #expect(failures.first?.message.hasPrefix("When ") == true, "\(failures.first?.message ?? "")")
    }
}
