import Foundation
import Statoscope

/// An app that dies in each way a crash test needs: a `fatalError` in an update, a force-unwrap of an
/// effect's result, a segmentation fault, `abort()`.
@MainActor
final class Launchpad: Scope {
    var count = 0
    var fuel = 0

    enum When: Codable, Sendable {
        case count(Int)
        case abort
        case refuel
        case fuelMeasured(Int?)
        case segfault
        case callAbort
    }

    func update(_ when: When) throws {
        switch when {
        case .count(let count):
            self.count = count
        case .abort:
            fatalError("the countdown was aborted")
        case .refuel:
            effectsState.enqueue(FuelGauge().map(When.fuelMeasured))
        case .fuelMeasured(let level):
            fuel = level!
        case .segfault:
            raise(SIGSEGV)
        case .callAbort:
            abort()
        }
    }
}

/// Reads no fuel at all.
struct FuelGauge: Effect {
    func runEffect() async throws -> Int? { nil }
}
