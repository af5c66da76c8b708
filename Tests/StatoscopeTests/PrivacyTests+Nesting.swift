import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A sensitive case held inside another value, at depths 1 to 4, in an enum, an array, an optional,
/// a dictionary (as a value and as a key) and a struct: each output shows the case's name with its
/// values redacted, as it shows a sensitive event, and never the code.
extension PrivacyTests {
    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventIsRedactedInRecordings(_ nesting: Nesting) async throws {
        let intercom = Intercom()
        var text = ""
        let recorder = Recorder(recording: intercom) { text += $0 }
        await intercom.handOver(nesting.secret)
        recorder.stop()
        #expect(hidesTheCode(text), "\(text)")
        #expect(text.contains(#"{"typedCode":{"_0":"<redacted>"}}"#), "\(text)")
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.first?.event == .object(["forward": .object(["_0": nesting.redactedValue])]))
    }

    @Test(arguments: Nesting.all)
    func aRecordingWithANestedSensitiveCaseReplaysWithThePlaceholderInItsPlace(_ nesting: Nesting)
        async throws
    {
        let intercom = Intercom()
        var text = ""
        let recorder = Recorder(recording: intercom) { text += $0 }
        await intercom.handOver(nesting.secret)
        recorder.stop()
        let replayed = try Recording(jsonLines: text).reproduce { Intercom() }
        #expect(replayed.last == nesting.redacted)
        #expect(replayed.passed == 1)
    }

    // Analytics is app-wide: other tests' intercoms would be tracked too.
    @Test(.isolatedInstruments, arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventIsRedactedInAnalytics(_ nesting: Nesting) async {
        let tracked = TrackedEvents { $0.scopePath == "Intercom" }
        defer { tracked.stop() }
        await Intercom().handOver(nesting.secret)
        let events = await tracked.delivered()
        let text = events.map(\.description).joined(separator: "\n")
        #expect(hidesTheCode(text), "\(text)")
        #expect(events.map(\.name) == ["forward", "forwardFailing", "passed"])
        #expect(events.first?.parameters == ["_0": nesting.redactedValue], "\(text)")
    }

    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventOrAnEffectIsRedactedInErrorReports(_ nesting: Nesting) async {
        let intercom = Intercom()
        let reports = ErrorReportCollector(for: intercom)
        await intercom.handOver(nesting.secret)
        let text = reports.reports.map(\.description).sorted()
        #expect(text.count == 2)
        #expect(text.allSatisfy(hidesTheCode), "\(text)")
        #expect(
            text.first
                == "Intercom: Intercom.update(refuse(\(nesting.redactedText))) threw IntercomRefusal()")
        #expect(
            text.last
                == "Intercom: effect PassOn(press: \(nesting.redactedText), fails: true, gate: StatoscopeTestSupport.Gate) of Intercom threw IntercomRefusal()"
        )
    }

    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventIsRedactedInItsDescription(_ nesting: Nesting) async {
        var lines: [String] = []
        let registration = Middleware.addAppWide { event, next in
            if event.scopePath == "Intercom" { lines.append(event.description) }
            try next(event)
        }
        defer { registration.remove() }
        await Intercom().handOver(nesting.secret)
        let text = lines.joined(separator: "\n")
        #expect(hidesTheCode(text), "\(text)")
        #expect(lines.first == "Intercom <- forward(\(nesting.redactedText))")
        #expect(lines.contains("Intercom <- refuse(\(nesting.redactedText))"))
    }

    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInStateOrInAPendingEffectIsRedactedInDescriptions(_ nesting: Nesting) async {
        let intercom = Intercom()
        intercom.send(.forward(nesting.secret))
        // A long value is cut, the placeholder with it: its beginning is checked.
        let state = nesting.redactedTextOnItsOwn.prefix(100)
        let effect = "PassOn(press: \(nesting.redactedText)".prefix(100)
        for text in [intercom.subtreeDescription, intercom.debugDescription] {
            #expect(!text.contains(NestedSecret.code), "\(text)")
            #expect(text.contains("last = \(state)"), "\(text)")
            #expect(text.contains("effect \(effect)"), "\(text)")
        }
        await intercom.gate.open()
        await intercom.effectsState.waitUntilSettled()
    }
}

extension PrivacyTests {
    @Test(.isolatedInstruments, arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventThatNeedsJSONEncoderIsRedactedInAnalytics(_ nesting: Nesting) async {
        let tracked = TrackedEvents { $0.scopePath == "Mailroom" }
        defer { tracked.stop() }
        let mailroom = Mailroom()
        mailroom.send(.scheduled(nesting.secret, at: Date(timeIntervalSinceReferenceDate: 0)))
        mailroom.send(.posted(RegisteredParcel(press: nesting.secret, number: 7)))
        let events = await tracked.delivered()
        let text = events.map(\.description).joined(separator: "\n")
        #expect(hidesTheCode(text), "\(text)")
        #expect(events.first?.parameters == ["_0": nesting.redactedValue, "at": .int(0)], "\(text)")
        #expect(events.last?.parameters == ["_0": Self.parcel(nesting)], "\(text)")
    }

    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventThatNeedsJSONEncoderIsRedactedInRecordings(_ nesting: Nesting)
        throws
    {
        let mailroom = Mailroom()
        var text = ""
        let recorder = Recorder(recording: mailroom) { text += $0 }
        mailroom.send(.posted(RegisteredParcel(press: nesting.secret, number: 7)))
        recorder.stop()
        #expect(hidesTheCode(text), "\(text)")
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.first?.event == .object(["posted": .object(["_0": Self.parcel(nesting)])]))
    }

    @Test(.isolatedInstruments, arguments: Nesting.all)
    func aSensitiveValueNestedAtAnyDepthStaysRedactedInRecordingsAnalyticsAndText(_ nesting: Nesting)
        async
    {
        let intercom = Intercom()
        var recorded = ""
        let recorder = Recorder(recording: intercom) { recorded += $0 }
        let tracked = TrackedEvents { $0.scopePath == "Intercom" }
        defer { tracked.stop() }
        let reports = ErrorReportCollector(for: intercom)
        var lines: [String] = []
        let registration = Middleware.addAppWide { event, next in
            if event.scopePath == "Intercom" { lines.append(event.description) }
            try next(event)
        }
        defer { registration.remove() }
        let note = nesting.wrapping(.typedNote(Sensitive(NestedSecret.code)))
        intercom.send(.forward(note))
        let described = intercom.subtreeDescription
        await intercom.gate.open()
        await intercom.effectsState.waitUntilSettled()
        intercom.send(.refuse(note))
        recorder.stop()
        let analytics = await tracked.delivered().map(\.description)
        let outputs = [recorded, described] + lines + analytics + reports.reports.map(\.description)
        for text in outputs {
            #expect(!text.contains(NestedSecret.code), "\(text)")
        }
        #expect(recorded.contains(#"{"typedNote":{"_0":"<redacted>"}}"#), "\(recorded)")
        #expect(lines.first?.contains("typedNote(<redacted>)") == true, "\(lines)")
        #expect(analytics.first?.contains(#"typedNote: {_0: "<redacted>"}"#) == true, "\(analytics)")
    }

    /// A registered parcel carrying the redacted press, as JSON models it: its superclass's
    /// properties under `super`.
    private static func parcel(_ nesting: Nesting) -> EventValue {
        .object(["number": .int(7), "super": .object(["press": nesting.redactedValue])])
    }
}

extension EventLoggingTests {
    @Test func aChangeInsideANestedSensitiveCaseIsLoggedWithoutItsValues() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let intercom = Intercom()
        intercom.send(.forward(.relayed(.typedCode(NestedSecret.code))))
        intercom.send(.forward(.relayed(.typedCode(NestedSecret.code + "!"))))
        let changes = log.lines.filter { $0.hasPrefix("info Intercom changed last") }
        #expect(changes.count == 2, "\(changes)")
        #expect(changes.allSatisfy(hidesTheCode), "\(changes)")
        await intercom.gate.open()
        await intercom.effectsState.waitUntilSettled()
    }

    @Test(arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventStateOrEffectIsRedactedInLogs(_ nesting: Nesting) async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        await Intercom().handOver(nesting.secret)
        let lines = log.lines.filter { $0.contains("Intercom") }
        let text = lines.joined(separator: "\n")
        #expect(hidesTheCode(text), "\(text)")
        #expect(lines.contains("info Intercom <- forward(\(nesting.redactedText))"), "\(text)")
        #expect(lines.contains { $0.contains("changed last: pressedDigit(0) -> ") }, "\(text)")
    }
}

extension FlightRecorderTests {
    // Instruments of its own: its recorder, held across `await`s, would otherwise hand its record to
    // the error reports of the tests running alongside.
    @Test(.isolatedInstruments, arguments: Nesting.all)
    func aSensitiveCaseNestedInAnEventIsRedactedInFlightRecordings(_ nesting: Nesting) async throws {
        let intercom = Intercom()
        let flightRecorder = FlightRecorder(recording: intercom)
        await intercom.handOver(nesting.secret)
        let text = flightRecorder.jsonLines()
        #expect(hidesTheCode(text), "\(text)")
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.first?.event == .object(["forward": .object(["_0": nesting.redactedValue])]))
    }
}
