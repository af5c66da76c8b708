import Statoscope
import StatoscopeTesting
import Testing

// A scope that cannot reach an ancestor it declares fails the plan's step with the message naming
// the type and the path; the test process goes on to report every other result.

@Suite struct MissingAncestorPlanTests {
    @Test func aMissingAncestorFailsTheStepInsteadOfStoppingTheProcess() throws {
        let plan = try Dome.GIVEN { Dome() }
            .THEN(\.telescope.lens.sightings, equals: 0)
        let stepLine: UInt = #line + 1
        _ = try plan.WHEN(\.telescope.lens, .sights)
            .THEN(\.telescope.lens.sightings, equals: 1)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingAncestor], "\(failures)")
        #expect(failures.map(\.location.line) == [stepLine])
        #expect(
            failures.first?.message
                == """
                the step was not run: @Superscope: no ancestor of type Observatory above Lens at \
                Dome.telescope.lens; link Lens below a Observatory with @Subscope before reading it. An \
                update reading it would stop the test process
                expected: a Observatory above Lens at Dome.telescope.lens
                actual: none
                """, "\(failures)")
    }

    @Test func aScopeTestedOnItsOwnWithoutItsAncestorIsToldHowToGiveIt() throws {
        let failures = try capturingFailures {
            try Lens.GIVEN { Lens() }
                .WHEN(.polished)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.missingAncestor], "\(failures)")
        #expect(
            failures.first?.message.contains(
                "call injectSuperscopeForTesting(_:) with a Observatory") == true, "\(failures)")
    }

    @Test @MainActor func anAncestorGivenToTheRootServesTheGrandchildInAPlan() throws {
        let observatory = Observatory()
        let failures = try capturingFailures {
            try Dome.GIVEN {
                let dome = Dome()
                dome.injectSuperscopeForTesting(observatory)
                return dome
            }
            .WHEN(\.telescope.lens, .sights)
            .THEN(\.telescope.lens.sightings, equals: 1)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(observatory.sightings == 1)
    }
}
