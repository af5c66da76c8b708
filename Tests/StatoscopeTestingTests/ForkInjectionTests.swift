import Statoscope
import StatoscopeTesting
import Testing

@Suite struct ForkInjectionTests {
    @Test func injectingInsideAForkAppliesToThatBranchOnly() throws {
        let failures = try capturingFailures {
            try Larder.GIVEN { Larder() }
                .FORK(.readsTheOthers) { branch in
                    try branch.injecting(Weather(sky: "branch"))
                        .WHEN(.readsTheOthers)
                        .THEN(\.seen, equals: "branch preview live")
                }
                .FORK(.readsTheOthers) { other in
                    try other.THEN(\.seen, equals: "test preview live")
                }
                .WHEN(.readsTheOthers)
                .THEN(\.seen, equals: "test preview live")
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aValueInjectedAsATypeInsideAForkReachesTheBranchesForkedFromIt() throws {
        let failures = try capturingFailures {
            try Larder.GIVEN { Larder() }
                .FORK(.readsTheOthers) { branch in
                    try branch.injecting(Weather(sky: "first"), as: Weather.self)
                        .FORK(.readsTheOthers) { nested in
                            try nested.THEN(\.seen, equals: "first preview live")
                        }
                        .WHEN(.readsTheOthers)
                        .THEN(\.seen, equals: "first preview live")
                }
                .WHEN(.readsTheOthers)
                .THEN(\.seen, equals: "test preview live")
                .runTest()
        }
        #expect(failures == [])
    }
}
