import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import Testing

/// A scope with `Codable` events, for analytics and recording.
@MainActor
final class Diary: Scope {
    var entries: [String] = []
    struct Refused: Error {}
    enum When: Sendable, Codable, TrackedWhen {
        case write(String)
        case fail
    }
    func update(_ when: When) throws {
        switch when {
        case .write(let text): entries.append(text)
        case .fail: throw Refused()
        }
    }
}

/// Something a middleware's closure holds, to see when the middleware itself is gone.
private final class Sentinel: Sendable {}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct InstrumentLifetimeTests {
    @Test func droppingAnAppWideRegistrationRemovesTheMiddleware() async {
        let scope = Diary()
        var calls = 0
        do {
            let registration = Middleware.addAppWide { event, next in
                if event.scope === scope { calls += 1 }
                try next(event)
            }
            withExtendedLifetime(registration) { scope.send(.write("kept")) }
        }
        scope.send(.write("dropped"))
        #expect(calls == 1)
        #expect(scope.entries == ["kept", "dropped"])
    }

    @Test func droppingTheAnalyticsRegistrationStopsTracking() async {
        let scope = Diary()
        let tracked = CriticalState<[String]>([])
        do {
            let analytics = Analytics.install { event in
                if event.scopePath == "Diary" { tracked.withLock { $0.append(event.name) } }
            }
            withExtendedLifetime(analytics) { scope.send(.write("one")) }
        }
        scope.send(.write("two"))
        await Analytics.waitUntilDelivered()
        #expect(tracked.withLock { $0 } == ["write"])
    }

    @Test func aDroppedRecorderWritesNothingMore() async {
        let scope = Diary()
        var text = ""
        do {
            let recorder = Recorder(recording: scope) { text += $0 }
            withExtendedLifetime(recorder) { scope.send(.write("recorded")) }
        }
        let written = text
        scope.send(.write("after"))
        #expect(written.contains("recorded"))
        #expect(text == written)
    }

    @Test func aReleasedScopesMiddlewareGoesWithIt() async {
        weak var sentinel: Sentinel?
        var registration: InstrumentRegistration?
        do {
            let scope = Diary()
            let held = Sentinel()
            sentinel = held
            // Kept past the scope's release: the middleware goes with its scope all the same.
            registration = scope.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            scope.send(.write("one"))
        }
        #expect(sentinel != nil, "the registry holds the middleware until its release check")
        // The scopes with middleware are checked for release every second while the main actor runs;
        // a bound counted in this test's own turns, since other suites may hold the main actor.
        var patience = TestPatience()
        while sentinel != nil, await patience.pause(for: .milliseconds(20)) {}
        #expect(sentinel == nil)
        registration?.remove()
    }

    @Test func aScopesMiddlewareStopsWhenItsRegistrationIsReleased() async {
        let scope = Diary()
        var seen: [String] = []
        var registration: InstrumentRegistration? = scope.addMiddleware { _, when, next in
            seen.append("\(when)")
            try next(when)
        }
        scope.send(.write("kept"))
        withExtendedLifetime(registration) {}
        registration = nil
        scope.send(.write("released"))
        #expect(seen == ["write(\"kept\")"])
    }

    @Test func anErrorHandlerStopsWhenItsRegistrationIsReleasedOrRemoved() async {
        let scope = Diary()
        let id = ObjectIdentifier(scope)
        var reports = 0
        var registration: ErrorReporting.Registration? = ErrorReporting.addHandler { report in
            if report.scopeID == id { reports += 1 }
        }
        scope.send(.fail)
        #expect(reports == 1)
        withExtendedLifetime(registration) {}
        registration = nil
        scope.send(.fail)
        #expect(reports == 1, "a released registration takes its handler out")
        let removed = ErrorReporting.addHandler { report in
            if report.scopeID == id { reports += 1 }
        }
        scope.send(.fail)
        removed.remove()
        scope.send(.fail)
        #expect(reports == 2, "a removed registration takes its handler out")
    }
}
