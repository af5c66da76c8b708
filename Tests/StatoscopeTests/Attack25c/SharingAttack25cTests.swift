import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Attacks on how *Sharing and persisting state* names a key's file from its precomposed form (Hangul
// syllables and jamo, singletons, characters Unicode composed only lately, names whose precomposed
// form is longer than the name at the 255-byte limit), and on `InMemoryStorage`'s copies kept aside.

/// Two names Swift holds equal, with what the pair is.
struct A25cNamePair: Sendable, CustomTestStringConvertible {
    let what: String
    let first: String
    let second: String
    var testDescription: String { what }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SharingAttack25cTests: KeyFileProbing {
    // MARK: - Names Swift holds equal are one file

    nonisolated static let pairsThatCompose = [
        A25cNamePair(
            what: "Hangul L V jamo and their syllable", first: "\u{1100}\u{1161}", second: "\u{AC00}"),
        A25cNamePair(
            what: "Hangul L V T jamo and their syllable", first: "\u{1100}\u{1161}\u{11A8}",
            second: "\u{AC01}"),
        A25cNamePair(what: "ohm sign and omega", first: "\u{2126}", second: "\u{3A9}"),
        A25cNamePair(what: "angstrom sign and A with ring", first: "\u{212B}", second: "\u{C5}"),
        A25cNamePair(what: "marks in either order", first: "a\u{323}\u{307}", second: "a\u{307}\u{323}"),
        A25cNamePair(what: "an excluded composition", first: "\u{958}", second: "\u{915}\u{93C}"),
    ]

    @Test(arguments: pairsThatCompose)
    func namesSwiftHoldsEqualShareOneFile(pair: A25cNamePair) async {
        #expect(pair.first == pair.second)
        let directory = temporaryDirectory()
        #expect(await save(pair.first, 5, in: directory).isEmpty)
        #expect(load(pair.second, in: directory) == 5, "\(fileNames(in: directory))")
        #expect(await save(pair.second, 6, in: directory).isEmpty)
        #expect(fileNames(in: directory).count == 1, "\(fileNames(in: directory))")
        #expect(load(pair.first, in: directory) == 6)
    }

    /// Pairs that Swift's own Unicode tables hold equal, and Foundation's precomposed form on Linux
    /// does not compose alike: a Hangul LV syllable followed by a trailing jamo, and letters Unicode 16
    /// composed (Kirat Rai, Todhri, Tulu-Tigalari, Gurung Khema).
    nonisolated static let pairsFoundationLeavesApart = [
        A25cNamePair(what: "Hangul LV syllable and T jamo", first: "\u{AC00}\u{11A8}", second: "\u{AC01}"),
        A25cNamePair(what: "Kirat Rai vowel sign AI", first: "\u{16D68}", second: "\u{16D67}\u{16D67}"),
        A25cNamePair(what: "Todhri letter EI", first: "\u{105C9}", second: "\u{105D2}\u{307}"),
        A25cNamePair(what: "Tulu-Tigalari letter II", first: "\u{11383}", second: "\u{11382}\u{113C9}"),
        A25cNamePair(what: "Gurung Khema vowel sign", first: "\u{16121}", second: "\u{1611E}\u{1611E}"),
    ]

    @Test(arguments: pairsFoundationLeavesApart)
    func namesSwiftHoldsEqualShareOneFileWhateverTheirScript(pair: A25cNamePair) async {
        #expect(pair.first == pair.second, "one key to Swift and to a store")
        let directory = temporaryDirectory()
        #expect(await save(pair.first, 5, in: directory).isEmpty)
        #expect(await save(pair.second, 6, in: directory).isEmpty)
        let names = fileNames(in: directory)
        #expect(names.count == 1, "\(names)")
        #expect(load(pair.first, in: directory) == 6, "\(names)")
    }

    @Test func aStoreHoldsNamesSwiftHoldsEqualAsOneKeyWhateverTheirScript() {
        let store = SharedStore(storage: InMemoryStorage())
        let syllables = A25Reader(SharedKey<Int>.persisted("\u{AC01}", default: 0))
        let jamo = A25Reader(SharedKey<Int>.persisted("\u{AC00}\u{11A8}", default: 0))
        syllables.inject(store)
        jamo.inject(store)
        syllables.send(.set(4))
        #expect(jamo.value == 4)
    }

    @Test func namesDifferentToSwiftNeverShareAFileWhateverTheirNormalization() async {
        // Compatibility forms (NFKC would merge them) and look-alikes differ to Swift: each keeps its own.
        let names = [
            "\u{FB01}", "fi", "\u{2460}", "1", "\u{1E9B}", "\u{1E61}", "\u{AC01}", "\u{AC00}", "\u{1100}",
        ]
        #expect(Set(names).count == names.count)
        let directory = temporaryDirectory()
        for (index, name) in names.enumerated() {
            #expect(await save(name, index + 1, in: directory).isEmpty)
        }
        #expect(fileNames(in: directory).count == names.count, "\(fileNames(in: directory))")
        for (index, name) in names.enumerated() {
            #expect(load(name, in: directory) == index + 1, "\(name.unicodeScalars.map(\.value))")
        }
    }

    // MARK: - The limit applies to the file name used

    /// U+0958 is 3 bytes, and its precomposed form two characters of 3 bytes: 18 bytes once encoded.
    @Test func aNameWhosePrecomposedFileNameIsExactly255BytesSaves() async {
        let name = String(repeating: "\u{958}", count: 13) + String(repeating: "k", count: 16)
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.isEmpty, "\(reports.map(\.description))")
        #expect(fileNames(in: directory).map(\.utf8.count) == [255], "\(fileNames(in: directory))")
        #expect(load(name, in: directory) == 7)
    }

    @Test func aNameWhosePrecomposedFileNameIs256BytesIsReportedWithThatSize() async {
        let name = String(repeating: "\u{958}", count: 13) + String(repeating: "k", count: 17)
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.count == 1, "\(reports.map(\.description))")
        let notSaved = reports.first?.error as? SharedValueNotSaved
        #expect(notSaved?.key == name)
        #expect(notSaved?.reason.contains("256 bytes") == true, "\(String(describing: notSaved?.reason))")
        #expect(notSaved?.reason.contains(directory.path) == true, "\(String(describing: notSaved?.reason))")
        #expect(fileNames(in: directory).isEmpty, "\(fileNames(in: directory))")
    }

    @Test func aDecomposedNameThatFitsOnlyOncePrecomposedSaves() async {
        // e and a combining acute: 7 bytes encoded as written, 6 precomposed; 40 of them are 280 and 240.
        let name = String(repeating: "e\u{301}", count: 40)
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.isEmpty, "\(reports.map(\.description))")
        #expect(fileNames(in: directory).map(\.utf8.count) == [245], "\(fileNames(in: directory))")
        #expect(load(String(repeating: "\u{E9}", count: 40), in: directory) == 7)
    }

    // MARK: - InMemoryStorage's copies kept aside

    @Test func copiesOfNamesThatLookLikeCopiesNeverReplaceOneAnother() {
        let storage = InMemoryStorage()
        let names = ["a", "a.unreadable", "a.unreadable-2", "a-2", "a.unreadable-2.unreadable", ""]
        var locations: [String: Data] = [:]
        for round in 1...3 {
            for name in names {
                let data = Data("\(name)#\(round)".utf8)
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

    @Test func aFileStoragesCopiesOfOneNameAreNeverOverwritten() throws {
        let directory = temporaryDirectory()
        let storage = JSONFileStorage(directory: directory)
        let name = "caf\u{E9}.unreadable-2"
        var kept: [String: Data] = [:]
        for round in 1...3 {
            let data = Data("round \(round) {".utf8)
            try storage.save(data, as: round == 2 ? "cafe\u{301}.unreadable-2" : name)
            let location = try storage.keepAside(name)
            #expect(kept[location] == nil, "\(location) was handed out twice")
            kept[location] = data
        }
        let base = directory.appendingPathComponent("caf%C3%A9.unreadable-2.json").path
        #expect(Set(kept.keys) == [base + ".unreadable", base + ".unreadable-2", base + ".unreadable-3"])
        for (location, data) in kept {
            #expect(try Data(contentsOf: URL(fileURLWithPath: location)) == data, "\(location)")
        }
        #expect(try storage.load(name) == Data("round 3 {".utf8))
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
