import Statoscope
import StatoscopeTesting
import Testing

/// A list of counters, loaded, shortened and failing by its events.
final class CounterList: Scope {
    @Subscope var rows: [InstrumentedCounter] = []
    enum When: Codable {
        case load(Int)
        case removeFirst, fail
    }
    func update(_ when: When) throws {
        switch when {
        case .load(let n): rows = (0..<n).map { _ in InstrumentedCounter() }
        case .removeFirst: rows.removeFirst()
        case .fail: throw CounterError(n: 3)
        }
    }
}

/// The flight recording an error report carries, made into text when first read: the record as it was
/// when the error was reported, whatever the recorder does after and whoever reads it; nil when no
/// recorder runs; the most recently started recorder still running; sensitive values redacted. Each
/// test runs with instruments of its own (`.isolatedInstruments`).
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct FlightRecordingTextTests {
    func capture(_ body: () -> Void) -> [ErrorReport] {
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { reports.value.append($0) }
        body()
        registration.remove()
        return reports.value
    }

    // RecordingAndReplay: "Every ErrorReport carries the record of the running flight recorder";
    // ErrorReport.flightRecording: "nil when none runs". A recorder another test runs for the whole
    // app meanwhile is one that runs, so what is checked is that this test's stopped and released
    // recorders give no record.
    @Test func noFlightRecorderRunningGivesNil() {
        func ownRecord(_ reports: [ErrorReport]) -> String? {
            reports.first?.flightRecording.flatMap {
                $0.contains(#""root":"InstrumentedCounter""#) ? $0 : nil
            }
        }
        let counter = InstrumentedCounter()
        var reports = capture { counter.send(.fail(1)) }
        #expect(reports.count == 1)
        #expect(ownRecord(reports) == nil)

        let running = FlightRecorder(recording: counter, keepingLast: 10)
        reports = capture { counter.send(.fail(2)) }
        #expect(ownRecord(reports) != nil, "a running recorder's record is in the report")
        running.stop()
        reports = capture { counter.send(.fail(3)) }
        #expect(ownRecord(reports) == nil)

        var released: FlightRecorder? = FlightRecorder(recording: counter, keepingLast: 10)
        counter.send(.inc)
        released = nil
        _ = released
        reports = capture { counter.send(.fail(4)) }
        #expect(ownRecord(reports) == nil)
    }

    // ErrorReport.flightRecording: "The record of the running FlightRecorder when the error was
    // reported ... Kept when the library reports the error ... and made into text when first read."
    @Test func theTextIsTheRecordAsItWasWhenTheErrorWasReported() {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 100)
        let atReport = MainBox<[String]>([])
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value.append(flight.jsonLines())
            reports.value.append(report)
        }
        counter.send(.inc)
        counter.send(.note("before"))
        counter.send(.fail(1))
        for i in 0..<20 { counter.send(.note("later \(i)")) }
        counter.send(.fail(2))
        registration.remove()
        #expect(reports.value.count == 2)
        let first = reports.value[0].flightRecording
        #expect(first == atReport.value[0])
        #expect(first?.contains("later") == false)
        #expect(first?.contains("before") == true)
        #expect(
            first?.contains("\"fail\"") == true,
            "the event that threw is not in the record: \(first ?? "nil")")
        #expect(reports.value[1].flightRecording == atReport.value[1])
        #expect(reports.value[1].flightRecording?.contains("later 19") == true)
        // Read twice: the same text.
        #expect(reports.value[0].flightRecording == first)
    }

    @Test func theTextIsTheRecordAsReportedEvenAfterItsSlotsWereOverwritten() {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 3)
        let atReport = MainBox<String?>(nil)
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value = flight.jsonLines()
            reports.value.append(report)
        }
        for i in 0..<10 { counter.send(.note("early \(i)")) }
        counter.send(.fail(1))
        for i in 0..<10 { counter.send(.note("late \(i)")) }
        registration.remove()
        let text = reports.value.first?.flightRecording
        #expect(text == atReport.value)
        #expect(text?.contains("late") == false)
    }

    @Test func stoppingOrReleasingTheRecorderAfterTheReportChangesNothing() {
        let counter = InstrumentedCounter()
        var flight: FlightRecorder? = FlightRecorder(recording: counter, keepingLast: 100)
        let atReport = MainBox<String?>(nil)
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value = flight?.jsonLines()
            reports.value.append(report)
        }
        counter.send(.inc)
        counter.send(.fail(1))
        counter.send(.fail(2))
        registration.remove()
        flight?.stop()
        counter.send(.note("after stop"))
        #expect(reports.value[0].flightRecording != nil)
        #expect(reports.value[0].flightRecording?.contains("\"fail\":{\"_0\":2}") == false)
        flight = nil
        #expect(reports.value[1].flightRecording != nil, "read first after the recorder was released")
        #expect(reports.value[1].flightRecording?.contains("after stop") == false)
        let copy = reports.value[1]
        #expect(copy.flightRecording == reports.value[1].flightRecording)
    }

    @Test func readingFromOtherTasksAtOnceGivesTheSameText() async {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 1_000)
        for i in 0..<500 { counter.send(.note("n \(i)")) }
        let reports = capture { counter.send(.fail(1)) }
        let expected = flight.jsonLines()
        for i in 0..<50 { counter.send(.note("after \(i)")) }
        let report = reports[0]
        let texts = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 { group.addTask { report.flightRecording } }
            var all: [String?] = []
            for await text in group { all.append(text) }
            return all
        }
        #expect(texts.count == 16)
        #expect(Set(texts).count == 1)
        #expect(texts.first! == expected)
        let detached = await Task.detached { report.flightRecording }.value
        #expect(detached == expected)
        _ = flight
    }

    // FlightRecorder: "Every ErrorReport carries the record of the most recently started flight
    // recorder still running on the tree of the scope it is about ... (none when no recorder records
    // that tree)".
    @Test func aReportCarriesTheRecordOfTheMostRecentRecorderOfItsOwnTree() {
        let counter = InstrumentedCounter()
        let other = InstrumentedCounter()
        let older = FlightRecorder(recording: counter, keepingLast: 100)
        counter.send(.note("older only"))
        var newer: FlightRecorder? = FlightRecorder(recording: counter, keepingLast: 100)
        counter.send(.inc)
        let elsewhere = FlightRecorder(recording: other, keepingLast: 100)
        other.send(.note("elsewhere"))

        // The newer recorder of the counter's tree, though one of another tree started after it.
        var reports = capture { counter.send(.fail(1)) }
        #expect(reports[0].flightRecording == newer?.jsonLines())
        #expect(reports[0].flightRecording?.contains("older only") == false)
        #expect(reports[0].flightRecording?.contains("elsewhere") == false)

        newer?.stop()
        reports = capture { counter.send(.fail(2)) }
        #expect(reports[0].flightRecording == older.jsonLines())
        #expect(reports[0].flightRecording?.contains("older only") == true)

        newer = nil
        older.stop()
        reports = capture { counter.send(.fail(3)) }
        #expect(reports[0].flightRecording == nil, "no recorder records the counter's tree")

        reports = capture { other.send(.fail(4)) }
        #expect(reports[0].flightRecording == elsewhere.jsonLines())
        elsewhere.stop()
    }

    @Test func readingOffTheMainActorWhileTheRecorderKeepsRecording() async {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 64)
        for i in 0..<100 { counter.send(.note("n \(i)")) }
        let reports = capture { counter.send(.fail(1)) }
        let expected = flight.jsonLines()
        let report = reports[0]
        let readers = (0..<4).map { _ in
            Task.detached { () -> [String?] in (0..<20).map { _ in report.flightRecording } }
        }
        for i in 0..<3_000 { counter.send(.note("busy \(i)")) }
        var all: [String?] = []
        for reader in readers { all += await reader.value }
        #expect(Set(all) == [expected])
    }

    // MiddlewareAndAnalytics "What stays private": flight recordings never show a sensitive value.
    @Test func theFlightRecordingRedactsSensitiveValues() {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 100)
        counter.send(.secret(Sensitive("hunter2")))
        let reports = capture { counter.send(.fail(1)) }
        let text = reports.first?.flightRecording
        #expect(text != nil)
        #expect(text?.contains("hunter2") == false)
        #expect(text?.contains("<redacted>") == true)
        _ = flight
    }

    // Releasing (or stopping) the flight recorder inside the handler that received the report,
    // before the report's text is first read.
    @Test func releasingTheRecorderInsideTheHandlerBeforeTheFirstRead() {
        let counter = InstrumentedCounter()
        let holder = MainBox<FlightRecorder?>(FlightRecorder(recording: counter, keepingLast: 100))
        counter.send(.note("kept"))
        let texts = MainBox<[String?]>([])
        let first = ErrorReporting.addHandler { report in
            let expected = holder.value?.jsonLines()
            holder.value = nil
            texts.value.append(expected)
        }
        let second = ErrorReporting.addHandler { report in texts.value.append(report.flightRecording) }
        counter.send(.fail(1))
        first.remove()
        second.remove()
        #expect(texts.value.count == 2)
        #expect(texts.value.first! != nil)
        #expect(texts.value.first! == texts.value.last!)
    }

    // ErrorReport.flightRecording: kept "when the library reports the error": also for a report the
    // app makes and hands to ErrorReporting.report(_:).
    @Test func aReportTheAppMakesAndReportsCarriesTheRecord() {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 100)
        counter.send(.note("made by hand"))
        let expected = flight.jsonLines()
        let reports = capture {
            ErrorReporting.report(
                ErrorReport(
                    error: CounterError(n: 5), source: .update(InstrumentedCounter.When.inc), scope: counter))
        }
        counter.send(.note("afterwards"))
        #expect(reports.count == 1)
        #expect(reports.first?.flightRecording == expected)
    }

    @Test func anEffectFailuresRecordHasTheEffectAndNothingLater() async {
        let counter = InstrumentedCounter()
        let flight = FlightRecorder(recording: counter, keepingLast: 100)
        let atReport = MainBox<String?>(nil)
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value = flight.jsonLines()
            reports.value.append(report)
        }
        counter.send(.failingEffect)
        await counter.effectsState.waitUntilSettled()
        counter.send(.note("after the effect"))
        registration.remove()
        #expect(reports.value.count == 1)
        #expect(reports.value.first?.flightRecording == atReport.value)
        #expect(reports.value.first?.flightRecording?.contains("FailingCounterEffect") == true)
        print("effect failure record:\n\(reports.value.first?.flightRecording ?? "nil")")
    }

    // ErrorReport.flightRecording: "The record ... when the error was reported": the paths it
    // names are where the scopes were then, even after rows moved or were released.
    @Test func theRecordKeepsThePathsOfWhenTheErrorWasReported() {
        let list = CounterList()
        let flight = FlightRecorder(recording: list, keepingLast: 100)
        let atReport = MainBox<[String]>([])
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value.append(flight.jsonLines())
            reports.value.append(report)
        }
        list.send(.load(3))
        list.rows[2].send(.inc)
        list.rows[2].send(.fail(1))
        list.send(.removeFirst)  // the row that threw is rows[1] now
        list.rows[1].send(.fail(2))
        list.send(.load(0))  // every row released
        registration.remove()
        #expect(reports.value.count == 2)
        let first = reports.value[0].flightRecording
        #expect(first == atReport.value[0])
        #expect(first?.contains("rows[2]") == true, "\(first ?? "nil")")
        #expect(reports.value[1].flightRecording == atReport.value[1])
    }

    // RecordingAndReplay: "While it still holds every event since it started, it replays into a
    // new tree to the same state": also when rows moved between the events.
    @Test func aFlightRecordingReplaysToTheSameStateAfterRowsMoved() throws {
        let list = CounterList()
        let flight = FlightRecorder(recording: list, keepingLast: 100)
        list.send(.load(3))
        list.rows[2].send(.inc)
        list.rows[2].send(.inc)
        list.send(.removeFirst)
        list.rows[1].send(.inc)
        list.rows[0].send(.note("first"))
        let text = flight.jsonLines()
        let replayed = try Recording(jsonLines: text).reproduce { CounterList() }
        #expect(replayed.rows.map(\.count) == list.rows.map(\.count), "\(text)")
        #expect(replayed.rows.map(\.note) == list.rows.map(\.note))
    }

    // A report made during an update (a refused tree change): the record is the one of that moment.
    @Test func aReportMadeDuringAnUpdateKeepsTheRecordOfThatMoment() {
        let node = LinkNode()
        let flight = FlightRecorder(recording: node, keepingLast: 100)
        let atReport = MainBox<String?>(nil)
        let reports = MainBox<[ErrorReport]>([])
        let registration = ErrorReporting.addHandler { report in
            atReport.value = flight.jsonLines()
            reports.value.append(report)
        }
        node.send(.link(node))
        node.send(.link(LinkNode()))
        registration.remove()
        #expect(reports.value.count == 1)
        #expect(reports.value.first?.flightRecording == atReport.value)
        print("tree-change record: \(reports.value.first?.flightRecording ?? "nil")")
    }

    // A flight recorder started inside an error handler serves the next report.
    @Test func aFlightRecorderStartedInsideAHandlerServesTheNextReport() {
        let counter = InstrumentedCounter()
        let holder = MainBox<FlightRecorder?>(nil)
        let texts = MainBox<[String?]>([])
        let registration = ErrorReporting.addHandler { report in
            texts.value.append(report.flightRecording)
            if holder.value == nil { holder.value = FlightRecorder(recording: counter, keepingLast: 10) }
        }
        counter.send(.fail(1))
        counter.send(.inc)
        counter.send(.fail(2))
        registration.remove()
        #expect(texts.value.count == 2)
        #expect(texts.value.first! == nil)
        #expect(texts.value.last! != nil)
    }
}
