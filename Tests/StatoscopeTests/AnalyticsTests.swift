import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTesting
import Testing

struct Address: Codable, Equatable, Sendable {
    var city: String
    var zip: Int
}

@MainActor
final class Signup: Scope {
    var email = ""
    var events = 0

    enum When: Codable, Sendable, SensitiveWhen, TrackedWhen {
        case userTappedSignup
        case userTypesNewEmail(userEmail: String)
        case userPicked(Int, Double, confirmed: Bool)
        case userEnteredAddress(Address, note: String?)
        case userTypedToken(Sensitive<String>)
        case userTypedPassword(String, strength: Int)
        case failsToEncode(Unencodable)

        var isSensitive: Bool {
            if case .userTypedPassword = self { return true }
            return false
        }
    }

    struct Unencodable: Codable, Equatable, Sendable {
        struct Refused: Error {}
        init() {}
        init(from decoder: any Decoder) throws { throw Refused() }
        func encode(to encoder: any Encoder) throws { throw Refused() }
    }

    func update(_ when: When) throws {
        events += 1
        if case .userTypesNewEmail(let email) = when { self.email = email }
        if case .userTypedToken(let token) = when { email = token.value }
    }
}

/// Parents named for this file, so its tests only see their own analytics events.
@MainActor
final class AnalyticsRoot: Scope {
    @Subscope var signup = Signup()
    @Subscope var journal = Journal()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
struct AnalyticsEventTests {
    private func event(_ when: Signup.When) throws -> AnalyticsEvent {
        try Analytics.makeEvent(when, scopePath: "Signup")
    }

    @Test func caseWithoutValuesHasNoParameters() throws {
        #expect(
            try event(.userTappedSignup)
                == AnalyticsEvent(name: "userTappedSignup", parameters: [:], scopePath: "Signup"))
    }

    @Test func caseWithOneValueHasItAsItsParameter() throws {
        let event = try event(.userTypesNewEmail(userEmail: "a@b.c"))
        #expect(event.name == "userTypesNewEmail")
        #expect(event.parameters == ["userEmail": .string("a@b.c")])
    }

    @Test func caseWithSeveralValuesNamesUnlabelledOnesByPosition() throws {
        let event = try event(.userPicked(3, 0.5, confirmed: true))
        #expect(event.parameters == ["_0": .int(3), "_1": .double(0.5), "confirmed": .bool(true)])
    }

    @Test func nestedValuesStayNested() throws {
        let event = try event(.userEnteredAddress(Address(city: "Girona", zip: 17001), note: nil))
        #expect(
            event.parameters == [
                "_0": .object(["city": .string("Girona"), "zip": .int(17001)])
            ])
        #expect(event.description == #"userEnteredAddress{_0: {city: "Girona", zip: 17001}} at Signup"#)
    }

    @Test func sensitiveValueIsRedactedAndNeverPrinted() throws {
        let event = try event(.userTypedToken(Sensitive("s3cret")))
        #expect(event.parameters == ["_0": .string("<redacted>")])
        #expect("\(Signup.When.userTypedToken(Sensitive("s3cret")))" == "userTypedToken(<redacted>)")
    }

    @Test func sensitiveCaseKeepsItsNameAndRedactsEveryValue() throws {
        let event = try event(.userTypedPassword("hunter2", strength: 3))
        #expect(event.name == "userTypedPassword")
        #expect(event.parameters == ["_0": .string("<redacted>"), "strength": .int(0)])
    }

    @Test func encodingFailureSaysWhichEventAndWhy() {
        #expect {
            try event(.failsToEncode(Signup.Unencodable()))
        } throws: { error in
            "\(error)"
                == "analytics cannot encode failsToEncode(StatoscopeTests.Signup.Unencodable()): Refused()"
        }
    }
}

@MainActor
@Suite(.serialized, .isolatedInstruments)
struct AnalyticsMiddlewareTests {
    @Test func everyEncodableEventOfEveryScopeReachesTheSink() async {
        let tracked = TrackedEvents()
        defer { tracked.stop() }
        let root = AnalyticsRoot()
        root.signup.send(.userTypesNewEmail(userEmail: "a@b.c"))
        root.journal.send(.add(1))
        root.signup.send(.failsToEncode(Signup.Unencodable()))
        #expect(
            await tracked.delivered() == [
                AnalyticsEvent(
                    name: "userTypesNewEmail", parameters: ["userEmail": .string("a@b.c")],
                    scopePath: "AnalyticsRoot.signup")
            ])
        #expect(root.signup.email == "a@b.c")
        #expect(root.signup.events == 2, "an event that analytics cannot encode still reaches its scope")
        #expect(root.journal.total == 1, "an event that is not Codable is skipped, not blocked")
    }

    @Test func removedAnalyticsSendNothing() async {
        let tracked = TrackedEvents()
        tracked.stop()
        AnalyticsRoot().signup.send(.userTappedSignup)
        #expect(await tracked.delivered().isEmpty)
    }
}

/// Analytics hands events to `install`'s sinks off the main actor.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct AnalyticsDeliveryTests {
    @Test func everyTrackedEventReachesTheSinkInTheOrderItWasAcceptedEvenAfterRemoval() async {
        let scope = DeliveredTally()
        let tracked = TrackedEvents()
        for value in 0..<500 { scope.send(.add(value)) }
        scope.send(.reject)
        scope.send(.add(500))
        tracked.stop()
        scope.send(.add(501))
        #expect(
            await tracked.delivered().map(\.description)
                == (0...500).map { "add{_0: \($0)} at DeliveredTally" })
    }

    @Test func eventsTrackedWhileTheSinkIsBehindReachItInOrder() async throws {
        let scope = DeliveredTally()
        let received = CriticalState<[String]>([])
        let registration = Analytics.install { event in
            // Slower than `send`, so that waves arrive while earlier ones are being delivered.
            Thread.sleep(forTimeInterval: 0.000_2)
            received.withLock { $0.append(event.description) }
        }
        defer { registration.remove() }
        for wave in 0..<5 {
            for value in 0..<40 { scope.send(.add(wave * 40 + value)) }
            try await Task.sleep(for: .milliseconds(2))
        }
        await Analytics.waitUntilDelivered()
        #expect(received.withLock { $0 } == (0..<200).map { "add{_0: \($0)} at DeliveredTally" })
    }

    @Test func sendDoesNotWaitForTheSink() async {
        let scope = DeliveredTally()
        let released = DispatchSemaphore(value: 0)
        let sinkSawRelease = CriticalState<Bool?>(nil)
        let registration = Analytics.install { event in
            // Released only once `send` has returned: a sink called from `send` would time out.
            let result = released.wait(timeout: .now() + 5)
            sinkSawRelease.withLock { $0 = result == .success }
        }
        defer { registration.remove() }
        scope.send(.add(1))
        released.signal()
        await Analytics.waitUntilDelivered()
        #expect(sinkSawRelease.withLock { $0 } == true)
    }

    @Test func anEventSentFromInsideAnUpdateIsTrackedAfterTheOneThatSentIt() async {
        let scope = DeliveredTally()
        let tracked = TrackedEvents()
        defer { tracked.stop() }
        scope.send(.addThenSend(1, then: 2))
        #expect(
            await tracked.delivered().map(\.description) == [
                "addThenSend{_0: 1, then: 2} at DeliveredTally", "add{_0: 2} at DeliveredTally",
            ])
        #expect(scope.total == 3)
    }

    @Test func waitingReturnsOnceTheSinkHasReceivedEverything() async {
        let scope = DeliveredTally()
        let received = CriticalState(0)
        let registration = Analytics.install { event in
            // A sink that takes its time, as an analytics SDK may.
            Thread.sleep(forTimeInterval: 0.001)
            received.withLock { $0 += 1 }
        }
        defer { registration.remove() }
        for value in 0..<20 { scope.send(.add(value)) }
        await Analytics.waitUntilDelivered()
        #expect(received.withLock { $0 } == 20)
    }
}

@MainActor
private final class DeliveredTally: Scope {
    var total = 0
    enum When: Codable, Sendable, TrackedWhen {
        case add(Int)
        case addThenSend(Int, then: Int)
        case reject
    }
    struct Rejected: Error {}
    func update(_ when: When) throws {
        switch when {
        case .add(let value): total += value
        case .addThenSend(let value, let then):
            total += value
            send(.add(then))
        case .reject: throw Rejected()
        }
    }
}
