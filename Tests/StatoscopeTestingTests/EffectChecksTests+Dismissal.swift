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

/// Effects ended by a dismissal, of a replaced subscope or of a grandchild, are seen by
/// `THEN_Cancelled` on the parent and on the root.
extension EffectChecksTests {
    @Test func aReplacedSubscopesEffectsAreCancelledOnTheParent() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .WHEN(.userOpensPad)
                .WHEN(\.pad, .userTappedLaunch(from: 3))
                .WHEN(.userOpensPad)
                .THEN_Cancelled(Countdown(from: 3))
                .THEN_Cancelled(Countdown.self)
                .WITH(\.pad) { try $0.THEN_NoEffects() }
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
                .WITH(\.control) { try $0.THEN_Cancelled(Countdown.self) }
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }
}
