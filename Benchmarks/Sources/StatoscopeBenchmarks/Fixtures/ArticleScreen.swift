import Statoscope

/// A screen that loads its articles through an effect: what workload 7 completes with lists of 10 to
/// 10,000 articles, to time a plan step against the size of its value.
@MainActor
final class ArticleScreen: Scope {
    var articles: [Article] = []
    var loading = false

    enum When: Sendable {
        case appeared
        case loaded([Article])
    }

    struct Load: Effect, Equatable {
        func runEffect() async throws -> [Article] { [] }
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared:
            loading = true
            effectsState.enqueue(Load().map(When.loaded))
        case .loaded(let loaded):
            articles = loaded
            loading = false
        }
    }
}

/// One article of ``ArticleScreen``: a few fields, as a reading list's row holds.
struct Article: Equatable, Sendable {
    let id: Int
    let title: String
    let summary: String
    let isRead: Bool

    static func list(of count: Int) -> [Article] {
        (0..<count).map {
            Article(id: $0, title: "Article \($0)", summary: "What article \($0) says", isRead: $0 % 2 == 0)
        }
    }
}
