import Statoscope
import StatoscopeTesting
import Testing

/// A plan tells a stream's failure from another type's that prints alike.
extension StreamEndPlanTests {
    @Test func aPlanTellsAFailureFromAnotherTypesThatPrintsAlike() throws {
        let failures = try capturingFailures {
            try Uploader.GIVEN { Uploader() }
                .WHEN(.follow)
                .WHEN_StreamFails(Feed.self, with: GarbledFailure(detail: "x"))
                .THEN(\.ending, equals: .failed(GarbledFailureTwin(detail: "x")))
                .runTest()
        }
        #expect(failures.map(\.kind) == [.wrongValue], "\(failures.map(\.message))")
    }
}
