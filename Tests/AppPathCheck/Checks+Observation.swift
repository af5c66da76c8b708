import Observation
import Statoscope

@MainActor
@Observable
private final class Thermostat: Scope {
    var target = 20
    var unit = "°C"

    enum When {
        case userRaised
        case userChoseUnit(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userRaised: target += 1
        case .userChoseUnit(let unit): if unit != self.unit { self.unit = unit }
        }
    }
}

/// An `@Observable` scope, observed as SwiftUI observes it: `withObservationTracking` is told of
/// the changes an event makes, and of no other.
extension Checks {
    static var observation: [NamedCheck] {
        [
            NamedCheck(
                "an observer is told of a change an event makes, and of no other",
                anObserverIsToldOfAChangeAnEventMakes)
        ]
    }

    static func anObserverIsToldOfAChangeAnEventMakes(_ check: Check) {
        let thermostat = Thermostat()
        let targetChanges = Collected<Int>()
        let unitChanges = Collected<Int>()
        withObservationTracking {
            _ = thermostat.target
        } onChange: {
            targetChanges.append(1)
        }
        withObservationTracking {
            _ = thermostat.unit
        } onChange: {
            unitChanges.append(1)
        }
        thermostat.send(.userChoseUnit("°C"))
        check.expect(
            "the target's observer, after an event that changed nothing", targetChanges.all.count, equals: 0)
        check.expect(
            "the unit's observer, after an event that changed nothing", unitChanges.all.count, equals: 0)
        thermostat.send(.userRaised)
        check.expect("the target's observer, after a raise", targetChanges.all.count, equals: 1)
        check.expect("the unit's observer, after a raise", unitChanges.all.count, equals: 0)
        check.expect("the target", thermostat.target, equals: 21)
    }
}
