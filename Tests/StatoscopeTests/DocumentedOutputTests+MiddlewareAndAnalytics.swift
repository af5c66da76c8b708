import Statoscope
import StatoscopeTestSupport
import Testing

/// The scopes of *Middleware, logging and analytics*, in a namespace of their own: a type prints by
/// its own name.
enum MiddlewareAndAnalytics {}

extension MiddlewareAndAnalytics {
    struct SaveCount: Effect, Equatable {
        let count: Int
        func runEffect() async throws -> Int { count }
    }

    @MainActor
    final class Counter: Scope {
        var viewDisplaysTotalCount = 0
        var viewShowsLoading = false

        enum When {
            case userTappedIncrementButton
            case countSaved(Int)
        }

        func update(_ when: When) throws {
            switch when {
            case .userTappedIncrementButton:
                viewDisplaysTotalCount += 1
                viewShowsLoading = true
                effectsState.enqueue(SaveCount(count: viewDisplaysTotalCount).map(When.countSaved))
            case .countSaved:
                viewShowsLoading = false
            }
        }
    }

    @MainActor
    final class Dashboard: Scope {
        @Subscope var counter = Counter()
        enum When { case appeared }
        func update(_ when: When) throws {}
    }

    @MainActor
    final class Profile: Scope {
        var email = ""
        var picked = 0

        enum When: Codable, TrackedWhen {
            case userTypesNewEmail(userEmail: String)
            case userPicked(Int, confirmed: Bool)
        }

        func update(_ when: When) throws {
            switch when {
            case .userTypesNewEmail(let userEmail): email = userEmail
            case .userPicked(let value, _): picked = value
            }
        }
    }
}

/// Logging is app-wide: this runs with the other logging tests, one at a time.
extension EventLoggingTests {
    @Test func eventLogInMiddlewareAndAnalytics() async throws {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), stateDiffs: true)
        defer { EventLogging.disable() }
        let dashboard = MiddlewareAndAnalytics.Dashboard()
        dashboard.counter.send(.userTappedIncrementButton)
        await dashboard.counter.effectsState.waitUntilSettled()
        let lines = log.lines.filter { $0.hasPrefix("debug Dashboard.counter ") }.map {
            $0.dropFirst("debug ".count)
        }
        let shown = try DocumentedOutput.named(
            "event-log", in: "Sources/Statoscope/Documentation.docc/MiddlewareAndAnalytics.md")
        #expect(lines.joined(separator: "\n") == shown)
        let shownInDocComment = try DocumentedOutput.named(
            "event-log", in: "Sources/StatoscopeInstruments/Middleware/EventLogging.swift")
        #expect(lines.joined(separator: "\n") == shownInDocComment)
    }
}

/// Analytics is app-wide: this reads only its own scope's events.
extension DocumentedOutputTests {
    @Test func analyticsEventsInMiddlewareAndAnalytics() async throws {
        let tracked = TrackedEvents { $0.scopePath == "Profile" }
        defer { tracked.stop() }
        let profile = MiddlewareAndAnalytics.Profile()
        profile.send(.userTypesNewEmail(userEmail: "a@b.c"))
        profile.send(.userPicked(3, confirmed: true))
        let shown = try DocumentedOutput.named(
            "analytics-events", in: "Sources/Statoscope/Documentation.docc/MiddlewareAndAnalytics.md")
        #expect(await tracked.delivered().map(\.description).joined(separator: "\n") == shown)
    }
}
