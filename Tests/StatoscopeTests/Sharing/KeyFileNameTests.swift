import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// How `JSONFileStorage` names the file of each key: one file per name, directly inside its directory.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct KeyFileNameTests: KeyFileProbing {
    @Test func aNameOfSafeCharactersKeepsTheFileNameItHadSoASavedValueStillLoads() async throws {
        let directory = temporaryDirectory()
        // As a run before the names were encoded saved them.
        for name in ["fontSize", "theme-2", "user_settings.v1", "A.b-c_9"] {
            try Data(#"{"value":5,"version":1}"#.utf8).write(
                to: directory.appendingPathComponent(name + ".json"))
            #expect(load(name, in: directory) == 5, "\(name)")
        }
        #expect(await save("fontSize", in: directory).isEmpty)
        #expect(
            fileNames(in: directory) == [
                "A.b-c_9.json", "fontSize.json", "theme-2.json", "user_settings.v1.json",
            ])
    }

    @Test func everyOtherNameIsPercentEncodedIntoOneFileDirectlyInsideTheDirectory() async {
        let directory = temporaryDirectory()
        let names = [
            "../up", "/absolute", "a/b", #"a\b"#, "", ".", "..", ".hidden", "100%", "%25", "a b",
            "tab\tnew\nline",
            "nul\u{0}byte", "ü-😀-名前",
        ]
        for name in names { #expect(await save(name, in: directory).isEmpty, "\(name)") }
        #expect(
            fileNames(in: directory)
                == [
                    "%.json", "%2525.json", "%2E..json", "%2E.json", "%2E.%2Fup.json", "%2Ehidden.json",
                    "%2Fabsolute.json", "100%25.json", "a%20b.json", "a%2Fb.json", "a%5Cb.json",
                    "nul%00byte.json", "tab%09new%0Aline.json", "%C3%BC-%F0%9F%98%80-%E5%90%8D%E5%89%8D.json",
                ].sorted())
        for name in names { #expect(load(name, in: directory) == 7, "\(name)") }
    }

    @Test func distinctNamesNeverShareAFile() async {
        let directory = temporaryDirectory()
        // Pairs that a simpler escape would merge.
        let names = ["a%2Fb", "a/b", "%2E", ".", "%", "", "%25", "a.json", "a", ".a", "%2Ea"]
        for (index, name) in names.enumerated() {
            let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
            let store = SharedStore(storage: JSONFileStorage(directory: directory))
            reader.inject(store)
            // Not the default, 0: writing the value held is no change, and saves nothing.
            reader.send(.set(index + 1))
            await store.flush()
        }
        #expect(fileNames(in: directory).count == names.count, "\(fileNames(in: directory))")
        for (index, name) in names.enumerated() { #expect(load(name, in: directory) == index + 1, "\(name)") }
    }

    @Test func aNameWhoseFileNameIsTooLongIsReportedNamingTheKeyAndTheDirectoryAndWritesNothing() async {
        let directory = temporaryDirectory()
        let name = String(repeating: "k", count: 300)
        let reports = await save(name, in: directory)
        #expect(reports.count == 1)
        let notSaved = reports.first?.error as? SharedValueNotSaved
        #expect(notSaved?.key == name)
        #expect(
            notSaved?.reason
                == "the key \"\(name)\" needs a file name of 305 bytes in \(directory.path), longer than the 255 "
                + "file systems allow: give the key a shorter name")
        #expect(fileNames(in: directory).isEmpty)
        #expect(load(name, in: directory) == 0)
    }

    @Test func theLongestNamesThatFitStillSave() async {
        let directory = temporaryDirectory()
        let plain = String(repeating: "k", count: 250)
        let encoded = String(repeating: "é", count: 41)  // 82 bytes, 246 once encoded
        #expect(await save(plain, in: directory).isEmpty)
        #expect(await save(encoded, in: directory).isEmpty)
        #expect(load(plain, in: directory) == 7)
        #expect(load(encoded, in: directory) == 7)
    }

    @Test func anUnreadableFileOfALongNameIsKeptAsideUnderANameThatFits() async throws {
        let directory = temporaryDirectory()
        let name = String(repeating: "k", count: 250)
        let file = directory.appendingPathComponent(name + ".json")
        let damage = Data("damaged {".utf8)
        try damage.write(to: file)
        let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
        reader.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 0)
        let unreadable = reports.reports.first?.error as? SharedValueUnreadable
        let kept = try #require(unreadable?.keptAside)
        #expect(
            URL(fileURLWithPath: kept).lastPathComponent == String(repeating: "k", count: 244) + ".unreadable"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == damage)
    }
}
