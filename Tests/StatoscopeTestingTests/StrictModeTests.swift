import Statoscope
import StatoscopeTesting
import Testing
import XCTest

@Suite struct StrictModeTests {
    @Test func isOffByDefaultSoAnEffectMayBeLeftPending() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("a"))
                .WHEN(.serverSaved(.success(1)))
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aStrictBranchReportsItsLeftoversAtItsFork() throws {
        let plan = try Cart.GIVEN { Cart() }.strictEffects()
        let forkLine: UInt = #line + 1
        _ = try plan.FORK(.userAddsItem("a")) { $0 }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.pendingEffects])
        #expect(failures.map(\.location.line) == [forkLine])
    }

    @Test func aStrictPlanPassesOnceEveryEffectIsCompleted() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .strictEffects()
                .WHEN(.userAddsItem("a"))
                .WHEN_EffectCompletes(SaveCart.self, with: 1)
                .WHEN_EffectCompletes(TrackEvent.self, with: true)
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func reportsTheLeftoversOfEverySubscopeItReached() throws {
        let plan = try Shop.GIVEN { Shop() }.strictEffects().WHEN(\.cart, .userAddsItem("a"))
        let runLine: UInt = #line + 1
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.pendingEffects])
        #expect(failures.map(\.location.line) == [runLine])
        #expect(failures.first?.message.contains("Shop.cart: [SaveCart(") == true)
    }

    @Test func aPlanCanOptOutOfASuiteWideDefault() throws {
        let failures = try TestPlanDefaults.$strictEffects.withValue(true) {
            try capturingFailures {
                try Cart.GIVEN { Cart() }.strictEffects(false).WHEN(.userAddsItem("a")).runTest()
            }
        }
        #expect(failures == [])
    }
}

@Suite(.strictEffects) struct StrictSuiteTests {
    @Test func theTraitMakesEveryPlanOfTheSuiteStrict() throws {
        #expect(TestPlanDefaults.strictEffects)
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let runLine: UInt = #line + 1
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.pendingEffects])
        #expect(failures.map(\.location.line) == [runLine])
    }

    @MainActor
    @Test func andFromAMainActorTest() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).runTest()
        }
        #expect(failures.map(\.kind) == [.pendingEffects])
    }
}

/// An XCTest case made strict once for all its tests.
final class StrictXCTestCaseTests: XCTestCase {
    override func invokeTest() {
        TestPlanDefaults.$strictEffects.withValue(true) { super.invokeTest() }
    }

    func testInvokeTestMakesEveryPlanOfTheCaseStrict() throws {
        XCTAssertTrue(TestPlanDefaults.strictEffects)
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).runTest()
        }
        XCTAssertEqual(failures.map(\.kind), [.pendingEffects])
    }

    @MainActor
    func testAndForAnAsyncMainActorMethod() async throws {
        XCTAssertTrue(TestPlanDefaults.strictEffects)
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a")).runTest()
        }
        XCTAssertEqual(failures.map(\.kind), [.pendingEffects])
    }
}
