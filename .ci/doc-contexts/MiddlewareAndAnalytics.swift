// What *Middleware, logging and analytics* takes as known: a counter screen, the app's own
// analytics and crash-reporting services, and the articles it downloads.
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

struct Article: Sendable {
    var title: String
}

enum ArticleAPI {
    static func download(_ id: Int) async throws -> Article { Article(title: "Article \(id)") }
    static func savedCopy(_ id: Int) throws -> Article { Article(title: "Article \(id)") }
}
