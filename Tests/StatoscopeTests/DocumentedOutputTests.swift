import Statoscope
import StatoscopeTestSupport
import Testing

/// The scopes of *Getting started*, in a namespace of their own: a type prints by its own name.
enum GettingStarted {}

/// The profile screen of *Getting started*, rejecting a profile that arrives while it is not loading.
extension GettingStarted {
    @MainActor
    final class ProfileScreen: Scope {
        var loading = false
        var name = ""

        enum When {
            case networkFinishesLoadingProfile(String)
        }

        func update(_ when: When) throws {
            switch when {
            case .networkFinishesLoadingProfile(let profile):
                // The file and line the article shows, as a user's own file would give them.
                guard loading else {
                    throw InvalidStateError(
                        "profile arrived while not loading", fileID: "MyApp/ProfileScreen.swift", line: 42)
                }
                loading = false
                name = profile
            }
        }
    }
}

/// Each output the library's docs show is what the library prints in the same situation.
@MainActor
struct DocumentedOutputTests {
    @Test func errorReportInGettingStarted() throws {
        let screen = GettingStarted.ProfileScreen()
        let collector = ErrorReportCollector(for: screen)
        screen.send(.networkFinishesLoadingProfile("Ada"))
        let shown = try DocumentedOutput.named(
            "error-report", in: "Sources/Statoscope/Documentation.docc/GettingStarted.md")
        #expect(collector.reports.map(\.description) == [shown])
    }
}

/// The tree the doc comment of `subtreeDescription` shows.
extension GettingStarted {
    struct APIClient: Injectable, CustomStringConvertible {
        var baseURL: String
        static var defaultValue: APIClient { APIClient(baseURL: "https://example.com") }
        var description: String { "APIClient(\(baseURL))" }
    }

    struct PostCount: Effect, Equatable {
        let count: Int
        func runEffect() async throws -> Int { count }
    }

    @MainActor
    final class Counter: Scope {
        var viewDisplaysTotalCount = 0
        @Injected var api: APIClient

        enum When {
            case userTappedIncrementButton
            case countSaved(Int)
        }

        func update(_ when: When) throws {
            switch when {
            case .userTappedIncrementButton:
                viewDisplaysTotalCount += 1
                effectsState.enqueue(PostCount(count: viewDisplaysTotalCount).map(When.countSaved))
            case .countSaved:
                break
            }
        }
    }

    @MainActor
    final class Home: Scope {
        var title = "Home"
        @Subscope var counter = Counter()
        @Subscope var detail: Counter? = nil

        enum When { case appeared }
        func update(_ when: When) throws {}
    }
}

extension DocumentedOutputTests {
    @Test func subtreeDescriptionInItsDocComment() throws {
        let home = GettingStarted.Home()
        home.inject(GettingStarted.APIClient(baseURL: "https://staging.example.com"))
        home.counter.send(.userTappedIncrementButton)
        defer { home.counter.effectsState.cancelAllEffects() }
        let shown = try DocumentedOutput.named(
            "subtree-description", in: "Sources/Statoscope/Reading/Scope+SubtreeDescription.swift")
        #expect(home.subtreeDescription == shown)
    }
}
