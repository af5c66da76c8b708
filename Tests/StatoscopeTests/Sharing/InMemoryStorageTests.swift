import Foundation
import Statoscope
import Testing

/// `InMemoryStorage` keeps the promises of every storage: a copy kept aside is never overwritten.
@Suite struct InMemoryStorageTests {
    @Test func aSecondCopyKeptAsideOfOneNameLeavesTheFirstInPlace() throws {
        let first = Data("first damage".utf8)
        let second = Data("second damage".utf8)
        let storage = InMemoryStorage(saved: ["settings": first])
        let firstPlace = storage.keepAside("settings")
        storage.replace("settings", with: second)
        let secondPlace = storage.keepAside("settings")

        #expect(firstPlace == "memory:settings.unreadable")
        #expect(secondPlace == "memory:settings.unreadable-2")
        #expect(storage.keptAside(at: firstPlace) == first)
        #expect(storage.keptAside(at: secondPlace) == second)
        #expect(storage.keptAside("settings") == second)
        #expect(storage.keptAside("other") == nil)
        #expect(storage.keptAside(at: "memory:other.unreadable") == nil)
    }
}
