import Foundation
import Statoscope
import Testing

/// A scope whose events hold values a recording's reader reads in more than one way: each one it
/// receives is kept, to compare with what `JSONDecoder` reads from the same text.
@MainActor
final class ReadingProbe: Scope {
    var received: [When] = []

    enum When: Codable, Sendable, Equatable {
        case integer(Int)
        case unsigned(UInt8)
        case double(Double)
        case float(Float)
        case text(String)
        case values([String: Int])
        case list([Int?])
        case decimal(Decimal)
        case data(Data)
        case url(URL)
        case nested(Inner)
    }

    struct Inner: Codable, Sendable, Equatable {
        var name: String
        var count: Int?
    }

    func update(_ when: When) throws {
        received.append(when)
    }
}

/// Reading a recording without `JSONDecoder`, where it reads the same, and with it elsewhere: what
/// replay delivers, and the events a recording lists, are what `JSONDecoder` reads from the text.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RecordingReadingTests {
    private let header = #"{"format":"statoscope-recording","root":"ReadingProbe","version":2}"#

    /// A recording of these events (the JSON of each), numbered, with its end line.
    private func recording(_ events: [String], fields: String = #""path":[],"scope":"ReadingProbe","#)
        -> String
    {
        var lines = [header]
        for (index, event) in events.enumerated() {
            lines.append(#"{"n":\#(index + 2),"# + fields + #""event":"# + event + "}")
        }
        lines.append(#"{"n":\#(events.count + 2),"end":{"events":\#(events.count)}}"#)
        return lines.map { $0 + "\n" }.joined()
    }

    /// What `JSONDecoder`, set as the recording's reader sets it, reads from an event's JSON.
    private func decoded(_ event: String) throws -> ReadingProbe.When {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try decoder.decode(ReadingProbe.When.self, from: Data(event.utf8))
    }

    /// Replays `events` and checks that each arrived as `JSONDecoder` reads it.
    private func expectReplayedAsDecoded(
        _ events: [String], sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let probe = try Recording(jsonLines: recording(events)).reproduce { ReadingProbe() }
        let expected = try events.map(decoded)
        #expect(probe.received.count == expected.count, sourceLocation: sourceLocation)
        for (received, expected) in zip(probe.received, expected) {
            // NaN is not equal to itself: its description tells it.
            #expect(received == expected || "\(received)" == "\(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func plainValuesReplayAsJSONDecoderReadsThem() throws {
        try expectReplayedAsDecoded([
            #"{"integer":{"_0":-9223372036854775808}}"#,
            #"{"integer":{"_0":9223372036854775807}}"#,
            #"{"unsigned":{"_0":255}}"#,
            #"{"double":{"_0":0.1}}"#,
            #"{"double":{"_0":-0}}"#,
            #"{"double":{"_0":1e+16}}"#,
            #"{"double":{"_0":"NaN"}}"#,
            #"{"double":{"_0":"-Infinity"}}"#,
            #"{"float":{"_0":3.4028235e+38}}"#,
            #"{"text":{"_0":"tab\there \"quoted\" \u00e9 \ud83d\ude00 \/"}}"#,
            #"{"values":{"_0":{"a":1,"b\n":2}}}"#,
            #"{"list":{"_0":[1,null,3]}}"#,
            #"{"nested":{"_0":{"name":"x"}}}"#,
            #"{"nested":{"_0":{"count":null,"name":"y","extra":[{}]}}}"#,
            " { \"integer\" : { \"_0\" : 7 } } ",
        ])
    }

    @Test func valuesJSONDecoderReadsItsOwnWayReplayAsItReadsThem() throws {
        try expectReplayedAsDecoded([
            // Types `JSONDecoder` reads in its own way.
            #"{"decimal":{"_0":12.340}}"#,
            #"{"data":{"_0":"AAEC"}}"#,
            #"{"url":{"_0":"https://example.com/a?b=c"}}"#,
            // Whole numbers written with a fraction or an exponent, read as integers.
            #"{"integer":{"_0":1e2}}"#,
            #"{"integer":{"_0":3.0}}"#,
            #"{"unsigned":{"_0":-0}}"#,
        ])
    }

    @Test func aKeyRepeatedInAnEventReplaysAsJSONDecoderReadsIt() throws {
        try expectReplayedAsDecoded([#"{"nested":{"_0":{"name":"first","name":"second"}}}"#])
    }

    @Test func aNumberThatDoesNotFitIsRefusedWithJSONDecodersReason() {
        #expect(throws: RecordingError.self) {
            try Recording(jsonLines: recording([#"{"unsigned":{"_0":256}}"#])).reproduce { ReadingProbe() }
        }
        #expect(throws: RecordingError.self) {
            try Recording(jsonLines: recording([#"{"double":{"_0":1e400}}"#])).reproduce { ReadingProbe() }
        }
    }

    @Test func aLoneSurrogateIsReadAsJSONDecoderReadsIt() throws {
        let event = #"{"text":{"_0":"\ud800"}}"#
        let replayed = Result {
            try Recording(jsonLines: recording([event])).reproduce { ReadingProbe() }.received
        }
        switch (replayed, Result { try decoded(event) }) {
        case (.success(let received), .success(let expected)):
            #expect(received == [expected])
        case (.failure, .failure):
            break
        case (let replayed, let decoded):
            Issue.record("replayed \(replayed), JSONDecoder read \(decoded)")
        }
    }

    @Test func listedEventsAreTheValuesJSONDecoderReads() throws {
        let events = [
            #"{"double":{"_0":1.5}}"#,
            #"{"double":{"_0":1e+16}}"#,
            #"{"integer":{"_0":18446744073709551615}}"#,
            #"{"text":{"_0":"a\u0000b"}}"#,
            #"{"values":{"_0":{"k":true,"l":null,"m":[0.25,"x"]}}}"#,
        ]
        let recording = try Recording(jsonLines: recording(events))
        #expect(recording.events.count == events.count)
        for (event, text) in zip(recording.events, events) {
            #expect(event.event == (try JSONDecoder().decode(EventValue.self, from: Data(text.utf8))))
            #expect(event.path == [])
            #expect(event.scopeTypeName == "ReadingProbe")
        }
    }

    @Test func membersSetToNullOrUnknownReadAsJSONDecoderReadsThem() throws {
        let text = recording(
            [#"{"integer":{"_0":1}}"#],
            fields: #""path":["a\"b"],"scope":"ReadingProbe","unknown":{"x":[1,2]},"step":null,"#)
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.map(\.path) == [[#"a"b"#]])
        #expect(recording.events.map(\.event) == [.object(["integer": .object(["_0": .int(1)])])])
    }
}
