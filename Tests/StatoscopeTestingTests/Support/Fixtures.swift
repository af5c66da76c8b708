import Foundation
import Statoscope

// Scopes the plans under test run against. Each names its state and events as sentences, as a
// feature's acceptance criteria would.

/// A request to the server, equatable so plans can expect it exactly.
struct SaveCart: Effect, Equatable {
    let items: [String]
    func runEffect() async throws -> Int {
        EffectRuns.record()
        return items.count
    }
}

/// Another effect type, to tell types apart.
struct TrackEvent: Effect, Equatable {
    let name: String
    func runEffect() async throws -> Bool {
        EffectRuns.record()
        return true
    }
}

/// An effect that is not mapped to a `Result`: its failure delivers nothing.
struct LoadPromotion: Effect, Equatable {
    func runEffect() async throws -> String {
        EffectRuns.record()
        return "promo"
    }
}

/// Counts effects that actually ran; plans must leave it untouched.
enum EffectRuns {
    nonisolated(unsafe) private static var count = 0
    private static let lock = NSLock()

    static func record() {
        lock.withLock { count += 1 }
    }

    static var total: Int { lock.withLock { count } }
}

struct CheckoutRefused: Error, Equatable {}

/// A shopping cart that saves itself to a server after each change.
final class Cart: Scope {
    var items: [String] = []
    var savedCount: Int?
    var saveError: String?
    var isSaving = false
    var promotion: String?

    enum When {
        case userAddsItem(String)
        case userAddsTwoItemsQuickly(String, String)
        case serverSaved(Result<Int, any Error>)
        case analyticsSent(Bool)
        case userOpensPromotions
        case promotionLoaded(String)
        case userChecksOutEmptyCart
        case userEmptiesCartAndChecksOut
    }

    func update(_ when: When) throws {
        switch when {
        case .userAddsItem(let item):
            items.append(item)
            save()
        case .userAddsTwoItemsQuickly(let first, let second):
            items.append(first)
            save()
            items.append(second)
            save()
        case .serverSaved(.success(let count)):
            isSaving = false
            savedCount = count
        case .serverSaved(.failure(let error)):
            isSaving = false
            saveError = "\(error)"
        case .analyticsSent:
            break
        case .userOpensPromotions:
            effectsState.enqueue(LoadPromotion().map(When.promotionLoaded))
        case .promotionLoaded(let promotion):
            self.promotion = promotion
        case .userChecksOutEmptyCart:
            guard !items.isEmpty else { throw CheckoutRefused() }
        case .userEmptiesCartAndChecksOut:
            items.removeAll()
            // Re-entrant: queued, and refused once this update has returned.
            send(.userChecksOutEmptyCart)
        }
    }

    private func save() {
        isSaving = true
        effectsState.enqueue(SaveCart(items: items).mapToResult().map(When.serverSaved))
        effectsState.enqueue(TrackEvent(name: "cart_changed").map(When.analyticsSent))
    }
}

/// An app with a non-optional subscope and an optional one, reached by key path.
final class Shop: Scope {
    let cart = Cart()
    var promotions: Cart?
    var visits = 0

    enum When {
        case userOpensShop
        case userOpensPromotionsCart
        case userClosesPromotionsCart
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpensShop:
            visits += 1
        case .userOpensPromotionsCart:
            promotions = Cart()
        case .userClosesPromotionsCart:
            promotions = nil
        }
    }
}

/// A scope that keeps itself alive: its stored closure captures it.
final class SelfRetaining: Scope {
    var onChange: (() -> Void)?
    var changes = 0

    enum When {
        case userChangesSomething
    }

    func update(_ when: When) throws {
        changes += 1
        onChange = { self.changes += 0 }
    }
}

/// A parent whose child keeps a strong reference back to it: a cycle through a subscope.
final class Parent: Scope {
    var child: Child?
    enum When {
        case userOpensChild
    }
    func update(_ when: When) throws {
        let child = Child()
        child.parent = self
        self.child = child
    }
}

final class Child: Scope {
    var parent: Parent?
    var taps = 0
    enum When {
        case userTaps
    }
    func update(_ when: When) throws {
        taps += 1
    }
}
