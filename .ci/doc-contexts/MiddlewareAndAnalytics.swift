// What *Middleware, logging and analytics* takes as known: a counter screen and the app's own
// analytics and crash-reporting services.
import Foundation
import Statoscope

@MainActor
final class Counter: Scope {
    private(set) var viewDisplaysTotalCount = 0

    enum When {
        case userTappedIncrementButton
    }

    func update(_ when: When) throws {
        viewDisplaysTotalCount += 1
    }
}

enum MyAnalytics {
    static func track(_ name: String, parameters: [String: EventValue]) {}
}

enum CrashReporter {
    static func record(_ error: any Error, context: String) {}
}
