import Statoscope

/// What a café runs out of.
struct OutOfStock: Error, Equatable {
    let item: String
}

/// Asks the kitchen whether an item is in stock: oat milk never is.
struct CheckStock: Effect, Equatable {
    let item: String

    func runEffect() async throws -> Int {
        guard item != "oat milk" else { throw OutOfStock(item: item) }
        return 12
    }
}

/// A café and the order being taken: the tree the instruments' checks watch, with events that are
/// `Codable` (recorded, replayed) and tracked by analytics.
@MainActor
final class Cafe: Scope {
    @Subscope var order = Order()
    var served = 0

    enum When: Codable {
        case userOpened
        case orderServed
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpened: order = Order()
        case .orderServed: served += 1
        }
    }
}

@MainActor
final class Order: Scope {
    @Superscope var cafe: Cafe
    var size = 0
    var decaf = false
    var inStock: Int?

    enum When: Codable, TrackedWhen {
        case userPicked(size: Int, decaf: Bool)
        case userPaid(amount: Int)
        case userAskedFor(String)
        case stockChecked(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .userPicked(let size, let decaf):
            self.size = size
            self.decaf = decaf
        case .userPaid(let amount):
            guard amount > 0 else { throw InvalidStateError("paying \(amount)") }
            cafe.send(.orderServed)
        case .userAskedFor(let item):
            effectsState.enqueue(CheckStock(item: item).map(When.stockChecked))
        case .stockChecked(let count):
            inStock = count
        }
    }
}
