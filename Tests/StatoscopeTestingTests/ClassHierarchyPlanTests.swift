import Statoscope
import StatoscopeTesting
import Testing

/// A non-final scope whose subclass a plan drives through the base class's events and effects.
@MainActor
class BaseCart: Scope {
    var items: [String] = []
    var savedCount = 0
    @Subscope var note: CartNote? = nil

    enum When: Sendable {
        case add(String)
        case saved(Int)
        case writeNote
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let item):
            items.append(item)
            effectsState.enqueue(SaveCart(items: items).map(When.saved))
        case .saved(let count):
            savedCount = count
        case .writeNote:
            note = CartNote()
        }
    }
}

@MainActor
final class GiftCart: BaseCart {
    var wrapped = false
    var middlewareSaw: [String] = []
    var middleware: InstrumentRegistration?
}

@MainActor
final class CartNote: Scope {
    var text = ""
    @Superscope var cart: BaseCart
    enum When: Sendable { case write(String) }
    func update(_ when: When) throws {
        if case .write(let text) = when { self.text = text + " (\(cart.items.count) items)" }
    }
}

@Suite struct ClassHierarchyPlanTests {
    @Test func aPlanDrivesASubclassThroughItsBaseClassWithAMiddleware() throws {
        let failures = try capturingFailures {
            try GiftCart.GIVEN {
                let cart = GiftCart()
                // Kept by the cart itself, as a scope keeps the middleware it adds to itself.
                cart.middleware = cart.addMiddleware { cart, when, next in
                    cart.middlewareSaw.append("\(when)")
                    try next(when)
                }
                return cart
            }
            .WHEN(.add("scarf"))
            .THEN(\.items, equals: ["scarf"])
            .THEN_Enqueued(SaveCart(items: ["scarf"]))
            .WHEN_EffectCompletes(SaveCart.self, with: 1)
            .THEN(\.savedCount, equals: 1)
            .THEN(\.middlewareSaw, equals: ["add(\"scarf\")", "saved(1)"])
            .WHEN(.writeNote)
            .WHEN(\.note, .write("thanks"))
            .THEN(\.note?.text, equals: "thanks (1 items)")
            .runTest()
        }
        #expect(failures == [])
    }

    @Test func aFailedCheckOnASubclassNamesItsDynamicType() throws {
        let failures = try capturingFailures {
            try GiftCart.GIVEN { GiftCart() }
                .WHEN(.add("hat"))
                .THEN(\.wrapped, equals: true)
                .runTest()
        }
        #expect(failures.count == 1)
        #expect(failures.first.map { "\($0)".contains("GiftCart") } == true, "\(failures)")
    }
}
