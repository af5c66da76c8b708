import Statoscope
import StatoscopeTesting
import Testing

/// A station above mission control: a grandchild's stream ends when the station closes its control.
final class Station: Scope {
    @Subscope var control: MissionControl? = nil

    enum When {
        case openControl
        case closeControl
    }

    func update(_ when: When) throws {
        switch when {
        case .openControl: control = MissionControl()
        case .closeControl: control = nil
        }
    }
}

/// A locker whose sensitive property is declared in its base class.
class BaseSafe: Scope {
    @Sensitive var pin = ""

    enum When: SensitiveWhen {
        case setPin(String)
        case setCredentials(String)
        case typed(Sensitive<String>)

        var isSensitive: Bool {
            if case .typed = self { return false }
            return true
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .setPin(let pin): self.pin = pin
        case .setCredentials(let pin): credentialsDidChange(pin)
        case .typed(let value): pin = value.value
        }
    }

    func credentialsDidChange(_ pin: String) {}
}

/// Credentials whose PIN is declared sensitive inside a plain struct.
struct Credentials: Equatable, Sendable {
    @Sensitive var pin: String
}

/// The subclass a plan runs.
final class WallSafe: BaseSafe {
    var credentials = Credentials(pin: "")

    override func credentialsDidChange(_ pin: String) {
        credentials = Credentials(pin: pin)
    }
}

/// A scope that enqueues a closure stream, checked by type in a plan.
final class Ticker: Scope {
    var ticks: [Int] = []

    enum When {
        case start
        case ticked(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .start:
            effectsState.enqueue(
                AnyStreamEffect<Int> { yield in
                    for tick in 0..<3 { yield(tick) }
                }.map(When.ticked))
        case .ticked(let tick):
            ticks.append(tick)
        }
    }
}

/// Plan verbs attacked where the docs promise most: dismissals seen by `THEN_Cancelled`, nested
/// `WITH`, sensitive values in specifications, and keyed policies that agree with a live run.
@Suite struct PlanAttackTests {
    @Test func aReplacedSubscopesEffectsAreCancelledOnTheParent() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .WHEN(.userOpensPad)
                .WHEN(\.pad, .userTappedLaunch(from: 3))
                .WHEN(.userOpensPad)
                .THEN_Cancelled(Countdown(from: 3))
                .THEN_Cancelled(Countdown.self)
                .THEN_NoEffects(\.pad)
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }

    @Test func aGrandchildsEffectsEndedByADismissalAreCancelledOnTheRoot() throws {
        let failures = try capturingFailures {
            try Station.GIVEN { Station() }
                .WHEN(.openControl)
                .WHEN(\.control, .userOpensPad)
                .WHEN(\.control?.pad, .userTappedLaunch(from: 3))
                .WHEN(.closeControl)
                .THEN_Cancelled(Countdown(from: 3))
                .THEN_Cancelled(\.control, Countdown.self)
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }

    @Test func withWithoutABodyNestsThreeDeepAndPopsBack() throws {
        let failures = try capturingFailures {
            try Station.GIVEN { Station() }
                .WHEN(.openControl)
                .WHEN(\.control, .userOpensPad)
                .WITH(\.control)
                .WITH(\.pad)
                .WHEN(.userTappedLaunch(from: 2))
                .THEN_Enqueued(Countdown(from: 2))
                .WHEN_StreamYields(Countdown.self, 2)
                .THEN(\.remaining, equals: 2)
                .POP()
                .THEN_NotNil(\.pad)
                .POP()
                .WHEN(.closeControl)
                .THEN_Cancelled(Countdown(from: 2))
                .THEN_Nil(\.control)
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }

    @Test func aSensitivePropertyOfABaseClassIsRedactedInTheSpecification() throws {
        let plan = try WallSafe.GIVEN("a wall safe") { WallSafe() }
            .WHEN(.setPin("8642"))
            .THEN(\.pin, equals: "8642")
            .WHEN(.setCredentials("1357"))
            .THEN(\.credentials, equals: Credentials(pin: "1357"))
            .THEN(\.credentials.pin, equals: "1357")
            .WHEN(.typed(Sensitive("9753")))
            .THEN(\.pin) { #expect($0 == "9753") }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures == [], "\(failures)")
        let specification = plan.specification
        for secret in ["8642", "1357", "9753"] {
            #expect(!specification.contains(secret), "\(secret) in \(specification)")
        }
    }

    @Test func aFailingCheckOfASensitiveValueStillShowsTheDeveloperBothValues() throws {
        let failures = try capturingFailures {
            try WallSafe.GIVEN { WallSafe() }
                .WHEN(.setPin("8642"))
                .THEN(\.pin, equals: "0000")
                .runTest()
        }
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(failures.first?.message.contains("8642") == true, "\(failures)")
    }

    @Test func aStreamVerbOnAClosureStreamFeedsIt() throws {
        let failures = try capturingFailures {
            try Ticker.GIVEN { Ticker() }
                .WHEN(.start)
                .THEN_Enqueued(AnyStreamEffect<Int>.self, count: 1)
                .WHEN_StreamYields(AnyStreamEffect<Int>.self, 7)
                .THEN(\.ticks, equals: [7])
                .WHEN_StreamEnds(AnyStreamEffect<Int>.self)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }

    @Test func aNegativeOrHugeCountOnAMissingOptionalSubscopeFailsItsStepOnly() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .THEN_Enqueued(\.pad, Countdown.self, count: Int.min)
                .THEN_Enqueued(\.pad, Countdown(from: 1), count: Int.max)
                .THEN_Enqueued(\.pad, Countdown.self, count: -1)
                .runTest()
        }
        #expect(failures.count == 3, "\(failures)")
    }

    @Test(arguments: [
        EffectKeyPolicy.debounce(.zero), .debounce(.milliseconds(-1)), .throttle(.zero),
        .throttle(.milliseconds(-1)), .cancelOlder, .keepOlder,
    ])
    @MainActor
    func aPlanAndALiveRunAgreeOnWhatIsPendingForAnIntervalOfZeroOrLess(policy: EffectKeyPolicy) async throws {
        let live = Paced()
        live.send(.run(1, policy))
        live.send(.run(2, policy))
        let pendingLive = live.effectsState.effects.count
        let lapsLive = live.effectsState.effects.map { "\($0)" }
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, policy))
                .WHEN(.run(2, policy))
                .THEN_Enqueued(Lap.self, count: pendingLive)
                .runTest(assertNoPendingEffects: false)
        }
        #expect(failures == [], "live: \(pendingLive) pending \(lapsLive); \(failures)")
        #expect(await live.effectsState.waitUntilSettled(timeout: .seconds(120)))
    }
}
