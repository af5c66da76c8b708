import Statoscope
import StatoscopeTestSupport
import Testing

/// A row of a diffed list.
@MainActor
final class DiffedRow: Scope {
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A value nested two levels in the state.
struct DiffedAddress: Equatable, Sendable {
    struct Street: Equatable, Sendable {
        var number = 0
    }
    var street = Street()
}

/// State of every shape a diff has to see change.
@MainActor
final class Diffed: Scope {
    @Sensitive var secret = ""
    var scores: [String: Int] = [:]
    var tags: Set<String> = []
    var address = DiffedAddress()
    var ratio = 0.0
    @Subscope var rows: [DiffedRow] = [DiffedRow()]

    enum When: Sendable {
        case secret(String)
        case score(String, Int)
        case tag(String)
        case moveHouse(Int)
        case ratio(Double)
        case replaceRow
        case appendRow
    }

    func update(_ when: When) throws {
        switch when {
        case .secret(let secret): self.secret = secret
        case .score(let name, let score): scores[name] = score
        case .tag(let tag): tags.insert(tag)
        case .moveHouse(let number): address.street.number = number
        case .ratio(let ratio): self.ratio = ratio
        case .replaceRow: rows[0] = DiffedRow()
        case .appendRow: rows.append(DiffedRow())
        }
    }
}

/// State diffs are app-wide: this runs with the logging tests, one at a time.
extension EventLoggingTests {
    @Test func everyChangeOfEveryShapeIsLoggedAndNoSensitiveValueIs() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let diffed = Diffed()
        _ = diffed.rows
        diffed.send(.secret("hunter2"))
        diffed.send(.score("ada", 1))
        diffed.send(.score("ada", 2))
        diffed.send(.tag("x"))
        diffed.send(.moveHouse(7))
        diffed.send(.ratio(0.5))
        diffed.send(.ratio(.nan))
        diffed.send(.replaceRow)
        diffed.send(.appendRow)
        let changes = log.lines.filter { $0.hasPrefix("info Diffed changed") }
        #expect(!changes.joined().contains("hunter2"))
        let named = ["secret", "scores", "scores", "tags", "address", "ratio", "ratio", "rows", "rows"]
        #expect(changes.count == named.count, "\(changes)")
        for (line, property) in zip(changes, named) {
            #expect(line.hasPrefix("info Diffed changed \(property)"), "\(line)")
        }
    }
}
