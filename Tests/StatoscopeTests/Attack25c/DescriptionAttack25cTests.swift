import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

// Attacks on how an event that carries a scope is written in log lines (`ScopeEvent.description`)
// and error reports: scopes in arrays, optionals, dictionaries and structs, a subclass seen through
// its base class, a generic scope, a scope with a description of its own, and sensitive values next
// to a scope or inside it.

enum A25cSecret {
    static let pin = "pin-7731"
    static let token = "token-2290"
}

/// A scope with state that must never show in an event's line, one value sensitive.
@MainActor
class A25cHeater: Scope {
    var target = 23
    var room = "attic-room"
    @Sensitive var pin = A25cSecret.pin
    enum When: Sendable { case warmer }
    func update(_ when: When) throws { target += 1 }
}

@MainActor
final class A25cBoiler: A25cHeater {
    var gauge = "gauge-high"
}

@MainActor
final class A25cCrate<Value: Sendable>: Scope {
    var value: Value
    init(_ value: Value) { self.value = value }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A scope that describes itself, as apps sometimes do.
@MainActor
final class A25cLabelled: Scope, @MainActor CustomStringConvertible {
    var secretish = "internal-42"
    var description: String { "labelled \(secretish)" }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

struct A25cPayload: Sendable {
    var heater: A25cHeater
    var note: String
}

/// Every event is refused, so each is also written in an error report.
@MainActor
final class A25cHub: Scope {
    enum When: Sendable {
        case one(A25cHeater)
        case many([A25cHeater])
        case maybe(A25cHeater?)
        case byName([String: A25cHeater])
        case wrapped(A25cPayload)
        case generic(A25cCrate<String>)
        case labelled(A25cLabelled)
        case secretAndScope(Sensitive<String>, A25cHeater)
        case sensitiveCase(A25cHeater, String)
        case sensitiveScope(Sensitive<A25cHeater>)
    }

    func update(_ when: When) throws {
        throw InvalidStateError("refused")
    }
}

extension A25cHub.When: SensitiveWhen {
    var isSensitive: Bool {
        if case .sensitiveCase = self { return true }
        return false
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct DescriptionAttack25cTests {
    /// The event's log line and its error report's description, for one event sent to a hub.
    private func written(_ when: A25cHub.When) -> (line: String, report: String) {
        let hub = A25cHub()
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
        ["attic-room", A25cSecret.pin, A25cSecret.token, "gauge-high", "internal-42", "target"].contains {
            text.contains($0)
        }
    }

    @Test func aScopeAnEventCarriesIsNamedInItsLogLineAndReport() {
        let (line, report) = written(.one(A25cHeater()))
        #expect(line == "A25cHub <- one(A25cHeater)", "\(line)")
        #expect(report.contains("one(A25cHeater)"), "\(report)")
        #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
    }

    @Test func scopesInAnArrayOrAnOptionalAreNamed() {
        for when in [A25cHub.When.many([A25cHeater(), A25cBoiler()]), .maybe(A25cHeater()), .maybe(nil)] {
            let (line, report) = written(when)
            #expect(!line.isEmpty && !report.isEmpty)
            #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
        }
        let (many, _) = written(.many([A25cHeater(), A25cBoiler()]))
        #expect(many.contains("[A25cHeater, A25cBoiler]"), "\(many)")
        let (maybe, _) = written(.maybe(A25cHeater()))
        #expect(maybe.contains("A25cHeater"), "\(maybe)")
    }

    @Test func aScopeInADictionaryOrAStructAnEventCarriesIsNamed() {
        let (byName, byNameReport) = written(.byName(["hall": A25cBoiler()]))
        #expect(byName.contains("A25cBoiler"), "\(byName)")
        #expect(!leaksState(byName) && !leaksState(byNameReport), "\(byName)\n\(byNameReport)")
        let (wrapped, wrappedReport) = written(.wrapped(A25cPayload(heater: A25cHeater(), note: "hello")))
        #expect(wrapped.contains("A25cHeater") && wrapped.contains("hello"), "\(wrapped)")
        #expect(!leaksState(wrapped) && !leaksState(wrappedReport), "\(wrapped)\n\(wrappedReport)")
    }

    @Test func aSubclassSeenThroughItsBaseAndAGenericScopeAreNamedAsThemselves() {
        let (line, report) = written(.one(A25cBoiler()))
        #expect(line.contains("one(A25cBoiler)"), "\(line)")
        #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
        let (generic, genericReport) = written(.generic(A25cCrate(A25cSecret.token)))
        #expect(generic.contains("A25cCrate<String>"), "\(generic)")
        #expect(!leaksState(generic) && !leaksState(genericReport), "\(generic)\n\(genericReport)")
    }

    // A scope with a `description` of its own is written through it ("a type with a hand-written
    // `description` … is outside the rule"), or named; its state is never listed.
    @Test func aScopeWithADescriptionOfItsOwnInAnEventIsWrittenThroughItOrNamed() {
        let (line, report) = written(.labelled(A25cLabelled()))
        for text in [line, report] {
            #expect(
                text.contains("labelled(A25cLabelled)") || text.contains("labelled(labelled internal-42)"),
                "\(text)")
            #expect(!text.contains("secretish"), "\(text)")
        }
    }

    @Test func aSensitiveValueBesideAScopeStaysRedacted() {
        let (line, report) = written(.secretAndScope(Sensitive(A25cSecret.token), A25cHeater()))
        #expect(line.contains("<redacted>") && line.contains("A25cHeater"), "\(line)")
        #expect(!leaksState(line) && !leaksState(report), "\(line)\n\(report)")
    }

    @Test func aSensitiveCaseCarryingAScopeKeepsOnlyItsName() {
        let (line, report) = written(.sensitiveCase(A25cHeater(), A25cSecret.token))
        #expect(line.contains("sensitiveCase("), "\(line)")
        #expect(!line.contains("A25cHeater") && !leaksState(line), "\(line)")
        #expect(!report.contains("A25cHeater") && !leaksState(report), "\(report)")
    }

    @Test func aScopeWrappedInSensitiveInAnEventIsRedacted() {
        let (line, report) = written(.sensitiveScope(Sensitive(A25cHeater())))
        #expect(line.contains("sensitiveScope(<redacted>)"), "\(line)")
        #expect(!line.contains("A25cHeater") && !leaksState(line), "\(line)")
        #expect(!leaksState(report), "\(report)")
    }

    @Test func aScopePrintedOnItsOwnStillShowsItsStateRedacted() {
        let heater = A25cHeater()
        let text = "\(heater)"
        #expect(text.contains("attic-room") && text.contains("pin = <redacted>"), "\(text)")
        #expect(!text.contains(A25cSecret.pin), "\(text)")
    }
}
