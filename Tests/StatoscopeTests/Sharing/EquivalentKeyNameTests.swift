import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// Two names Swift holds equal, with what the pair is.
struct EqualNamePair: Sendable, CustomTestStringConvertible {
    let what: String
    let first: String
    let second: String
    var testDescription: String { what }
}

/// Names that look alike: names Swift holds equal are one key, saved to one file whatever their script
/// and however Foundation normalizes them; names Swift holds different (in case, in compatibility forms,
/// look-alikes) never share a file.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EquivalentKeyNameTests: KeyFileProbing {
    @Test func namesDifferingOnlyInCaseKeepTheirOwnValuesOnACaseSensitiveFileSystem() async {
        let directory = temporaryDirectory()
        #expect(await save("Theme", 1, in: directory).isEmpty)
        #expect(await save("theme", 2, in: directory).isEmpty)
        #expect(await save("THEME", 3, in: directory).isEmpty)
        let probe = directory.appendingPathComponent("theme.json").path
        let caseSensitive =
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("THEME.JSON").path)
            && FileManager.default.fileExists(atPath: probe)
        guard caseSensitive else { return }
        #expect(fileNames(in: directory) == ["THEME.json", "Theme.json", "theme.json"])
        #expect(load("Theme", in: directory) == 1)
        #expect(load("theme", in: directory) == 2)
        #expect(load("THEME", in: directory) == 3)
    }

    // Swift holds "café" written with a precomposed é and with e and a combining accent to be one
    // String: a key named either way is one key to the app, so what one run saved, the next loads.
    @Test func namesSwiftHoldsEqualLoadWhatTheOtherSaved() async {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let directory = temporaryDirectory()
        #expect(await save(composed, 5, in: directory).isEmpty)
        #expect(load(decomposed, in: directory) == 5, "\(fileNames(in: directory))")
        #expect(fileNames(in: directory) == ["caf%C3%A9.json"])
        #expect(load(composed, in: directory) == 5)
    }

    @Test func twoScopesReadingKeysSwiftHoldsEqualShareOneValueInOneStore() async {
        let store = SharedStore(storage: InMemoryStorage())
        let composed = KeyReader(SharedKey<Int>.persisted("caf\u{E9}", default: 0))
        let decomposed = KeyReader(SharedKey<Int>.persisted("cafe\u{301}", default: 0))
        composed.inject(store)
        decomposed.inject(store)
        composed.send(.set(9))
        #expect(decomposed.value == composed.value)
    }

    nonisolated static let pairsThatCompose = [
        EqualNamePair(
            what: "Hangul L V jamo and their syllable", first: "\u{1100}\u{1161}", second: "\u{AC00}"),
        EqualNamePair(
            what: "Hangul L V T jamo and their syllable", first: "\u{1100}\u{1161}\u{11A8}",
            second: "\u{AC01}"),
        EqualNamePair(what: "ohm sign and omega", first: "\u{2126}", second: "\u{3A9}"),
        EqualNamePair(what: "angstrom sign and A with ring", first: "\u{212B}", second: "\u{C5}"),
        EqualNamePair(what: "marks in either order", first: "a\u{323}\u{307}", second: "a\u{307}\u{323}"),
        EqualNamePair(what: "an excluded composition", first: "\u{958}", second: "\u{915}\u{93C}"),
    ]

    @Test(arguments: pairsThatCompose)
    func namesSwiftHoldsEqualShareOneFile(pair: EqualNamePair) async {
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
        EqualNamePair(what: "Hangul LV syllable and T jamo", first: "\u{AC00}\u{11A8}", second: "\u{AC01}"),
        EqualNamePair(what: "Kirat Rai vowel sign AI", first: "\u{16D68}", second: "\u{16D67}\u{16D67}"),
        EqualNamePair(what: "Todhri letter EI", first: "\u{105C9}", second: "\u{105D2}\u{307}"),
        EqualNamePair(what: "Tulu-Tigalari letter II", first: "\u{11383}", second: "\u{11382}\u{113C9}"),
        EqualNamePair(what: "Gurung Khema vowel sign", first: "\u{16121}", second: "\u{1611E}\u{1611E}"),
    ]

    @Test(arguments: pairsFoundationLeavesApart)
    func namesSwiftHoldsEqualShareOneFileWhateverTheirScript(pair: EqualNamePair) async {
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
        let syllables = KeyReader(SharedKey<Int>.persisted("\u{AC01}", default: 0))
        let jamo = KeyReader(SharedKey<Int>.persisted("\u{AC00}\u{11A8}", default: 0))
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
}
