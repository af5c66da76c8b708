import Foundation
import Statoscope
import Testing

/// Analytics encodes events straight into parameters; these check that it gives exactly what
/// `JSONEncoder` followed by a decode into `EventValue` gives, for every kind of value.
@MainActor
@Suite struct AnalyticsEncodingTests {
    enum Values: Codable, Sendable {
        case integers(Int, Int8, Int16, Int32, Int64, UInt, UInt8, UInt16, UInt32, UInt64)
        case floats(Double, Float)
        case text(String, Bool, String?)
        case nested(inner: Inner, list: [Int], map: [String: Double], optional: Int??)
        case foundation(Date, Data, URL, Decimal)
        case nothing
    }

    struct Inner: Codable, Sendable {
        var name: String
        var values: [Double]
        var flag: Bool?
    }

    /// What the earlier `JSONEncoder` route made of an event's parameters.
    private func parametersThroughJSON(_ event: Values) throws -> EventValue {
        let value = try JSONDecoder().decode(EventValue.self, from: JSONEncoder().encode(event))
        guard case .object(let cases) = value, let parameters = cases.first?.value else {
            Issue.record("not an enum case: \(value)")
            return .null
        }
        return parameters
    }

    private func expectSameParameters(_ event: Values, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let made = try Analytics.makeEvent(event, scopePath: "Test")
        let expected = try parametersThroughJSON(event)
        let expectedParameters: [String: EventValue] =
            if case .object(let values) = expected { values } else { ["value": expected] }
        #expect(made.parameters == expectedParameters, "\(event)", sourceLocation: sourceLocation)
    }

    @Test func integersOfEveryWidthAtTheirExtremes() throws {
        try expectSameParameters(.integers(0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        try expectSameParameters(.integers(.min, .min, .min, .min, .min, .min, .min, .min, .min, .min))
        try expectSameParameters(.integers(.max, .max, .max, .max, .max, .max, .max, .max, .max, .max))
        try expectSameParameters(.integers(-1, -1, -1, -1, -1, 1, 1, 1, 1, UInt64(Int.max) + 1))
    }

    @Test(arguments: [
        0.0, -0.0, 1.0, -1.5, 0.1, 1e16, 1e300, -1e-300, 9_007_199_254_740_994, Double.leastNonzeroMagnitude,
        Double.greatestFiniteMagnitude, 4_611_686_018_427_387_904, -9_223_372_036_854_775_808,
    ])
    func doublesAndFloats(_ value: Double) throws {
        try expectSameParameters(.floats(value, Float(value).isFinite ? Float(value) : 1))
    }

    @Test func textBooleansAndOptionals() throws {
        try expectSameParameters(.text("", false, nil))
        try expectSameParameters(.text("héllo \u{1F600} \u{10FFFF} \"quoted\"\n", true, "x"))
    }

    @Test func nestedValues() throws {
        try expectSameParameters(
            .nested(
                inner: Inner(name: "a", values: [1, 2.5], flag: nil), list: [], map: ["k": 1.25],
                optional: .some(nil)))
        try expectSameParameters(
            .nested(inner: Inner(name: "", values: [], flag: true), list: [1, -2], map: [:], optional: 3))
    }

    @Test func foundationValuesEncodeAsJSONEncoderWritesThem() throws {
        try expectSameParameters(
            .foundation(
                Date(timeIntervalSinceReferenceDate: 12.5), Data([1, 2, 3]),
                URL(string: "https://example.com/a?b=c")!,
                Decimal(string: "12.34")!))
    }

    @Test func aCaseWithoutValuesHasNoParameters() throws {
        let made = try Analytics.makeEvent(Values.nothing, scopePath: "Test")
        #expect(made.name == "nothing")
        #expect(made.parameters == [:])
    }

    @Test func aNonFiniteNumberIsRefusedWithTheEventNamed() throws {
        let error = #expect(throws: AnalyticsEncodingError.self) {
            try Analytics.makeEvent(Values.floats(.nan, 0), scopePath: "Test")
        }
        #expect(error?.description.hasPrefix("analytics cannot encode floats(") == true)
    }
}
