import Foundation
import Statoscope

/// A value dependency with a value of its own for tests and previews.
struct SeamSetting: Injectable, Equatable {
    var name: String
    static var defaultValue: SeamSetting { SeamSetting(name: "default") }
    static var testValue: SeamSetting { SeamSetting(name: "test") }
    static var previewValue: SeamSetting { SeamSetting(name: "preview") }
}

/// A protocol dependency, which has no value of its own.
protocol SeamService: Sendable {
    var name: String { get }
}

struct NamedSeamService: SeamService {
    let name: String
}

enum SeamKeys {
    static let count = SharedKey<Int>("seam.matrix.count", default: 0)
}

/// An error a probe reports.
struct SeamFailure: Error, Equatable {}

/// What a probe read, kept outside it, so that the tree a plan or a replay builds reports to the test.
@MainActor
final class SeamLog {
    var sharedCounts: [Int] = []
    var settings: [String] = []
    var services: [String] = []
    var clockReadings: [Duration] = []
}

/// A scope that touches each resource of the matrix on request.
@MainActor
final class SeamProbe: Scope {
    @Shared(SeamKeys.count) var count: Int
    @Injected var setting: SeamSetting
    @Injected var service: any SeamService
    @Injected var clock: EffectClock
    let log: SeamLog

    init(log: SeamLog) {
        self.log = log
    }

    enum When: Codable, Sendable, TrackedWhen {
        case read(SeamResource)
        case write(Int)
        case fail
    }

    func update(_ when: When) throws {
        switch when {
        case .read(.sharedValue): log.sharedCounts.append(count)
        case .read(.valueDependency): log.settings.append(setting.name)
        case .read(.protocolDependency): log.services.append(service.name)
        case .read(.clock): log.clockReadings.append(clock.now.offset)
        case .read: break
        case .write(let value): count = value
        case .fail: reportHandled(SeamFailure(), during: when)
        }
    }
}
