import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A list root of its own, so that the logging test reads only its own lines.
@MainActor
final class LoggedListScreen: Scope {
    @Subscope var rows: [ListedRow] = []
    enum When: Sendable { case run(@MainActor @Sendable (LoggedListScreen) throws -> Void) }
    func update(_ when: When) throws {
        switch when {
        case .run(let body): try body(self)
        }
    }
}

/// A recordable list: its rows are made by its updates, so a replay builds the same rows.
@MainActor
final class RecordedListScreen: Scope {
    var nextID = 0
    @Subscope var rows: [RecordedRow] = []

    enum When: Sendable, Codable {
        case add
        case insertTop
        case remove(Int)
        case move(Int, Int)
        case sortDescending
    }

    func update(_ when: When) throws {
        switch when {
        case .add:
            rows.append(RecordedRow(id: nextID))
            nextID += 1
        case .insertTop:
            rows.insert(RecordedRow(id: nextID), at: 0)
            nextID += 1
        case .remove(let index): rows.remove(at: index)
        case .move(let from, let to): rows.insert(rows.remove(at: from), at: to)
        case .sortDescending: rows.sort { $0.id > $1.id }
        }
    }
}

@MainActor
final class RecordedRow: Scope {
    let id: Int
    var taps = 0
    init(id: Int) { self.id = id }
    enum When: Sendable, Codable { case tap }
    func update(_ when: When) throws { taps += 1 }
}

/// Rows are named by their index at the time, in recordings, the event log and descriptions.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RowPathTests {
    @Test func aRecordedSessionNamesRowsByTheirIndexAtTheTimeAndReplaysToTheSameRows() throws {
        let list = RecordedListScreen()
        var text = ""
        let recorder = Recorder(recording: list) { text += $0 }
        list.send(.add)
        list.send(.add)
        list.send(.add)  // [0, 1, 2]
        list.send(.insertTop)  // [3, 0, 1, 2]
        list.rows[2].send(.tap)  // id 1 at rows[2]
        list.send(.remove(0))  // [0, 1, 2]
        list.rows[0].send(.tap)  // id 0 at rows[0]
        list.send(.sortDescending)  // [2, 1, 0]
        list.rows[0].send(.tap)  // id 2 at rows[0]
        list.send(.move(0, 2))  // [1, 0, 2]
        list.rows[2].send(.tap)  // id 2 at rows[2]
        recorder.stop()

        let recording = try Recording(jsonLines: text)
        let taps = recording.events.filter { $0.scopeTypeName == "RecordedRow" }.map(\.path)
        #expect(taps == [["rows[2]"], ["rows[0]"], ["rows[0]"], ["rows[2]"]], "\(text)")
        let replayed = try recording.reproduce { RecordedListScreen() }
        #expect(replayed.rows.map(\.id) == list.rows.map(\.id))
        #expect(replayed.rows.map(\.taps) == list.rows.map(\.taps))
        #expect(list.rows.map(\.taps) == [1, 1, 2])
    }
}

/// Logging is app-wide: this runs with the other logging tests, one at a time.
extension EventLoggingTests {
    @Test func theEventLogAndTheSubtreeDescriptionNameRowsByTheirCurrentIndex() {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info)
        defer { EventLogging.disable() }
        let root = LoggedListScreen()
        let all = (0..<5).map { ListedRow("r\($0)", gate: Gate()) }
        root.rows = all
        root.send(.run { $0.rows.insert(ListedRow("top", gate: Gate()), at: 0) })
        all[2].send(.ping)  // rows[3] now
        root.send(.run { $0.rows.swapAt(0, 5) })
        all[4].send(.ping)  // rows[0] now
        let lines = log.lines.filter { $0.contains("LoggedListScreen.rows[") && $0.contains("<- ping") }
        #expect(lines == ["info LoggedListScreen.rows[3] <- ping", "info LoggedListScreen.rows[0] <- ping"])

        let description = root.subtreeDescription.split(separator: "\n").map(String.init)
        let order = description.indices.compactMap { index -> String? in
            guard description[index].hasPrefix("  rows["), index + 1 < description.count else { return nil }
            return
                "\(description[index].trimmingCharacters(in: .whitespaces)) \(description[index + 1].trimmingCharacters(in: .whitespaces))"
        }
        #expect(
            order
                == root.rows.enumerated().map {
                    "rows[\($0.offset)]: ListedRow name = \"\($0.element.name)\""
                },
            "\(root.subtreeDescription)")
    }
}
