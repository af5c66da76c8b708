import Statoscope
import StatoscopeTesting
import Testing

/// The move of `MissingAncestorSenderTests` in a plan: the step that would deliver to the moved scope
/// fails, naming both types.
extension MissingAncestorPlanTests {
    @Test func aResultForAScopeMovedAwayFromItsAncestorFailsItsStepInAPlan() throws {
        let failures = try capturingFailures {
            try Town.GIVEN { Town() }
                .WHEN(\.house.porch, .order)
                .WHEN(.movePorchToYard)
                .THEN_NotNil(\.yard.porch)
                .WITH(\.yard.porch) { try $0.WHEN_OlderEffectCompletes(with: ()) }
                .THEN(\.house.visits, equals: 0)
                .runTest(assertNoPendingEffects: false)
        }
        #expect(failures.map(\.kind).contains(.missingAncestor), "\(failures)")
        #expect(
            failures.first { $0.kind == .missingAncestor }?.message.contains(
                "no ancestor of type House above Porch at Town.yard.porch") == true, "\(failures)")
    }
}
