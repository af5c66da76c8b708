import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

// How an event that carries a scope is written in log lines (`ScopeEvent.description`) and error
// reports: scopes in arrays, optionals, dictionaries and structs, a subclass seen through its base
// class, a generic scope, a scope with a description of its own, and sensitive values next to a scope
// or inside it.

enum HeaterSecret {
    static let pin = "pin-7731"
    static let token = "token-2290"
}

/// A scope with state that must never show in an event's line, one value sensitive.
@MainActor
class Heater: Scope {
    var target = 23
    var room = "attic-room"
    @Sensitive var pin = HeaterSecret.pin
    enum When: Sendable { case warmer }
    func update(_ when: When) throws { target += 1 }
}

@MainActor
final class Boiler: Heater {
    var gauge = "gauge-high"
}

@MainActor
final class Crate<Value: Sendable>: Scope {
    var value: Value
    init(_ value: Value) { self.value = value }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A scope that describes itself, as apps sometimes do.
@MainActor
final class SelfDescribedScope: Scope, @MainActor CustomStringConvertible {
    var secretish = "internal-42"
    var description: String { "labelled \(secretish)" }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

struct HeaterPayload: Sendable {
    var heater: Heater
    var note: String
}

/// Every event is refused, so each is also written in an error report.
@MainActor
final class RefusingHub: Scope {
    enum When: Sendable {
        case one(Heater)
        case many([Heater])
        case maybe(Heater?)
        case byName([String: Heater])
        case wrapped(HeaterPayload)
        case generic(Crate<String>)
        case labelled(SelfDescribedScope)
        case secretAndScope(Sensitive<String>, Heater)
        case sensitiveCase(Heater, String)
        case sensitiveScope(Sensitive<Heater>)
    }

    func update(_ when: When) throws {
        throw InvalidStateError("refused")
    }
}

extension RefusingHub.When: SensitiveWhen {
    var isSensitive: Bool {
        if case .sensitiveCase = self { return true }
        return false
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeDescriptionInEventTests {
    /// The event's log line and its error report's description, for one event sent to a hub.
    private func written(_ when: RefusingHub.When) -> (line: String, report: String) {
        let hub = RefusingHub()
        var lines: [String] = []
        let registration = Middleware.addAppWide { event, next in
            if event.scope === hub { lines.append(event.description) }
            try next(event)
        }
        let reports = ErrorReportCollector(for: hub)
        hub.send(when)
        registration.remove()
        return (lines.joined(separator: "\n"), reports.reports.map(\.description).joined(separator: "\n"))
    }

    private func leaksState(_ text: String) -> Bool {
        ["attic-room", HeaterSecret.pin, HeaterSecret.token, "gauge-high", "internal-42", "target"].contains {
            text.contains($0)
        }
    }

    @Test func aScopeAnEventCarriesIsNamedInItsLogLineAndReport() {
        let (line, report) = written(.one(Heater()))
        #expect(line == "RefusingHub <- one(Heater)", "\(line)")
        #expect(report.contains("one(Heater)"), "\(report)")
        #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
    }

    @Test func scopesInAnArrayOrAnOptionalAreNamed() {
        for when in [RefusingHub.When.many([Heater(), Boiler()]), .maybe(Heater()), .maybe(nil)] {
            let (line, report) = written(when)
            #expect(!line.isEmpty && !report.isEmpty)
            #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
        }
        let (many, _) = written(.many([Heater(), Boiler()]))
        #expect(many.contains("[Heater, Boiler]"), "\(many)")
        let (maybe, _) = written(.maybe(Heater()))
        #expect(maybe.contains("Heater"), "\(maybe)")
    }

    @Test func aScopeInADictionaryOrAStructAnEventCarriesIsNamed() {
        let (byName, byNameReport) = written(.byName(["hall": Boiler()]))
        #expect(byName.contains("Boiler"), "\(byName)")
        #expect(!leaksState(byName) && !leaksState(byNameReport), "\(byName)\n\(byNameReport)")
        let (wrapped, wrappedReport) = written(.wrapped(HeaterPayload(heater: Heater(), note: "hello")))
        #expect(wrapped.contains("Heater") && wrapped.contains("hello"), "\(wrapped)")
        #expect(!leaksState(wrapped) && !leaksState(wrappedReport), "\(wrapped)\n\(wrappedReport)")
    }

    @Test func aSubclassSeenThroughItsBaseAndAGenericScopeAreNamedAsThemselves() {
        let (line, report) = written(.one(Boiler()))
        #expect(line.contains("one(Boiler)"), "\(line)")
        #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
        let (generic, genericReport) = written(.generic(Crate(HeaterSecret.token)))
        #expect(generic.contains("Crate<String>"), "\(generic)")
        #expect(!leaksState(generic) && !leaksState(genericReport), "\(generic)\n\(genericReport)")
    }

    // A scope with a `description` of its own is written through it ("a type with a hand-written
    // `description` … is outside the rule"), or named; its state is never listed.
    @Test func aScopeWithADescriptionOfItsOwnInAnEventIsWrittenThroughItOrNamed() {
        let (line, report) = written(.labelled(SelfDescribedScope()))
        for text in [line, report] {
            #expect(
                text.contains("labelled(SelfDescribedScope)")
                    || text.contains("labelled(labelled internal-42)"),
                "\(text)")
            #expect(!text.contains("secretish"), "\(text)")
        }
    }

    @Test func aSensitiveValueBesideAScopeStaysRedacted() {
        let (line, report) = written(.secretAndScope(Sensitive(HeaterSecret.token), Heater()))
        #expect(line.contains("<redacted>") && line.contains("Heater"), "\(line)")
        #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
    }

    @Test func aSensitiveCaseCarryingAScopeKeepsOnlyItsName() {
        let (line, report) = written(.sensitiveCase(Heater(), HeaterSecret.token))
        #expect(line.contains("sensitiveCase("), "\(line)")
        #expect(!line.contains("Heater") && !leaksState(line), "\(line)")
        #expect(!report.contains("Heater") && !leaksState(report), "\(report)")
    }

    @Test func aScopeWrappedInSensitiveInAnEventIsRedacted() {
        let (line, report) = written(.sensitiveScope(Sensitive(Heater())))
        #expect(line.contains("sensitiveScope(<redacted>)"), "\(line)")
        #expect(!line.contains("Heater") && !leaksState(line), "\(line)")
        #expect(!leaksState(report), "\(report)")
    }

    @Test func aScopePrintedOnItsOwnStillShowsItsStateRedacted() {
        let heater = Heater()
        let text = "\(heater)"
        #expect(text.contains("attic-room") && text.contains("pin = <redacted>"), "\(text)")
        #expect(!text.contains(HeaterSecret.pin), "\(text)")
    }
}
