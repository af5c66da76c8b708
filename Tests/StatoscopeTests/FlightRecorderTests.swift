import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// A scope that can write the flight record from inside its own update.
@MainActor
final class Notebook: Scope {
    var pages: [Int] = []
    var dump: (@MainActor () -> String)?
    var dumps: [String] = []

    enum When: Codable, Sendable {
        case write(Int)
        case dumpFlightRecord
    }

    func update(_ when: When) throws {
        switch when {
        case .write(let page):
            pages.append(page)
        case .dumpFlightRecord:
            if let dump { dumps.append(dump()) }
        }
    }
}

// Serialized: error reports carry the record of the most recently started flight recorder, and a
// test suspended at an `await` would leave its own running.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(20)))
struct FlightRecorderTests {
    @Test func memoryIsBoundedByItsCapacityAndOldestEntriesAreOverwritten() throws {
        let notebook = Notebook()
        let flightRecorder = FlightRecorder(recording: notebook, keepingLast: 8)
        for page in 0..<20 {
            notebook.send(.write(page))
            #expect(flightRecorder.keptCount == min(page + 1, 8))
        }
        #expect(flightRecorder.capacity == 8)
        #expect(flightRecorder.droppedEventCount == 12)
        let lines = flightRecorder.jsonLines().split(separator: "\n")
        #expect(lines.count == 10, "a header, the 8 kept events, the end line")
        #expect(lines[0].contains(#""dropped":12"#))
        // The last 8, oldest first: the wraparound keeps their order.
        #expect(
            lines[1..<9].map { $0.hasSuffix(#"{"write":{"_0":\#(Int(lines.firstIndex(of: $0)!) + 11)}}}"#) }
                == Array(repeating: true, count: 8), "\(lines)")
        #expect {
            try Recording(jsonLines: flightRecorder.jsonLines())
        } throws: { error in
            "\(error)"
                == "line 1: a flight recording that kept only its last events: the 12 before them are lost, so it cannot be replayed into a new tree"
        }
        for page in 20..<1_000 { notebook.send(.write(page)) }
        #expect(flightRecorder.keptCount == 8)
        #expect(flightRecorder.droppedEventCount == 992)
    }

    @Test(arguments: [0, -1, Int.min])
    func aCapacityBelowOneKeepsOneEntry(capacity: Int) throws {
        let notebook = Notebook()
        let flightRecorder = FlightRecorder(recording: notebook, keepingLast: capacity)
        notebook.send(.write(1))
        notebook.send(.write(2))
        #expect(flightRecorder.capacity == 1)
        #expect(flightRecorder.keptCount == 1)
        #expect(flightRecorder.droppedEventCount == 1)
        #expect(flightRecorder.jsonLines().contains(#""write":{"_0":2}"#))
    }

    @Test func theLargestCapacityRecordsWithoutReservingIt() throws {
        let notebook = Notebook()
        let flightRecorder = FlightRecorder(recording: notebook, keepingLast: .max)
        for page in 0..<3 { notebook.send(.write(page)) }
        #expect(flightRecorder.capacity == .max)
        #expect(flightRecorder.keptCount == 3)
        #expect(flightRecorder.droppedEventCount == 0)
    }

    // Instruments of its own: its recorder, held across `await`s, would otherwise hand its record to
    // the error reports of the tests running alongside.
    @Test(.isolatedInstruments) func aDumpReplaysToTheSameStateWithItsEffectSteps() async throws {
        let shop = Shop()
        let flightRecorder = FlightRecorder(recording: shop)
        shop.send(.openShelves(2))
        shop.shelves[1].send(.load)
        await shop.effectsState.waitUntilSubtreeSettled()
        shop.shelves[1].send(.select(2))
        await shop.effectsState.waitUntilSubtreeSettled()
        shop.shelves[1].detail?.send(.increment)
        shop.shelves[1].detail?.send(.addToCart)
        shop.send(.leaveNote(Sensitive("call me at 555-0100")))
        let dump = flightRecorder.jsonLines()
        #expect(dump.contains(#""scope":"Shelf","effect":"#), "effect steps are kept")
        #expect(dump.contains(#""step":"started"}"#) && dump.contains(#""step":"completed"}"#))
        #expect(!dump.contains("555-0100"), "sensitive values are redacted")

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statoscope-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try flightRecorder.write(to: url)
        let replayed = try Recording(contentsOf: url).reproduce { Shop() }
        #expect(replayed.note == "<redacted>")
        replayed.note = shop.note
        #expect(replayed.subtreeDescription == shop.subtreeDescription)
        #expect(shop.cart == ["item1-2": 2])
    }

    @Test func aDumpDuringAnUpdateHoldsEverythingUpToThatEvent() throws {
        let notebook = Notebook()
        let flightRecorder = FlightRecorder(recording: notebook)
        notebook.dump = { flightRecorder.jsonLines() }
        notebook.send(.write(1))
        notebook.send(.write(2))
        notebook.send(.dumpFlightRecord)
        notebook.send(.write(3))
        #expect(notebook.dumps.count == 1)
        let replayed = try Recording(jsonLines: notebook.dumps[0]).reproduce { Notebook() }
        #expect(replayed.pages == [1, 2])
    }

    @Test func anErrorReportCarriesTheFlightRecording() async throws {
        let shop = Shop()
        let flightRecorder = FlightRecorder(recording: shop)
        var reports: [ErrorReport] = []
        let registration = ErrorReporting.addHandler { reports.append($0) }
        defer { registration.remove() }
        shop.send(.openShelves(1))
        shop.shelves[0].send(.loaded(["unexpected"]))
        #expect(reports.count == 1)
        let recording = try Recording(jsonLines: try #require(reports.first?.flightRecording))
        #expect(recording.events.map(\.scopeTypeName) == ["Shop", "Shelf"])
        #expect(recording.events.last?.path == ["shelves[0]"])
        flightRecorder.stop()
        shop.shelves[0].send(.loaded(["again"]))
        #expect(reports.count == 2)
        #expect(reports[1].flightRecording == nil, "no flight recorder runs")
    }

    @Test func aDamagedDumpIsRefusedLikeAnyRecording() throws {
        let notebook = Notebook()
        let flightRecorder = FlightRecorder(recording: notebook)
        for page in 0..<4 { notebook.send(.write(page)) }
        var lines = flightRecorder.jsonLines().split(separator: "\n").map(String.init)
        let complete = lines
        lines.remove(at: 2)
        #expect {
            try Recording(jsonLines: lines.joined(separator: "\n") + "\n")
        } throws: { error in
            "\(error)" == "line 3: the line numbered 3 is missing (this line is numbered 4)"
        }
        #expect {
            try Recording(jsonLines: complete.dropLast().joined(separator: "\n") + "\n")
        } throws: { error in
            "\(error)"
                == "line 6: cut: the recording ends after line 5 without its end line (lines were lost, or its recorder never stopped)"
        }
        #expect(try Recording(jsonLines: complete.joined(separator: "\n") + "\n").events.count == 4)
    }
}
