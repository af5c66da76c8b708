// What *Recording and replay* takes as known: a shop whose events are `Codable`, with a cart.
import Foundation
import Statoscope

@MainActor
final class Cart: Scope {
    private(set) var total = 0

    enum When: Codable {
        case userAddedItem
    }

    func update(_ when: When) throws {
        total += 1
    }
}

@MainActor
final class Shop: Scope {
    @Subscope var cart = Cart()

    enum When: Codable {
        case appeared
    }

    func update(_ when: When) throws {}
}
