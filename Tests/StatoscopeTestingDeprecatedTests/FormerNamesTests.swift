import Statoscope
import XCTest

// The library's own former names, renamed to say what they do. Each warns that it is deprecated and
// names its replacement (CI checks the warnings), and each still does what it did.

@MainActor
final class Till: Scope {
    @Injected var rate: TaxRate
    var total = 0

    enum When {
        case ring(Int)
        case refuse
    }

    struct Refused: Error {}

    func update(_ when: When) throws {
        switch when {
        case .ring(let amount): total += amount * rate.percent / 100
        case .refuse: throw Refused()
        }
    }

    var effectsHandle: EffectsState<Till> { effectsState }
}

struct TaxRate: Injectable {
    static let defaultValue = TaxRate(percent: 100)
    let percent: Int
}

final class FormerNamesTests: XCTestCase {
    @MainActor
    func testSendUnsafeThrowsWhatUpdateThrew() async {
        let till = Till()
        XCTAssertThrowsError(try till.sendUnsafe(.refuse)) { error in
            XCTAssertTrue(error is Till.Refused, "sendUnsafe threw \(error)")
        }
        XCTAssertNoThrow(try till.sendUnsafe(.ring(10)))
        XCTAssertEqual(till.total, 10)
    }

    @MainActor
    func testInjectObjectInjectsTheValue() async {
        let till = Till()
        till.injectObject(TaxRate(percent: 50))
        till.send(.ring(10))
        XCTAssertEqual(till.total, 5)
    }

    @MainActor
    func testEffectsStateIsTheScopesEffects() async {
        let till = Till()
        XCTAssertTrue(till.effectsHandle.effects.isEmpty)
    }
}
