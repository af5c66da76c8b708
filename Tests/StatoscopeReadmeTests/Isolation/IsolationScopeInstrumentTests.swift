import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// What is not an app-wide instrument is not narrowed: a scope's own middleware and a recorder
/// started inside see their scope's events from everywhere.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationScopeInstrumentTests {
    @Test func aScopesOwnMiddlewareAddedInsideSeesItsScopesEventsFromEverywhere() async {
        let scope = IsolatedScope()
        let seen = await withIsolatedInstruments {
            let seen = MainBox<[String]>([])
            let own = scope.addMiddleware { _, when, next in
                seen.value.append("\(when)")
                try next(when)
            }
            scope.send(.ping(1))
            await Task.detached { await scope.send(.ping(2)) }.value
            withExtendedLifetime(own) {}
            return seen.value
        }
        #expect(seen == ["ping(1)", "ping(2)"])
    }

    @Test func recordersStartedInsideRecordTheirTreesEventsFromEverywhere() async {
        let scope = IsolatedScope()
        let (lines, flight) = await withIsolatedInstruments {
            let lines = MainBox<[String]>([])
            let recorder = Recorder(recording: scope) { line in lines.value.append(line) }
            let flight = FlightRecorder(recording: scope)
            scope.send(.ping(55_501))
            await Task.detached { await scope.send(.ping(55_502)) }.value
            withExtendedLifetime(recorder) {}
            return (lines.value.joined(separator: "\n"), flight.jsonLines())
        }
        #expect(lines.contains("55501"))
        #expect(lines.contains("55502"))
        #expect(flight.contains("55501"))
        #expect(flight.contains("55502"))
    }
}
