import Statoscope
import StatoscopeTesting
import XCTest

// The earlier Statoscope's spellings of the effect verbs, as its users' tests wrote them. Each warns
// that it is deprecated and names its replacement (CI checks the warnings), and each still checks
// what it checked.

@MainActor
final class Basket: Scope {
    var items: [String] = []
    @Subscope var shipping = Shipping()
    @Subscope var coupon: Coupon? = Coupon()

    enum When {
        case userAdds(String)
        case saved(Int)
    }

    struct SaveBasket: Effect, Equatable {
        let items: [String]
        func runEffect() async throws -> Int { items.count }
    }

    func update(_ when: When) throws {
        switch when {
        case .userAdds(let item):
            items.append(item)
            effectsState.enqueue(SaveBasket(items: items).map(When.saved))
            shipping.effectsState.enqueue(
                Shipping.Quote(weight: items.count).map { _ in Shipping.When.quoted })
            coupon?.effectsState.enqueue(Shipping.Quote(weight: 0).map { _ in Coupon.When.checked })
        case .saved:
            break
        }
    }
}

@MainActor
final class Shipping: Scope {
    enum When { case quoted }

    struct Quote: Effect, Equatable {
        let weight: Int
        func runEffect() async throws -> Int { weight }
    }

    func update(_ when: When) throws {}
}

@MainActor
final class Coupon: Scope {
    enum When { case checked }
    func update(_ when: When) throws {}
}

final class EarlierSpellingsTests: XCTestCase {
    func testTheEarlierSpellingsCheckWhatTheyChecked() throws {
        try Basket.GIVEN { Basket() }
            .THEN_NoEnquedEffect(Basket.SaveBasket.self)
            .WHEN(.userAdds("tea"))
            .THEN_EnquedEffect(Basket.SaveBasket(items: ["tea"]))
            .THEN_EnquedEffect(\Basket.SaveBasket.items, equals: ["tea"])
            .THEN_EnquedEffect(parameter: \Basket.SaveBasket.items.count, equals: 1)
            .THEN_Enqued(\.shipping, effect: Shipping.Quote(weight: 1))
            .THEN_Enqued(\.coupon, effect: Shipping.Quote(weight: 0))
            .THEN_EnquedEffect(\.shipping, parameter: \Shipping.Quote.weight, equals: 1)
            .THEN_EnquedEffect(\.coupon, parameter: \Shipping.Quote.weight, equals: 0)
            .THEN_NoEnquedEffect(\.shipping, Basket.SaveBasket.self)
            .THEN_NoEnquedEffect(\.coupon, Basket.SaveBasket.self)
            .runTest()
    }

    func testTheEarlierSpellingsFailWithTheNewNames() throws {
        let failures = try capturingFailures {
            try Basket.GIVEN { Basket() }
                .WHEN(.userAdds("tea"))
                .THEN_NoEnquedEffect(Basket.SaveBasket.self)
                .THEN_EnquedEffect(Basket.SaveBasket(items: ["milk"]))
                .THEN_Enqued(\.shipping, effect: Shipping.Quote(weight: 9))
                .runTest()
        }
        XCTAssertEqual(failures.map(\.kind), [.unexpectedEffect, .missingEffect, .missingEffect])
        XCTAssertEqual(failures.map(\.location.line), [#line - 6, #line - 5, #line - 4])
        XCTAssertTrue(failures[0].message.hasPrefix("THEN_NotEnqueued(SaveBasket.self) on Basket failed"))
        XCTAssertTrue(failures[1].message.hasPrefix("THEN_Enqueued on Basket: no pending effect equals"))
        XCTAssertTrue(
            failures[2].message.hasPrefix("THEN_Enqueued on Basket.shipping: no pending effect equals"))
    }
}
