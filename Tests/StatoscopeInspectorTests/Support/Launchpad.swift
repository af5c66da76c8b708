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
        case slowCount(SlowToRecord)
        case unencodable(TrapsWhenRecorded)
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
        case .slowCount(let slow):
            count = slow.count
        case .unencodable:
            break
        }
    }
}

/// Reads no fuel at all.
struct FuelGauge: Effect {
    func runEffect() async throws -> Int? { nil }
}

/// A count whose encoding takes 300 ms: a surviving recorder's writer is still writing it when the
/// next event traps.
struct SlowToRecord: Codable, Sendable {
    let count: Int

    init(count: Int) { self.count = count }

    init(from decoder: any Decoder) throws {
        count = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        usleep(300_000)
        var container = encoder.singleValueContainer()
        try container.encode(count)
    }
}

/// A value whose encoding traps: it ends the process on the recorder's writer thread.
struct TrapsWhenRecorded: Codable, Sendable {
    init() {}

    init(from decoder: any Decoder) throws {}

    func encode(to encoder: any Encoder) throws {
        fatalError("this value cannot be recorded")
    }
}
