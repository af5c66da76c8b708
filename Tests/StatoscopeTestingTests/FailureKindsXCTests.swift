import Statoscope
import StatoscopeTesting
import XCTest

// Each failure kind, under XCTest, through the capture hook: from a plain nonisolated method, as the
// earlier Statoscope's tests are written, and from a main-actor one (async, as Linux requires).

final class FailureKindsXCTests: XCTestCase {
    func testEveryKindIsReportedOnceAtItsStepWithExpectedAndActual() throws {
        for scenario in FailureScenario.all {
            let failures = try capturingFailures { try scenario.run() }
            XCTAssertEqual(failures.count, 1, "\(scenario): \(failures)")
            guard let failure = failures.first else { continue }
            XCTAssertEqual(failure.kind, scenario.kind)
            XCTAssertEqual(failure.location.filePath, FailureScenario.filePath)
            XCTAssertEqual(failure.location.line, scenario.line, "\(scenario)")
            for fragment in scenario.fragments {
                XCTAssertTrue(failure.message.contains(fragment), "\(scenario): \(failure.message)")
            }
            XCTAssertFalse(failure.message.contains("<computed"), "\(scenario): \(failure.message)")
        }
    }

    @MainActor
    func testEveryKindIsReportedTheSameFromTheMainActor() async throws {
        for scenario in FailureScenario.all {
            let failures = try capturingFailures { try scenario.run() }
            XCTAssertEqual(failures.map(\.kind), [scenario.kind])
            XCTAssertEqual(failures.map(\.location.line), [scenario.line])
        }
    }
}
