import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// Copies kept aside of unreadable values: beside an encoded name's file, byte for byte; under a name
/// that fits in the directory; never overwritten, whether two long names are damaged at once, a name
/// looks like a copy, or copies are kept from many threads at once, in a file storage or in memory.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct KeptAsideCopyTests: KeyFileProbing {
    @Test func anEncodedNamesUnreadableFileIsKeptAsideBesideItByteForByte() async throws {
        let directory = temporaryDirectory()
        let name = "../notes"
        let file = directory.appendingPathComponent("%2E.%2Fnotes.json")
        let damage = Data("{ damaged".utf8)
        try damage.write(to: file)
        let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
        reader.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 0)
        let unreadable = try #require(reports.reports.first?.error as? SharedValueUnreadable)
        #expect(unreadable.key == name)
        #expect(unreadable.keptAside == file.path + ".unreadable", "\(unreadable)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".unreadable")) == damage)
        #expect(fileNames(in: directory.deletingLastPathComponent()).contains(directory.lastPathComponent))
    }

    @Test func anUnreadableFileOf255BytesIsKeptAsideUnderANameThatFitsInTheDirectory() async throws {
        let directory = temporaryDirectory()
        let name = String(repeating: "k", count: 247) + "%"
        let file = directory.appendingPathComponent(String(repeating: "k", count: 247) + "%25.json")
        let damage = Data("[ damaged".utf8)
        try damage.write(to: file)
        let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
        reader.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 0)
        let kept = try #require((reports.reports.first?.error as? SharedValueUnreadable)?.keptAside)
        let keptURL = URL(fileURLWithPath: kept)
        #expect(
            keptURL.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path
        )
        #expect(keptURL.lastPathComponent.utf8.count <= 255)
        #expect(try Data(contentsOf: keptURL) == damage)
    }

    // Two long names that differ only past the part a kept-aside name keeps: each damaged file's
    // bytes must survive, "kept aside before anything overwrites it".
    @Test func twoLongNamesDamagedAtOnceKeepBothCopiesAside() async throws {
        let directory = temporaryDirectory()
        let stem = String(repeating: "k", count: 249)
        let names = [stem + "a", stem + "b"]
        let damages = [Data("first {".utf8), Data("second [".utf8)]
        for (name, damage) in zip(names, damages) {
            try damage.write(to: directory.appendingPathComponent(name + ".json"))
        }
        for (index, name) in names.enumerated() {
            let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
            let store = SharedStore(storage: JSONFileStorage(directory: directory))
            reader.inject(store)
            #expect(reader.value == 0)
            reader.send(.set(index + 1))
            await store.flush()
        }
        var contents: Set<Data> = []
        for file in fileNames(in: directory) {
            if let data = try? Data(contentsOf: directory.appendingPathComponent(file)) {
                contents.insert(data)
            }
        }
        #expect(contents.contains(damages[1]), "\(fileNames(in: directory))")
        #expect(
            contents.contains(damages[0]),
            "the first damaged file's copy was overwritten: \(fileNames(in: directory))")
        #expect(load(names[0], in: directory) == 1)
        #expect(load(names[1], in: directory) == 2)
    }

    @Test func aFileStoragesCopiesOfOneNameAreNeverOverwritten() throws {
        let directory = temporaryDirectory()
        let storage = JSONFileStorage(directory: directory)
        let name = "caf\u{E9}.unreadable-2"
        var kept: [String: Data] = [:]
        for pass in 1...3 {
            let data = Data("pass \(pass) {".utf8)
            try storage.save(data, as: pass == 2 ? "cafe\u{301}.unreadable-2" : name)
            let location = try storage.keepAside(name)
            #expect(kept[location] == nil, "\(location) was handed out twice")
            kept[location] = data
        }
        let base = directory.appendingPathComponent("caf%C3%A9.unreadable-2.json").path
        #expect(Set(kept.keys) == [base + ".unreadable", base + ".unreadable-2", base + ".unreadable-3"])
        for (location, data) in kept {
            #expect(try Data(contentsOf: URL(fileURLWithPath: location)) == data, "\(location)")
        }
        #expect(try storage.load(name) == Data("pass 3 {".utf8))
    }

    // MARK: InMemoryStorage's copies

    @Test func copiesOfNamesThatLookLikeCopiesNeverReplaceOneAnother() {
        let storage = InMemoryStorage()
        let names = ["a", "a.unreadable", "a.unreadable-2", "a-2", "a.unreadable-2.unreadable", ""]
        var locations: [String: Data] = [:]
        for pass in 1...3 {
            for name in names {
                let data = Data("\(name)#\(pass)".utf8)
                storage.save(data, as: name)
                let location = storage.keepAside(name)
                #expect(locations[location] == nil, "\(location) was handed out twice")
                locations[location] = data
            }
        }
        #expect(locations.count == names.count * 3)
        for (location, data) in locations {
            #expect(storage.keptAside(at: location) == data, "\(location)")
        }
        for name in names {
            #expect(storage.keptAside(name) == Data("\(name)#3".utf8), "the latest copy of \(name)")
        }
        #expect(storage.keptAside("a.unreadable-4") == nil)
    }

    @Test func copiesKeptAsideAtOnceFromManyThreadsAreAllKept() async {
        let storage = InMemoryStorage()
        storage.save(Data("x".utf8), as: "x")
        let locations = await withTaskGroup(of: String.self) { group in
            for _ in 0..<200 {
                group.addTask { storage.keepAside("x") }
            }
            var all: [String] = []
            for await location in group { all.append(location) }
            return all
        }
        #expect(Set(locations).count == 200)
        #expect(locations.allSatisfy { storage.keptAside(at: $0) == Data("x".utf8) })
        #expect(Set(locations).contains("memory:x.unreadable-200"))
    }

    @Test func aCopyKeptAsideIsNotChangedByLaterSavesOrReplacements() {
        let storage = InMemoryStorage()
        storage.save(Data("one".utf8), as: "k")
        let first = storage.keepAside("k")
        storage.save(Data("two".utf8), as: "k")
        storage.replace("k", with: nil)
        let second = storage.keepAside("k")
        #expect(storage.keptAside(at: first) == Data("one".utf8))
        #expect(second == "memory:k.unreadable-2")
        #expect(storage.load("k") == nil)
    }

    // "given a key's name, the latest copy kept aside of it": a key whose name is another key's
    // copy's place.
    @Test func aKeyNamedLikeAnotherKeysCopyGetsItsOwnLatestCopy() {
        let storage = InMemoryStorage()
        storage.save(Data("other".utf8), as: "x")
        let othersCopy = storage.keepAside("x")
        #expect(othersCopy == "memory:x.unreadable")
        storage.save(Data("mine".utf8), as: othersCopy)
        #expect(storage.keepAside(othersCopy) == "memory:memory:x.unreadable.unreadable")
        #expect(storage.keptAside(othersCopy) == Data("mine".utf8))
        #expect(storage.keptAside("x") == Data("other".utf8))
    }
}
