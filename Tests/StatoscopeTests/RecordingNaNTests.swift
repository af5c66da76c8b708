import Foundation
import Statoscope
import Testing

/// A value that encodes its double through `superEncoder`, which the recorder leaves to
/// `JSONEncoder`, and decodes it through `superDecoder`.
struct DoubleApart: Codable, Sendable {
    let float: Float
    let double: Double

    init(float: Float, double: Double) {
        self.float = float
        self.double = double
    }

    private enum CodingKeys: String, CodingKey {
        case float
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(float, forKey: .float)
        var parent = container.superEncoder().singleValueContainer()
        try parent.encode(double)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        float = try container.decode(Float.self, forKey: .float)
        double = try container.superDecoder().singleValueContainer().decode(Double.self)
    }
}

/// A scope that keeps the bits of every float it receives.
@MainActor
final class NaNKeeper: ReceivingScope {
    var received: [String] = []

    enum When: Codable, Sendable {
        case values(Float, Double)
        case lists([Float], [Double?])
        /// With `Data`, which only `JSONDecoder` reads: the reader decodes the event with it.
        case withData(Float, Double, Data)
        case listsWithData([Float], [Double?], Data)
        case apart(DoubleApart)
    }

    func update(_ when: When) throws {
        switch when {
        case .values(let float, let double):
            received.append(Self.bits(float, double))
        case .lists(let floats, let doubles), .listsWithData(let floats, let doubles, _):
            received.append(
                floats.map { Self.hex($0.bitPattern) }.joined(separator: " ") + " | "
                    + doubles.map { $0.map { Self.hex($0.bitPattern) } ?? "nil" }.joined(separator: " "))
        case .withData(let float, let double, let data):
            received.append(Self.bits(float, double) + " \(Array(data))")
        case .apart(let apart):
            received.append(Self.bits(apart.float, apart.double))
        }
    }

    static func bits(_ float: Float, _ double: Double) -> String {
        "\(hex(float.bitPattern)) \(hex(double.bitPattern))"
    }

    static func hex(_ bits: some BinaryInteger) -> String { "0x" + String(bits, radix: 16) }
}

/// Every NaN, of a `Float` or a `Double`, replays to the bit: the standard one, negative ones,
/// signalling ones and ones with a payload, through each way the recorder writes and the reader reads.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RecordingNaNTests {
    /// NaNs of both types: the standard one, one with a payload, a negative one, a signalling one, a
    /// negative signalling one with the largest payload.
    static let nans: [(Float, Double)] = [
        (.nan, .nan),
        (Float(bitPattern: 0x7FC0_0123), Double(bitPattern: 0x7FF8_0000_0000_0123)),
        (Float(bitPattern: 0xFFC0_0000), Double(bitPattern: 0xFFF8_0000_0000_0000)),
        (Float(bitPattern: 0x7FA0_0000), Double(bitPattern: 0x7FF4_0000_0000_0000)),
        (Float(bitPattern: 0xFFBF_FFFF), Double(bitPattern: 0xFFF7_FFFF_FFFF_FFFF)),
    ]

    private func roundTrip(_ events: [NaNKeeper.When], sourceLocation: SourceLocation = #_sourceLocation)
        throws
        -> (original: NaNKeeper, replayed: NaNKeeper, text: String)
    {
        try StatoscopeTests.roundTrip(events, sourceLocation: sourceLocation)
    }

    @Test func everyNaNOfAFloatOrADoubleReplaysToTheBit() throws {
        let (original, replayed, text) = try roundTrip(Self.nans.map { .values($0.0, $0.1) })
        #expect(replayed.received == original.received)
        #expect(original.received[1] == "0x7fc00123 0x7ff8000000000123")
        // The standard NaN is written as recordings always wrote it; another with its bits.
        #expect(text.contains(#"{"values":{"_0":"NaN","_1":"NaN"}}"#))
        #expect(text.contains(#"{"values":{"_0":"NaN(0x7fc00123)","_1":"NaN(0x7ff8000000000123)"}}"#))
    }

    @Test func nanInListsAndOptionalsReplayToTheBit() throws {
        let (original, replayed, _) = try roundTrip([
            .lists(Self.nans.map(\.0), Self.nans.map(\.1) + [nil])
        ])
        #expect(replayed.received == original.received)
    }

    @Test func nanInAnEventOnlyJSONDecoderReadsReplayToTheBit() throws {
        let (original, replayed, _) = try roundTrip(
            Self.nans.map { .withData($0.0, $0.1, Data([0, 0xFF])) }
                + [.listsWithData(Self.nans.map(\.0), [nil] + Self.nans.map(\.1), Data([1]))])
        #expect(replayed.received == original.received)
    }

    @Test func nanInAValueOnlyJSONEncoderWritesReplayToTheBit() throws {
        let (original, replayed, text) = try roundTrip(
            Self.nans.map { .apart(DoubleApart(float: $0.0, double: $0.1)) })
        #expect(text.contains(#""super":"NaN(0x7ff8000000000123)""#), "written by JSONEncoder: \(text)")
        #expect(replayed.received == original.received)
    }

    @Test func aRecordingWrittenBeforeNaNsKeptTheirBitsStillReplays() throws {
        let text = """
            {"format":"statoscope-recording","root":"NaNKeeper","version":2}
            {"n":2,"path":[],"scope":"NaNKeeper","event":{"values":{"_0":"NaN","_1":"NaN"}}}
            {"n":3,"path":[],"scope":"NaNKeeper","event":{"lists":{"_0":["NaN",1],"_1":["NaN",null]}}}
            {"n":4,"path":[],"scope":"NaNKeeper","event":{"withData":{"_0":"NaN","_1":"NaN","_2":"AP8="}}}
            {"n":5,"end":{"events":3}}

            """
        let replayed = try Recording(jsonLines: text).reproduce { NaNKeeper() }
        #expect(
            replayed.received == [
                "0x7fc00000 0x7ff8000000000000",
                "0x7fc00000 0x3f800000 | 0x7ff8000000000000 nil",
                "0x7fc00000 0x7ff8000000000000 [0, 255]",
            ])
    }

    @Test(arguments: [
        #""NaN(0x7ff8000000000123)""#,  // a Double's bits, read as a Float
        #""NaN(0x7f800000)""#,  // an infinity's bits
        #""NaN(0x+fc00123)""#,
        #""NaN(7fc00123)""#,
        #""nan""#,
    ])
    func aNaNSpelledWronglyIsRefusedSayingWhere(spelling: String) {
        let text = """
            {"format":"statoscope-recording","root":"NaNKeeper","version":2}
            {"n":2,"path":[],"scope":"NaNKeeper","event":{"values":{"_0":\(spelling),"_1":1}}}
            {"n":3,"end":{"events":1}}

            """
        #expect {
            try Recording(jsonLines: text).reproduce { NaNKeeper() }
        } throws: { error in
            let message = "\(error)"
            return message.contains("line 2") && message.contains("NaNKeeper.When")
                && message.contains("values._0")
        }
    }
}
