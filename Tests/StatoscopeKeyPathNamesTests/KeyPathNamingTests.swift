import Observation
import StatoscopeKeyPathNames
import Testing

// How a computed key path component gets its name: the demangled symbol of its getter, read from the
// binary, with a readable fallback where no symbol names it.

@Suite struct KeyPathNamingTests {
    @Test(arguments: [
        ("key path getter for App.Counter.count : Swift.Int : App.Counter", "count"),
        ("key path getter for App.Box<Swift.Int>.value : Swift.Int : App.Box<Swift.Int>", "value"),
        ("key path getter for App.Outer.Inner.isOn : Swift.Bool : App.Outer.Inner", "isOn"),
    ])
    func thePropertyIsTheLastComponentOfTheGetterSymbol(_ demangled: String, _ name: String) {
        #expect(GetterSymbols.property(inKeyPathGetter: demangled) == name)
    }

    @Test func aSubscriptOrAnotherSymbolHasNoName() {
        #expect(
            GetterSymbols.property(
                inKeyPathGetter: "key path getter for App.Grid.subscript(Swift.Int) -> Swift.Int : App.Grid")
                == nil)
        #expect(GetterSymbols.property(inKeyPathGetter: "App.Counter.count.getter : Swift.Int") == nil)
    }

    @MainActor
    @Test func observablePropertiesAreNamedAndPlainOnesKeepTheirNames() {
        #expect(
            KeyPathNames.readableDescription(of: \NamedProfile.followerCount)
                == "\\NamedProfile.followerCount")
        #expect(KeyPathNames.readableDescription(of: \NamedCart.items) == "\\NamedCart.items")
        #expect(
            KeyPathNames.readableDescription(of: \NamedProfile.badges.count)
                == "\\NamedProfile.badges.count")
    }

    @MainActor
    @Test func theStandardLibrarysDescriptionIsKeptWhereItNamesEveryComponent() {
        // Swift 6.3.1 prints stored properties by name and computed ones by their getter's address.
        #expect(String(describing: \NamedCart.items) == "\\NamedCart.items")
        #expect(String(describing: \NamedProfile.followerCount).contains("<computed 0x"))
    }
}

@Observable
final class NamedProfile {
    var followerCount = 0
    var badges: [String] = []
}

final class NamedCart {
    var items: [String] = []
}
