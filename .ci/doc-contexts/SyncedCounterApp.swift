// What the testing articles' samples take as known: the counter of the earlier Statoscope's README,
// which posts each count to a server, and an app whose screens include it; the testing module's doc
// comments take it as known too, with a shop and the cart's items.
import Foundation
import Statoscope
import StatoscopeTesting
import Testing
import XCTest

// <!-- compiled with: Counter -->

struct APIClient: Injectable {
    var loadProfileName: @Sendable () async throws -> String
    static var defaultValue: APIClient { APIClient { "Ada" } }
    static let failing = APIClient { throw URLError(.notConnectedToInternet) }
}

final class Profile: Scope {
    var error: String?
    enum When { case loadFailed(String) }
    func update(_ when: When) throws {
        switch when {
        case .loadFailed(let message): error = message
        }
    }
}

struct SaveCart: Effect, Equatable {
    let items: [String]
    func runEffect() async throws -> Int { items.count }
}

final class Cart: Scope {
    var total = 0
    var items: [String] = []
    enum When {
        case userAddedItem
        case userAddsTwoItemsQuickly(String, String)
        case cartSaved(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .userAddedItem:
            total += 1
        case .userAddsTwoItemsQuickly(let first, let second):
            items += [first, second]
            effectsState.enqueue(SaveCart(items: [first]).map(When.cartSaved))
            effectsState.enqueue(SaveCart(items: [first, second]).map(When.cartSaved))
        case .cartSaved(let count):
            total = count
        }
    }
}

struct LoadCatalog: Effect, Equatable {
    func runEffect() async throws -> [String] { ["tea", "coffee"] }
}

final class Shop: Scope {
    var catalog: [String] = []
    var browsing = false
    enum When {
        case userOpensShop
        case userBrowses
        case catalogLoaded([String])
    }
    func update(_ when: When) throws {
        switch when {
        case .userOpensShop: effectsState.enqueue(LoadCatalog().map(When.catalogLoaded))
        case .userBrowses: browsing = true
        case .catalogLoaded(let catalog): self.catalog = catalog
        }
    }
}

final class App: Scope {
    @Subscope var counter = Counter()
    @Subscope var profile = Profile()
    @Subscope var cart = Cart()
    var title = ""

    enum When { case userOpenedProfile }
    func update(_ when: When) throws {}
}

let sessionURL = URL(fileURLWithPath: "session.jsonl")
