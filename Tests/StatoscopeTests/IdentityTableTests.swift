import Statoscope
import Testing

/// The table keyed by object identity, checked against `Dictionary` over random operations.
struct IdentityTableTests {
    final class Key {}

    @Test func randomInsertsUpdatesAndRemovalsMatchADictionary() {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<2_000).map { _ in Key() }
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        for step in 0..<50_000 {
            let id = ObjectIdentifier(keys[Int.random(in: 0..<keys.count, using: &generator)])
            if Bool.random(using: &generator) {
                #expect(table.updateValue(step, forKey: id) == model.updateValue(step, forKey: id))
            } else {
                #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id))
            }
            #expect(table.count == model.count)
        }
        for key in keys {
            #expect(table[ObjectIdentifier(key)] == model[ObjectIdentifier(key)])
        }
        #expect(Set(table.allKeys) == Set(model.keys))
        #expect(table.allValues.sorted() == model.values.sorted())
    }

    @Test func removingEveryKeyEmptiesTheTable() {
        let keys = (0..<1_000).map { _ in Key() }
        var table = IdentityTable<Void>(minimumCapacity: 10)
        for key in keys { table[ObjectIdentifier(key)] = () }
        #expect(table.count == 1_000)
        for key in keys.reversed() { table[ObjectIdentifier(key)] = nil }
        #expect(table.isEmpty)
        #expect(keys.allSatisfy { table[ObjectIdentifier($0)] == nil })
    }

    @Test func aTableThatHeldABurstGivesItsRoomBackAndKeepsWhatIsLeft() {
        let keys = (0..<10_000).map { _ in Key() }
        var table = IdentityTable<Int>()
        for (index, key) in keys.enumerated() { table[ObjectIdentifier(key)] = index }
        let burst = table.capacity
        table.shrinkIfSparse()
        #expect(table.capacity == burst, "a full table keeps its room")
        for key in keys.dropFirst(100) { table[ObjectIdentifier(key)] = nil }
        table.shrinkIfSparse()
        #expect(table.capacity < burst / 16, "room for \(table.capacity) entries after the burst of 10,000")
        #expect(table.count == 100)
        for (index, key) in keys.prefix(100).enumerated() {
            #expect(table[ObjectIdentifier(key)] == index)
        }
        #expect(table[ObjectIdentifier(keys[500])] == nil)
    }
}
