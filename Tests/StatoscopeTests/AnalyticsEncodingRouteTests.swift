import Foundation
import Statoscope
import Testing

/// Events that encode in ways other than an enum case with plain values: analytics makes of them
/// the event `JSONEncoder`'s text would give.
@MainActor
struct AnalyticsEncodingRouteTests {
    enum Booking: Encodable {
        case booked(on: Date, at: URL)
    }

    /// Writes its members as given, in order, whatever they repeat.
    struct Members: Encodable {
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        let members: [(String, Int)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in members { try container.encode(value, forKey: Key(stringValue: name)) }
        }
    }

    @Test func aCaseHoldingADateAndAURLIsTrackedAsJSONEncoderWritesThem() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let event = try Analytics.makeEvent(
            Booking.booked(on: date, at: URL(string: "https://example.com/a/b")!), scopePath: "Trip")
        #expect(event.name == "booked")
        #expect(event.parameters == ["on": .double(12.5), "at": .string("https://example.com/a/b")])
    }

    @Test func aNameWrittenTwiceKeepsTheLastValue() throws {
        let event = try Analytics.makeEvent(
            Members(members: [("tapped", 1), ("tapped", 2)]), scopePath: "Trip")
        #expect(event.name == "tapped")
        #expect(event.parameters == ["value": .int(2)])
    }

    @Test func anEventOfOneMemberWithAPlainValueHasItAsItsValueParameter() throws {
        let event = try Analytics.makeEvent(Members(members: [("count", 3)]), scopePath: "Trip")
        #expect(event == AnalyticsEvent(name: "count", parameters: ["value": .int(3)], scopePath: "Trip"))
    }

    @Test func anEventOfTwoMembersIsRefusedNamingIt() {
        #expect {
            try Analytics.makeEvent(Members(members: [("a", 1), ("b", 2)]), scopePath: "Trip")
        } throws: { error in
            "\(error)".hasPrefix("analytics cannot encode Members(members: [(\"a\", 1), (\"b\", 2)])")
                && "\(error)".contains("it does not encode as an enum case with its values")
        }
    }
}
