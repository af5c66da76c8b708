import Statoscope

/// Recording: a `Recorder` writes a session that replays into a fresh tree to the same state, and a
/// `FlightRecorder` attaches the events that led to an error to its report.
extension Checks {
    static var recording: [NamedCheck] {
        [
            NamedCheck(
                "a recorded session replays into a new tree to the same state",
                aRecordedSessionReplaysToTheSameState),
            NamedCheck(
                "an error report carries the flight recorder's events", anErrorReportCarriesTheFlightRecording
            ),
        ]
    }

    static func aRecordedSessionReplaysToTheSameState(_ check: Check) {
        let cafe = Cafe()
        var text = ""
        let recorder = Recorder(recording: cafe) { text += $0 }
        cafe.order.send(.userPicked(size: 3, decaf: true))
        cafe.order.send(.userPaid(amount: 4))
        cafe.send(.userOpened)
        cafe.order.send(.userPicked(size: 1, decaf: false))
        recorder.stop()
        let recording: Recording
        do {
            recording = try Recording(jsonLines: text)
        } catch {
            return check.fail("reading the recording", expected: "a recording", got: "\(error)\n\(text)")
        }
        // The café's `orderServed`, sent by the payment's update, is its consequence: not recorded.
        check.expect(
            "the recorded scopes", recording.events.map(\.scopeTypeName),
            equals: ["Order", "Order", "Cafe", "Order"])
        do {
            let replayed = try recording.reproduce { Cafe() }
            check.expect("the replayed tree", replayed.subtreeDescription, equals: cafe.subtreeDescription)
            check.expect("the replayed café's orders served", replayed.served, equals: 1)
            check.expect("the replayed order's size", replayed.order.size, equals: 1)
        } catch {
            check.fail("replaying the recording", expected: "the session's state", got: "\(error)")
        }
    }

    static func anErrorReportCarriesTheFlightRecording(_ check: Check) {
        let cafe = Cafe()
        let flightRecorder = FlightRecorder(recording: cafe, keepingLast: 100)
        defer { flightRecorder.stop() }
        var reports: [ErrorReport] = []
        let reporting = ErrorReporting.addHandler { reports.append($0) }
        defer { reporting.remove() }
        cafe.send(.userOpened)
        cafe.order.send(.userPicked(size: 2, decaf: false))
        cafe.order.send(.userPaid(amount: 0))
        check.expect("the reports", reports.count, equals: 1)
        guard let record = reports.first?.flightRecording else {
            return check.fail("the report's flight recording", expected: "the events before it", got: "nil")
        }
        do {
            let recording = try Recording(jsonLines: record)
            check.expect(
                "the flight recording's scopes", recording.events.map(\.scopeTypeName),
                equals: ["Cafe", "Order", "Order"])
            check.expect(
                "the flight recording's paths", recording.events.map(\.path),
                equals: [[], ["order"], ["order"]])
        } catch {
            check.fail("reading the flight recording", expected: "a recording", got: "\(error)\n\(record)")
        }
    }
}
