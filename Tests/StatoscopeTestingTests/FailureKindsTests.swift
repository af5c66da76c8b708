import Statoscope
import StatoscopeTesting
import Testing

// Each failure kind, under Swift Testing, through the capture hook: exactly one failure, of the right
// kind, at the failing step's line, with expected and actual values in the message.

@Suite struct FailureKindsTests {
    @Test(arguments: FailureScenario.all)
    func isReportedOnceAtItsStepWithExpectedAndActual(_ scenario: FailureScenario) throws {
        let failures = try capturingFailures { try scenario.run() }
        try #require(failures.count == 1, "\(failures)")
        let failure = failures[0]
        #expect(failure.kind == scenario.kind)
        #expect(failure.location.filePath == FailureScenario.filePath)
        #expect(failure.location.line == scenario.line)
        for fragment in scenario.fragments {
            #expect(failure.message.contains(fragment), "\(failure.message)")
        }
        #expect(!failure.message.contains("<computed"), "\(failure.message)")
    }

    @MainActor
    @Test(arguments: FailureScenario.all)
    func isReportedTheSameFromAMainActorTest(_ scenario: FailureScenario) throws {
        let failures = try capturingFailures { try scenario.run() }
        #expect(failures.map(\.kind) == [scenario.kind])
        #expect(failures.map(\.location.line) == [scenario.line])
    }
}
