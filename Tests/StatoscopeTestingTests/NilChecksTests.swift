import Statoscope
import StatoscopeTesting
import Testing

// THEN_Nil and THEN_NotNil are one check expecting opposite answers: each says in the specification,
// and in its failure, what it expected and what it found.

@Suite struct NilChecksTests {
    @Test func eachNilCheckSaysWhatItExpectedAndWhatItFound() throws {
        let firstLine: UInt = #line + 3
        let plan = try Cart.GIVEN { Cart() }
            .THEN_Nil(\.savedCount)
            .THEN_NotNil(\.savedCount)
            .WHEN(.serverSaved(.success(2)))
            .THEN_NotNil(\.savedCount)
            .THEN_Nil(\.savedCount)
        #expect(
            plan.specification.contains(
                """
                - **Then** saved count is empty
                - **And** saved count is set
                """), "\(plan.specification)")
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.wrongValue, .wrongValue], "\(failures)")
        #expect(failures.map(\.location.line) == [firstLine, firstLine + 3])
        #expect(
            failures.map(\.message) == [
                """
                THEN_NotNil(\\Cart.savedCount) on Cart failed
                expected: a Int
                actual: nil
                """,
                """
                THEN_Nil(\\Cart.savedCount) on Cart failed
                expected: nil
                actual: 2
                """,
            ], "\(failures)")
    }
}
