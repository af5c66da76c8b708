import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

// A three-level tree for the recording round trip: a shop, its shelves, and the item a shelf shows.

struct Catalogue: Injectable {
    var items: @Sendable (Int) async -> [String]
    var price: @Sendable (String) async -> Int
    static var defaultValue: Catalogue {
        Catalogue(
            items: { shelf in (0..<3).map { "item\(shelf)-\($0)" } },
            price: { item in item.utf8.reduce(0) { $0 + Int($1) } % 97 })
    }
}

@MainActor
final class Shop: Scope {
    var opened = 0
    var cart: [String: Int] = [:]
    var note: String?
    @Subscope var shelves: [Shelf] = []

    enum When: Codable, Sendable, SensitiveWhen {
        case openShelves(Int)
        case addToCart(String, quantity: Int)
        case leaveNote(Sensitive<String>)
        case checkout(cardNumber: String)

        var isSensitive: Bool {
            if case .checkout = self { return true }
            return false
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .openShelves(let count):
            shelves = (0..<count).map { Shelf(id: $0) }
            opened += 1
        case .addToCart(let item, let quantity):
            cart[item, default: 0] += quantity
        case .leaveNote(let note):
            self.note = note.value
        case .checkout:
            cart.removeAll()
        }
    }
}

@MainActor
final class Shelf: Scope {
    let id: Int
    var items: [String] = []
    var loading = false
    @Subscope var detail: ItemDetail? = nil
    @Injected var catalogue: Catalogue

    init(id: Int) {
        self.id = id
    }

    enum When: Codable, Sendable {
        case load
        case loaded([String])
        case select(Int)
        case close
    }

    func update(_ when: When) throws {
        switch when {
        case .load:
            loading = true
            let catalogue = catalogue
            let id = id
            effectsState.enqueue(AnyEffect { await catalogue.items(id) }.map(When.loaded))
        case .loaded(let items):
            guard loading else { throw InvalidStateError("items arrived while not loading") }
            self.items = items
            loading = false
        case .select(let index):
            guard items.indices.contains(index) else { throw InvalidStateError("no item \(index)") }
            detail = ItemDetail(name: items[index])
            detail?.send(.appeared)
        case .close:
            detail = nil
        }
    }
}

@MainActor
final class ItemDetail: Scope {
    let name: String
    var quantity = 1
    var price: Int?
    @Injected var catalogue: Catalogue
    @Superscope var shop: Shop

    init(name: String) {
        self.name = name
    }

    enum When: Codable, Sendable {
        case appeared
        case priceArrived(Int)
        case increment
        case addToCart
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared:
            let catalogue = catalogue
            let name = name
            effectsState.enqueue(AnyEffect { await catalogue.price(name) }.map(When.priceArrived))
        case .priceArrived(let price):
            self.price = price
        case .increment:
            quantity += 1
        case .addToCart:
            shop.send(.addToCart(name, quantity: quantity))
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RecordingRoundTripTests {
    @Test func replayedSessionReproducesEveryScopesState() async throws {
        let shop = Shop()
        var text = ""
        let recorder = Recorder(recording: shop) { text += $0 }
        var random = SplitMix64(state: 2026)
        shop.send(.openShelves(3))
        while recorder.recordedEventCount < 60 {
            let shelf = shop.shelves[Int.random(in: 0..<shop.shelves.count, using: &random)]
            if shelf.items.isEmpty {
                shelf.send(.load)
            } else if let detail = shelf.detail {
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1: detail.send(.increment)
                case 2: detail.send(.addToCart)
                case 3: shelf.send(.close)
                case 4: shop.send(.leaveNote(Sensitive("note \(recorder.recordedEventCount)")))
                default: shelf.send(.select(Int.random(in: 0..<3, using: &random)))
                }
            } else if Int.random(in: 0..<12, using: &random) == 0 {
                shop.send(.openShelves(2))
            } else {
                shelf.send(.select(Int.random(in: 0..<3, using: &random)))
            }
            await shop.effectsState.waitUntilSubtreeSettled()
        }
        // The session built real state at every level, so the comparison below means something.
        #expect(!shop.cart.isEmpty)
        #expect(shop.shelves.contains { !$0.items.isEmpty })
        #expect(shop.shelves.contains { $0.detail?.price != nil })
        let cartBeforeCheckout = shop.cart
        shop.send(.checkout(cardNumber: "4111 1111 1111 1111"))
        recorder.stop()

        let recording = try Recording(jsonLines: text)
        #expect(recording.events.count >= 60)
        #expect(recording.events.contains { $0.path.count == 2 }, "events of the third level were recorded")
        #expect(!text.contains("4111"), "a sensitive case's values are not recorded")
        #expect(!text.contains("note "), "a sensitive value is not recorded")

        let beforeCheckout = try Replay(recording, into: Shop())
        while beforeCheckout.replayedEventCount < recording.events.count - 1 { try beforeCheckout.step() }
        #expect(beforeCheckout.root.cart == cartBeforeCheckout)

        let replayed = try recording.reproduce { Shop() }
        // The note was redacted when recorded: it is the one state that is not reproduced.
        #expect(replayed.note == "<redacted>")
        replayed.note = shop.note
        #expect(replayed.subtreeDescription == shop.subtreeDescription)
        #expect(replayed.subtreeDescription.contains("detail: ItemDetail"))
    }

    @Test func eventsSentByUpdatesAreNotRecordedAndReplayRegeneratesThem() async throws {
        let shop = Shop()
        shop.send(.openShelves(1))
        shop.shelves[0].send(.load)
        await shop.effectsState.waitUntilSubtreeSettled()
        shop.shelves[0].send(.select(1))
        await shop.effectsState.waitUntilSubtreeSettled()
        var text = ""
        let recorder = Recorder(recording: shop) { text += $0 }
        shop.shelves[0].detail?.send(.addToCart)
        recorder.stop()
        let recording = try Recording(jsonLines: text)
        // Only the tap on the detail: the cart event its update sent is its consequence.
        #expect(recording.events.map(\.scopeTypeName) == ["ItemDetail"])
        #expect(shop.cart == ["item0-1": 1])
    }

    @Test func replayCanGoStepByStep() async throws {
        let shop = Shop()
        var text = ""
        let recorder = Recorder(recording: shop) { text += $0 }
        shop.send(.openShelves(1))
        shop.shelves[0].send(.load)
        await shop.effectsState.waitUntilSubtreeSettled()
        recorder.stop()
        let replay = try Replay(try Recording(jsonLines: text), into: Shop())
        #expect(try replay.step()?.event == .object(["openShelves": .object(["_0": .int(1)])]))
        #expect(replay.root.shelves.count == 1)
        #expect(try replay.step()?.path == ["shelves[0]"])
        #expect(replay.root.shelves[0].loading)
        #expect(replay.root.shelves[0].effectsState.effects.isEmpty, "effects are off during a replay")
        #expect(try replay.step()?.scopeTypeName == "Shelf")
        #expect(replay.root.shelves[0].items == ["item0-0", "item0-1", "item0-2"])
        #expect(replay.isFinished)
        #expect(try replay.step() == nil)
    }

    @Test func recorderWritesAFileThatReplays() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statoscope-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let shop = Shop()
        let recorder = try Recorder(recording: shop, toFile: url)
        shop.send(.openShelves(2))
        shop.send(.addToCart("x", quantity: 2))
        recorder.stop()
        shop.send(.addToCart("not recorded", quantity: 1))
        let replayed = try Recording(contentsOf: url).reproduce { Shop() }
        #expect(replayed.cart == ["x": 2])
        #expect(replayed.shelves.count == 2)
    }

    @Test func eventsOutsideTheRecordedSubtreeAreNotRecorded() async throws {
        let shop = Shop()
        shop.send(.openShelves(2))
        var text = ""
        let recorder = Recorder(recording: shop.shelves[1]) { text += $0 }
        shop.send(.addToCart("x", quantity: 1))
        shop.shelves[0].send(.close)
        shop.shelves[1].send(.close)
        recorder.stop()
        let recording = try Recording(jsonLines: text)
        #expect(recording.rootTypeName == "Shelf")
        #expect(recording.events.map(\.event) == [.object(["close": .object([:])])])
    }
}
