import Foundation
import Statoscope
import Testing

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RecordingReentrancyTests {
    @Test func eventsARecordersOutputSendsAreRecordedInTheOrderTheyRan() async throws {
        let shop = Shop()
        var text = ""
        var cartWhenWritten: [String: [String: Int]] = [:]
        let recorder = Recorder(recording: shop) { line in
            text += line
            // The detail's tap sends an event of the shop from its update; the output answers it.
            if line.contains(#"{"addToCart":{}}"#) {
                cartWhenWritten[line] = shop.cart
                shop.send(.addToCart("gift wrap", quantity: 1))
            }
        }
        shop.send(.openShelves(1))
        shop.shelves[0].send(.load)
        await shop.effectsState.waitUntilSubtreeSettled()
        shop.shelves[0].send(.select(0))
        await shop.effectsState.waitUntilSubtreeSettled()
        shop.shelves[0].detail?.send(.addToCart)
        shop.send(.addToCart("tea", quantity: 2))
        recorder.stop()
        #expect(shop.cart == ["item0-0": 1, "gift wrap": 1, "tea": 2])
        // The line reached the output once its event and that event's consequences had run.
        #expect(Array(cartWhenWritten.values) == [["item0-0": 1]])
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.map(\.scopeTypeName).suffix(3) == ["ItemDetail", "Shop", "Shop"])
        let replayed = try recording.reproduce { Shop() }
        #expect(replayed.cart == shop.cart)
        #expect(replayed.shelves[0].detail?.price == shop.shelves[0].detail?.price)
    }

    @Test func anOutputThatSendsAnEventForEveryLineItWritesNeverOverflows() async throws {
        let shop = Shop()
        var lines = 0
        let recorder = Recorder(recording: shop) { line in
            lines += 1
            // Each event line sends the next event: a chain of 30,000 events, each an input (a nested
            // hand-over overflowed the stack at about 10,000).
            if lines < 30_000, line.contains(#""event""#) { shop.send(.addToCart("tea", quantity: 1)) }
        }
        shop.send(.addToCart("tea", quantity: 1))
        recorder.stop()
        #expect(shop.cart == ["tea": 29_999])
        #expect(recorder.recordedEventCount == 29_999)
        #expect(lines == 30_001)
    }

    @Test func anOutputThatStopsTheRecorderGetsTheLinesItsEventsAddedThenTheEndLine() async throws {
        let shop = Shop()
        var text = ""
        var recorder: Recorder?
        recorder = Recorder(recording: shop) { line in
            text += line
            guard line.contains(#""n":2,"#) else { return }
            shop.send(.addToCart("tea", quantity: 1))
            recorder?.stop()
        }
        shop.send(.openShelves(1))
        shop.send(.addToCart("not recorded", quantity: 1))
        #expect(recorder?.isRecording == false)
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.map(\.line) == [2, 3])
        #expect(try recording.reproduce { Shop() }.cart == ["tea": 1])
    }

    @Test func replayingFromInsideAnUpdateIsRefusedAndRunsNoEffect() throws {
        let session = Shop()
        var text = ""
        let recorder = Recorder(recording: session) { text += $0 }
        session.send(.openShelves(1))
        session.shelves[0].send(.load)
        recorder.stop()
        let recording = try Recording(jsonLines: text)

        let notebook = Notebook()
        var reproduced: Shop?
        notebook.dump = {
            do {
                reproduced = try recording.reproduce { Shop() }
                return "reproduced"
            } catch {
                return "\(error)"
            }
        }
        notebook.send(.dumpFlightRecord)
        #expect(
            notebook.dumps == [
                "line 2: cannot be replayed from inside an update: replay from outside any update, after it returns"
            ])
        #expect(reproduced == nil)

        let replay = try Replay(recording, into: Shop())
        notebook.dump = {
            do {
                try replay.playToEnd()
                return "replayed"
            } catch {
                return "\(error)"
            }
        }
        notebook.send(.dumpFlightRecord)
        #expect(notebook.dumps.last?.hasPrefix("line 2: cannot be replayed from inside an update") == true)
        #expect(replay.replayedEventCount == 0)
        #expect(replay.root.shelves.isEmpty, "nothing was applied later either")
        #expect(replay.root.effectsState.effects.isEmpty)

        // From outside any update, the same replay runs, with effects off.
        try replay.playToEnd()
        #expect(replay.root.shelves[0].loading)
        #expect(replay.root.shelves[0].effectsState.effects.isEmpty)
    }
}
