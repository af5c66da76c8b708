import Statoscope
import StatoscopeTestSupport
import Testing

// Scopes as users write them, each with its own idea of a description: `print(scope)` and
// `String(describing:)` must keep compiling for every one and show something sensible.

/// Optionals in state: set, empty, one holding an empty one, one holding a set one, and optionals
/// inside other values.
final class ServerCounts: Scope {
    struct Reading {
        let value: Int?
        let note: String?
    }

    var viewDisplaysServerCount: Int? = 0
    var lastError: String?
    var cached: Int?? = .some(nil)
    var confirmed: Int?? = .some(.some(1))
    var history: [Int?] = [1, nil]
    var latest = Reading(value: 2, note: nil)

    enum When { case loaded(Int?) }

    func update(_ when: When) throws {
        if case .loaded(let count) = when { viewDisplaysServerCount = count }
    }
}

/// A scope with nothing of its own: it prints its state.
final class Thermostat: Scope {
    var target = 21
    var label = "hall"
    enum When { case warmer }
    func update(_ when: When) throws { target += 1 }
}

/// A stored property named `description`, which is state like any other.
final class Caption: Scope {
    var description = "a label"
    enum When { case rename(String) }
    func update(_ when: When) throws {
        if case .rename(let text) = when { description = text }
    }
}

/// A `debugDescription` of its own, without the protocol: it keeps it when asked by name.
final class Scoreboard: Scope {
    var count = 1
    var debugDescription: String { "scoreboard of \(count)" }
    enum When { case tap }
    func update(_ when: When) throws { count += 1 }
}

/// A `CustomDebugStringConvertible` scope, which prints its own text.
final class Gauge: Scope, CustomDebugStringConvertible {
    var level = 3
    nonisolated var debugDescription: String { "a gauge" }
    enum When { case tap }
    func update(_ when: When) throws { level += 1 }
}

/// A base scope and a subclass that adds state.
class Vehicle: Scope {
    var wheels = 4
    enum When { case tap }
    func update(_ when: When) throws { wheels += 1 }
}

final class Truck: Vehicle {
    var load = "gravel"
}

/// A main-actor conformance to `CustomStringConvertible`.
final class Badge: Scope {
    var name = "Ada"
    enum When { case tap }
    func update(_ when: When) throws {}
}

extension Badge: @MainActor CustomStringConvertible {
    var description: String { "Badge(\(name))" }
}

/// A `nonisolated` description, readable anywhere.
final class Ticket: Scope, CustomStringConvertible {
    let number = 7
    nonisolated var description: String { "Ticket #7" }
    enum When { case tap }
    func update(_ when: When) throws {}
}

/// Two scopes holding each other in plain state (not as subscopes).
final class Partner: Scope {
    var name: String
    var partner: Partner?
    enum When { case tap }
    init(name: String) { self.name = name }
    func update(_ when: When) throws {}
}

/// A scope whose event carries another scope, as a presentation does.
final class Presenter: Scope {
    enum When { case present(Thermostat) }
    func update(_ when: When) throws {
        throw InvalidStateError("nothing to present on")
    }
}

/// Carries a scope to another thread, where only its nonisolated parts are read.
private struct OffMain: @unchecked Sendable {
    // SAFETY: The scope is only printed on the other thread, which reads no state off the main actor.
    let scope: any Scope
    func describe() async -> String {
        await Task.detached { String(describing: scope) }.value
    }
}

@MainActor
@Suite struct ScopeDescriptionTests {
    @Test func aScopePrintsItsStateAsItsDebugDescriptionLists() {
        let thermostat = Thermostat()
        thermostat.send(.warmer)
        #expect(String(describing: thermostat) == thermostat.debugDescription)
        #expect("\(thermostat)" == "Thermostat\n  target = 22\n  label = \"hall\"")
        var printed = ""
        print(thermostat, terminator: "", to: &printed)
        #expect(printed == thermostat.debugDescription)
    }

    @Test func aStoredDescriptionIsStateAndStillCompiles() {
        let caption = Caption()
        caption.send(.rename("shown"))
        #expect(caption.description == "shown")
        #expect("\(caption)" == "Caption\n  description = \"shown\"")
    }

    @Test func anOwnDebugDescriptionIsKeptByNameAndAConformingOneIsPrinted() {
        let scoreboard = Scoreboard()
        #expect(scoreboard.debugDescription == "scoreboard of 1")
        // Without the protocol, printing shows the state.
        #expect("\(scoreboard)" == "Scoreboard\n  count = 1")
        #expect("\(Gauge())" == "a gauge")
        #expect(String(reflecting: Gauge()) == "a gauge")
    }

    @Test func aSubclassPrintsItsTypeAndEveryLevelsState() {
        let text = "\(Truck())"
        #expect(text.hasPrefix("Truck\n"), "\(text)")
        #expect(text.contains("wheels = 4") && text.contains("load = \"gravel\""), "\(text)")
        let vehicle: Vehicle = Truck()
        #expect(String(describing: vehicle) == text)
    }

    @Test func anOwnDescriptionWinsIsolatedOrNot() {
        #expect("\(Badge())" == "Badge(Ada)")
        #expect(String(describing: Ticket()) == "Ticket #7")
    }

    @Test func offTheMainActorOnlyTheTypeNameOrANonisolatedDescriptionIsWritten() async {
        #expect(await OffMain(scope: Thermostat()).describe() == "Thermostat")
        #expect(await OffMain(scope: Badge()).describe() == "Badge")
        #expect(await OffMain(scope: Ticket()).describe() == "Ticket #7")
    }

    @Test func anOptionalReadsAsItsValueOrNilAtEveryDepth() {
        let counts = ServerCounts()
        #expect(
            counts.subtreeDescription == """
                ServerCounts
                  viewDisplaysServerCount = 0
                  lastError = nil
                  cached = some(nil)
                  confirmed = 1
                  history = [1, nil]
                  latest = Reading(value: 2, note: nil)
                """)
        #expect("\(counts)" == counts.subtreeDescription)
    }

    @Test(.isolatedInstruments) func anEventsOptionalPayloadReadsAsItsValue() {
        var seen: [String] = []
        let registration = Middleware.addAppWide { event, next in
            seen.append(event.description)
            try next(event)
        }
        defer { registration.remove() }
        let counts = ServerCounts()
        counts.send(.loaded(0))
        counts.send(.loaded(nil))
        #expect(seen == ["ServerCounts <- loaded(0)", "ServerCounts <- loaded(nil)"])
    }

    @Test func aScopeInAnotherScopesStateIsNamedSoACycleEnds() {
        let ada = Partner(name: "Ada")
        let bob = Partner(name: "Bob")
        ada.partner = bob
        bob.partner = ada
        #expect("\(ada)" == "Partner\n  name = \"Ada\"\n  partner = Partner")
        #expect(ada.subtreeDescription.contains("partner = Partner"), "\(ada.subtreeDescription)")
        // The cycle is the test's own; breaking it keeps the leak checker's report about the library.
        ada.partner = nil
    }

    @Test func anEventCarryingAScopeNamesItInReportsWithoutItsState() throws {
        let presenter = Presenter()
        let reports = ErrorReportCollector(for: presenter)
        presenter.send(.present(Thermostat()))
        let message = try #require(reports.reports.first?.description)
        #expect(message.contains("update(present(Thermostat)) threw"), "\(message)")
        #expect(!message.contains("target = 21"), "\(message)")
        // Printed by the user, the event still shows the scope's state.
        #expect("\(Presenter.When.present(Thermostat()))".contains("target = 21"))
    }

    @Test func sensitiveValuesStayRedactedWhenAScopeIsPrinted() async {
        let vault = Vault()
        vault.send(.unlock(pin: VaultSecret.pin))
        vault.send(.search(Sensitive(VaultSecret.query)))
        let text = String(describing: vault)
        #expect(isRedacted(text), "\(text)")
        #expect(text.contains("pin = <redacted>") && text.contains("query = <redacted>"), "\(text)")
        await vault.gate.open()
        #expect(await vault.effectsState.settlesWithinTestPatience())
    }
}
