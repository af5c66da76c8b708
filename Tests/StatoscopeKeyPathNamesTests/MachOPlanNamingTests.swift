import Observation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeKeyPathNames
import StatoscopeTesting
import Testing

// The bar for Apple platforms, on Linux: a plan's failure names an `@Observable` property as a word
// when the name comes from a Mach-O image. The image is the arm64 fixture, placed so that its
// `tapCount` getter lies where this binary's getter of `MachOStandIn.count` is; the word it gives,
// "tapCount", can only come from the image (this binary's own symbol says "count").
//
// Only this file forms key paths to `MachOStandIn`, so the image names nothing any other test asks.

@Observable
final class MachOStandIn: Scope {
    var count = 0

    enum When { case userTaps }

    func update(_ when: When) throws {
        count += 1
    }
}

@MainActor
@Suite struct MachOPlanNamingTests {
    @Test func aPlanFailureNamesAnObservablePropertyFromAMachOImage() throws {
        let description = String(describing: \MachOStandIn.count)
        let hex = description.split(separator: "<computed 0x").last?.prefix { $0.isHexDigit }
        let address = try #require(hex.flatMap { UInt($0, radix: 16) }, "\(description)")
        GetterSymbols.add(
            try MachOImageBytes(bytes: MachOFixture.arm64.bytes, slide: address - MachOFixture.tapCountGetter)
        )

        let failures = CriticalState<[PlanFailure]>([])
        try PlanIssueReporter.$capture.withValue(
            .init { failure in failures.withLock { $0.append(failure) } }
        ) {
            try MachOStandIn.GIVEN("a counter") { MachOStandIn() }
                .WHEN(.userTaps)
                .THEN(\.count, equals: 2)
                .runTest()
        }
        let messages = failures.withLock { captured in captured.map { $0.message } }
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix("THEN(\\MachOStandIn.tapCount, equals: ...)") == true, "\(messages)")
        #expect(!messages.joined().contains("property>"), "\(messages)")
        #expect(!messages.joined().contains("computed"), "\(messages)")

        let plan = try MachOStandIn.GIVEN("a counter") { MachOStandIn() }
            .WHEN(.userTaps)
            .THEN(\.count, equals: 1)
        #expect(plan.specification.contains("- **Then** tap count is `1`"), "\(plan.specification)")
        try plan.runTest()
    }
}
