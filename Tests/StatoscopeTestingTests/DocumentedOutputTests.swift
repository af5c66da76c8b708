import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// Each failure message the testing docs show is the one a plan reports in the same situation.
@Suite struct DocumentedOutputTests {
    @Test func strictStateFailureInWritingTestPlans() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .strictState()
                .WHEN(.userOpensProfile)
                .THEN(\.isLoading, equals: true)
                .WHEN_EffectCompletes(ProfileScreen.LoadProfile.self, with: "Ada")
                .THEN(\.displayName, equals: "Ada")
                .runTest()
        }
        let shown = try DocumentedOutput.named(
            "strict-state-failure", in: "Sources/StatoscopeTesting/Documentation.docc/WritingTestPlans.md")
        #expect(failures.map(\.message) == [shown])
    }

    @Test func structuredDifferenceInHowFailuresAreReported() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("a"))
                .WHEN(.userAddsItem("b"))
                .THEN(\.items, equals: ["a", "c"])
                .runTest()
        }
        let shown = try DocumentedOutput.named(
            "structured-difference",
            in: "Sources/StatoscopeTesting/Documentation.docc/HowFailuresAreReported.md")
        #expect(failures.map(\.message) == [shown])
    }
}
