import Statoscope
import StatoscopeTesting
import Testing
import XCTest

/// A checkout that tracks purchases, not scrolling, and refuses an empty basket.
@MainActor
final class Basket: Scope {
    var items = 0

    enum When: Codable, Sendable, TrackedWhen {
        case userTappedBuy(items: Int)
        case viewScrolled

        var isTracked: Bool {
            switch self {
            case .userTappedBuy: true
            case .viewScrolled: false
            }
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedBuy(let items):
            guard items > 0 else { throw EmptyBasket() }
            self.items = items
        case .viewScrolled: break
        }
    }
}

struct EmptyBasket: Error {}

enum AnalyticsPlans {
    static func passing() throws -> TestPlan<Basket> {
        try Basket.GIVEN { Basket() }
            .WHEN(.userTappedBuy(items: 2))
            .THEN_Tracked("userTappedBuy", parameters: ["items": .int(2)])
            .THEN_Tracked("userTappedBuy")
            .WHEN(.viewScrolled)
            .THEN_NothingTracked()
            .WHEN_Throws(.userTappedBuy(items: 0))
            .THEN_NothingTracked()
            .THEN(\.items, equals: 2)
    }

    static func failing() throws -> TestPlan<Basket> {
        try Basket.GIVEN { Basket() }
            .WHEN(.viewScrolled)
            .THEN_Tracked("viewScrolled")
            .WHEN(.userTappedBuy(items: 3))
            .THEN_NothingTracked()
            .THEN(\.items, equals: 3)
    }

    static let expectedMessages = [
        """
        THEN_Tracked("viewScrolled") failed: the latest event or completion did not track it
        expected: viewScrolled
        actual: none
        """,
        """
        THEN_NothingTracked failed
        expected: no analytics event
        actual: userTappedBuy{items: 3} at Basket
        """,
    ]
}

@Suite struct AnalyticsVerbTests {
    @Test func plansCheckWhatEachStepTracked() throws {
        try AnalyticsPlans.passing().runTest()
    }

    @Test func aMissingOrUnexpectedEventFailsItsStep() throws {
        let failures = try capturingFailures { try AnalyticsPlans.failing().runTest() }
        #expect(failures.map(\.message) == AnalyticsPlans.expectedMessages)
        #expect(failures.map(\.kind) == [.wrongValue, .wrongValue])
    }

    @Test func theSpecificationSaysWhatIsTracked() throws {
        let plan = try AnalyticsPlans.passing()
        let text = plan.specification
        #expect(text.contains("- **Then** `userTappedBuy{items: 2}` is tracked"), "\(text)")
        #expect(text.contains("nothing is tracked"), "\(text)")
        try plan.runTest()
    }
}

final class AnalyticsVerbXCTests: XCTestCase {
    func testPlansCheckWhatEachStepTracked() throws {
        try AnalyticsPlans.passing().runTest()
    }

    @MainActor
    func testAMissingOrUnexpectedEventFailsItsStep() async throws {
        let failures = try capturingFailures { try AnalyticsPlans.failing().runTest() }
        XCTAssertEqual(failures.map(\.message), AnalyticsPlans.expectedMessages)
    }
}
