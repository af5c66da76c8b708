import Foundation
import Statoscope
import Testing

/// A scope whose events carry a page number, and one whose text can be any length.
@MainActor
final class ShipLog: Scope {
    var pages: [Int] = []
    var note = ""
    @Sensitive var pin = ""

    enum When: Codable, Sendable {
        case write(Int)
        case note(String)
        case setPin(Sensitive<String>)
        case slow(SlowToWrite)
    }

    func update(_ when: When) throws {
        switch when {
        case .write(let page): pages.append(page)
        case .note(let text): note = text
        case .setPin(let pin): self.pin = pin.value
        case .slow(let slow): pages.append(slow.page)
        }
    }
}

/// A page whose encoding takes 50 ms: a surviving recorder's writer falls behind while it writes it.
struct SlowToWrite: Codable, Sendable {
    let page: Int

    init(page: Int) { self.page = page }

    init(from decoder: any Decoder) throws {
        page = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        usleep(50_000)
        var container = encoder.singleValueContainer()
        try container.encode(page)
    }
}

/// A scope whose type's name is as long as its nesting makes it.
@MainActor
final class Matryoshka<Inner>: Scope {
    enum When: Codable, Sendable { case poke }
    func update(_ when: When) throws {
        effectsState.enqueue(MatryoshkaLookUp<Inner>().map { _ in When.poke })
    }
}

struct MatryoshkaLookUp<Inner>: Effect {
    func runEffect() async throws -> Int { 1 }
}

/// A scope's type whose name is longer than a slot of 512 bytes holds.
typealias LongMatryoshka = Matryoshka<(Matryoshka4x, Matryoshka4x, Matryoshka4x, Matryoshka4x, Matryoshka4x)>
typealias Matryoshka4x = Matryoshka<(Matryoshka4, Matryoshka4, Matryoshka4, Matryoshka4)>
typealias Matryoshka4 = Matryoshka<Matryoshka<Matryoshka<Matryoshka<Int>>>>

/// The layout a surviving flight recording's file has, as its format documents it: what these
/// tests damage on purpose.
private enum Layout {
    static let headerSize = 4_096
    static let lastSequence = 48
    static let handedOver = 64
    /// A slot's size for lines of at most `maximumLineLength` bytes.
    static func slotSize(_ maximumLineLength: Int) -> Int { 40 + maximumLineLength }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(20)))
final class SurvivingFlightRecordingTests {
    /// A folder of each test's own, removed after it.
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-surviving-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    private func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Checks that reading the file at `url` is refused with `message`.
    private func expectRefusal(
        of url: URL, saying message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            try FlightRecordingFile(contentsOf: url)
        } throws: { error in
            "\(error)" == message
        }
    }

    /// The kept events' page numbers, read from the recording's text.
    private func pages(in file: FlightRecordingFile) -> [Int] {
        file.jsonLines.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #"{"write":{"_0":"#) else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    @Test func aStoppedRecorderLeavesAFileEndedCleanlyThatReplaysToTheSameState() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(
            recording: logbook, keepingLast: 8, survivingIn: url("clean"), appVersion: "2.1 (301)")
        for page in 1...5 { logbook.send(.write(page)) }
        recorder.stop()
        logbook.send(.write(6))

        #expect(try FlightRecordingFile.leftByCrash(at: url("clean")) == nil)
        let file = try FlightRecordingFile(contentsOf: url("clean"))
        #expect(file.endedCleanly)
        #expect(file.appVersion == "2.1 (301)")
        #expect(file.signal == nil)
        #expect(file.droppedEventCount == 0)
        #expect(!file.droppedTornEntry)
        #expect(file.lastEventTime != nil)
        #expect(pages(in: file) == [1, 2, 3, 4, 5], "the event after stop() is not kept")
        let replayed = try file.recording.reproduce { ShipLog() }
        #expect(replayed.pages == [1, 2, 3, 4, 5])
    }

    @Test func aRecorderStillRunningLeavesAFileThatSaysItsRunDidNotEndCleanly() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 8, survivingIn: url("open"))
        logbook.send(.write(1))
        recorder.waitUntilWritten()
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url("open")))
        #expect(!crash.endedCleanly)
        #expect(pages(in: crash) == [1])
        #expect(try FlightRecordingFile.leftByCrash(at: url("absent")) == nil)
        try crash.delete()
        #expect(!FileManager.default.fileExists(atPath: url("open").path))
        try crash.delete()
        withExtendedLifetime(recorder) {}
    }

    @Test func theRingKeepsTheLastEntriesInOrderAcrossWraparound() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 3, survivingIn: url("ring"))
        for page in 1...7 { logbook.send(.write(page)) }
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url("ring"))
        #expect(pages(in: file) == [5, 6, 7])
        #expect(file.droppedEventCount == 4)
        let lines = file.jsonLines.split(separator: "\n")
        #expect(lines.first?.contains(#""dropped":4"#) == true, "\(lines)")
        #expect(
            lines.dropFirst().map { $0.prefix(7) } == [#"{"n":2,"#, #"{"n":3,"#, #"{"n":4,"#, #"{"n":5,"#])
        #expect {
            try file.recording
        } throws: { error in
            "\(error)"
                == "line 1: a flight recording that kept only its last events: the 4 before them are lost, so it cannot be replayed into a new tree"
        }
    }

    @Test func aCapacityOfOneKeepsTheLastEntry() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 1, survivingIn: url("one"))
        logbook.send(.write(1))
        logbook.send(.write(2))
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url("one"))
        #expect(pages(in: file) == [2])
        #expect(file.droppedEventCount == 1)
    }

    @Test(arguments: [0, -5, Int.min])
    func aCapacityBelowOneKeepsOne(capacity: Int) throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: capacity, survivingIn: url("low"))
        logbook.send(.write(1))
        logbook.send(.write(2))
        recorder.stop()
        #expect(pages(in: try FlightRecordingFile(contentsOf: url("low"))) == [2])
        let size = try FileManager.default.attributesOfItem(atPath: url("low").path)[.size] as? Int
        #expect(size == Layout.headerSize + Layout.slotSize(2_048))
    }

    @Test func theFileHasTheSizeItsCapacityAndLineLengthGiveIt() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(
            recording: logbook, keepingLast: 100, survivingIn: url("size"), maximumLineLength: 1_000)
        for page in 1...300 { logbook.send(.write(page)) }
        let size = try FileManager.default.attributesOfItem(atPath: url("size").path)[.size] as? Int
        #expect(size == Layout.headerSize + 100 * Layout.slotSize(1_000))
        withExtendedLifetime(recorder) {}
    }

    #if os(Linux)
        @Test func aFileTheDiskHasNoRoomForIsRefusedWhenTheRecorderStarts() throws {
            // Every write to /dev/full fails as a full disk does.
            let full = URL(fileURLWithPath: "/dev/full")
            #expect {
                try FlightRecorder(recording: ShipLog(), keepingLast: 4, survivingIn: full)
            } throws: { error in
                "\(error)"
                    == "cannot reserve \(Layout.headerSize + 4 * Layout.slotSize(2_048)) bytes for /dev/full: No space left on device"
            }
        }
    #endif

    @Test func anEventLongerThanASlotIsKeptAsAnUnrecordableLineThatSaysSo() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(
            recording: logbook, keepingLast: 4, survivingIn: url("huge"), maximumLineLength: 600)
        logbook.send(.write(1))
        logbook.send(.note(String(repeating: "x", count: 5_000)))
        logbook.send(.write(2))
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url("huge"))
        let lines = file.jsonLines.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(
            lines[2].contains(
                #""unrecordable":"its line would be 5062 bytes long; a surviving flight recording's lines hold at most 600""#
            ), "\(lines[2])")
        #expect(pages(in: file) == [1, 2])
        #expect {
            try file.recording
        } throws: { error in
            "\(error)".hasPrefix(
                "line 3: the event of ShipLog at ShipLog was not recorded: its line would be 5062 bytes long")
        }
    }

    @Test func entriesWhoseLinesCannotFitASlotEvenWithoutTheirValuesAreKeptAsLinesThatSaySo() throws {
        let nest = LongMatryoshka()
        #expect("\(LongMatryoshka.self)".utf8.count > 600)
        let recorder = try FlightRecorder(
            recording: nest, keepingLast: 4, survivingIn: url("nest"), maximumLineLength: 512)
        nest.send(.poke)
        recorder.stop()
        let lines = try FlightRecordingFile(contentsOf: url("nest")).jsonLines.split(separator: "\n")
        // A header, the event, its effect's steps so far (enqueued, perhaps started), the end line.
        #expect((4...5).contains(lines.count), "\(lines)")
        #expect(lines[1].hasPrefix(#"{"n":2,"path":[],"scope":"","unrecordable":"its line would be "#))
        #expect(
            lines[1].hasSuffix(#" bytes long, more than a slot of this file holds, even without its event"}"#)
        )
        for step in lines.dropFirst(2).dropLast() {
            #expect(step.contains(#","path":[],"scope":"","effect":"(its line would be "#), "\(step)")
            #expect(step.hasSuffix(#"more than a slot of this file holds)","step":"unknown"}"#))
        }
        #expect(lines.last == #"{"n":\#(lines.count),"end":{"events":1}}"#)
    }

    @Test func aSensitiveValueIsRedactedInTheFile() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 4, survivingIn: url("pin"))
        logbook.send(.setPin(Sensitive("4921")))
        recorder.stop()
        let bytes = try Data(contentsOf: url("pin"))
        #expect(bytes.range(of: Data("4921".utf8)) == nil)
        #expect(try FlightRecordingFile(contentsOf: url("pin")).jsonLines.contains("setPin"))
    }

    // MARK: A torn last entry

    /// The file after `pages` events into a ring of `capacity`, with the slot of entry `torn`
    /// overwritten in part, as a process killed while writing it leaves it, and the header naming
    /// it as the entry begun last.
    private func fileTornAt(_ torn: Int, capacity: Int, pages: Int, name: String) throws -> URL {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: capacity, survivingIn: url(name))
        for page in 1...pages { logbook.send(.write(page)) }
        recorder.waitUntilWritten()
        var bytes = [UInt8](try Data(contentsOf: url(name)))
        let slot = Layout.headerSize + ((torn - 1) % capacity) * Layout.slotSize(2_048)
        // Half of a new line written over the old one, the slot's head not yet.
        for offset in 40..<60 { bytes[slot + offset] = UInt8(ascii: "z") }
        withUnsafeBytes(of: UInt64(torn).littleEndian) {
            bytes.replaceSubrange(Layout.lastSequence..<(Layout.lastSequence + 8), with: $0)
            // Handed to the writer before it began writing it.
            if torn > pages { bytes.replaceSubrange(Layout.handedOver..<(Layout.handedOver + 8), with: $0) }
        }
        let damaged = url(name + "-torn")
        try Data(bytes).write(to: damaged)
        return damaged
    }

    @Test func aTornLastEntryIsDroppedAndTheRestRead() throws {
        // Four events written; a fifth was being written into the empty slot after them.
        let file = try FlightRecordingFile(contentsOf: try fileTornAt(5, capacity: 8, pages: 5, name: "torn"))
        #expect(file.droppedTornEntry)
        #expect(pages(in: file) == [1, 2, 3, 4])
        #expect(try file.recording.events.count == 4)
    }

    @Test func aTornEntryOverTheOldestOneDropsBoth() throws {
        // Entries 1 to 5 in a ring of 3; entry 5 was being written over entry 2.
        let file = try FlightRecordingFile(
            contentsOf: try fileTornAt(5, capacity: 3, pages: 5, name: "torn-ring"))
        #expect(file.droppedTornEntry)
        #expect(pages(in: file) == [3, 4])
        #expect(file.droppedEventCount == 2)
    }

    @Test func aDamagedSlotThatIsNotTheLastIsRefusedNamingItsByte() throws {
        let damaged = try fileTornAt(2, capacity: 8, pages: 4, name: "middle")
        expectRefusal(
            of: damaged,
            saying:
                "\(damaged.path): at byte 48: the header says entry 2 was written last, but the newest entry in the slots is 4"
        )
        // The header left as it was: slot 1 itself is at fault.
        var bytes = [UInt8](try Data(contentsOf: damaged))
        withUnsafeBytes(of: UInt64(4).littleEndian) { bytes.replaceSubrange(48..<56, with: $0) }
        try Data(bytes).write(to: damaged)
        let slot = Layout.headerSize + Layout.slotSize(2_048)
        expectRefusal(
            of: damaged,
            saying:
                "\(damaged.path): at byte \(slot): slot 1 is damaged: its checksum does not match what it holds"
        )
    }

    // MARK: A writer behind the app

    @Test func aWriterHeldUpKeepsTheLastEventsAllTheSame() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 8, survivingIn: url("behind"))
        // The writer takes 50 ms over the first event, while a hundred more are kept: it gives up
        // those that the last eight would overwrite in the file anyway.
        logbook.send(.slow(SlowToWrite(page: 0)))
        for page in 1...100 { logbook.send(.write(page)) }
        recorder.waitUntilWritten()
        let file = try #require(try FlightRecordingFile.leftByCrash(at: url("behind")))
        #expect(pages(in: file) == Array(93...100))
        #expect(file.droppedEventCount == 93)
        #expect(file.unwrittenEntryCount == 0)
        #expect(!file.droppedTornEntry)
        withExtendedLifetime(recorder) {}
    }

    /// The bytes of a file of a ring of 8 after `pages` events, its recorder still running.
    private func runningFile(pages: Int, name: String) throws -> [UInt8] {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 8, survivingIn: url(name))
        for page in 1...pages { logbook.send(.write(page)) }
        recorder.waitUntilWritten()
        defer { withExtendedLifetime(recorder) {} }
        return [UInt8](try Data(contentsOf: url(name)))
    }

    @Test func aFileLeftWhileItsWriterCaughtUpKeepsOnlyTheEntriesAfterTheGap() throws {
        // Entries 1 to 8 written; 9 to 16 given up; 17 to 20 written over slots 0 to 3 when the
        // process died, slots 4 to 7 still holding 5 to 8.
        let early = try runningFile(pages: 8, name: "early")
        var late = try runningFile(pages: 20, name: "late")
        let slotsFromFive = Layout.headerSize + 4 * Layout.slotSize(2_048)
        late.replaceSubrange(slotsFromFive..., with: early[slotsFromFive...])
        try Data(late).write(to: url("caught-up"))
        let file = try FlightRecordingFile(contentsOf: url("caught-up"))
        #expect(pages(in: file) == [17, 18, 19, 20])
        #expect(file.droppedEventCount == 16)
        #expect(!file.droppedTornEntry)
        #expect(file.jsonLines.hasPrefix(#"{"format":"statoscope-recording","dropped":16,"#))
    }

    @Test func entriesKeptButNeverWrittenAreCounted() throws {
        var bytes = try runningFile(pages: 8, name: "unwritten")
        withUnsafeBytes(of: UInt64(11).littleEndian) {
            bytes.replaceSubrange(Layout.handedOver..<(Layout.handedOver + 8), with: $0)
        }
        try Data(bytes).write(to: url("unwritten"))
        let file = try FlightRecordingFile(contentsOf: url("unwritten"))
        #expect(file.unwrittenEntryCount == 3)
        #expect(pages(in: file) == Array(1...8))
        #expect(!file.droppedTornEntry)
    }

    // MARK: Files that are not whole

    private func damagedCopy(_ name: String, _ change: (inout [UInt8]) -> Void) throws -> URL {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(recording: logbook, keepingLast: 2, survivingIn: url(name))
        logbook.send(.write(1))
        recorder.stop()
        var bytes = [UInt8](try Data(contentsOf: url(name)))
        change(&bytes)
        try Data(bytes).write(to: url(name))
        return url(name)
    }

    @Test func aFileOfANewerFormatIsRefusedSayingSo() throws {
        let damaged = try damagedCopy("newer") { $0[8] = 2 }
        expectRefusal(
            of: damaged,
            saying:
                "\(damaged.path): at byte 8: format version 2 is a newer one; this library reads version 1")
    }

    @Test func aLastEntryThatDoesNotReadInAFileClosedCleanlyIsDamageNotATornWrite() throws {
        let damaged = try damagedCopy("closed") { $0[Layout.headerSize + 45] ^= 0x01 }
        expectRefusal(
            of: damaged,
            saying:
                "\(damaged.path): at byte 4096: slot 0 is damaged: entry 1, written last, does not read whole, though the file was closed cleanly"
        )
    }

    @Test func aHeaderNamingAnEntryFarFromTheSlotsIsRefusedNotTrapped() throws {
        let damaged = try damagedCopy("sequence") { bytes in
            for offset in 48..<56 { bytes[offset] = 0xFF }
        }
        expectRefusal(
            of: damaged,
            saying:
                "\(damaged.path): at byte 48: the header says entry \(UInt64.max) was written last, but the recorder kept 1"
        )
    }

    @Test func bytesChangedAnywhereAreReadOrRefusedNeverMisread() throws {
        let logbook = ShipLog()
        let recorder = try FlightRecorder(
            recording: logbook, keepingLast: 4, survivingIn: url("flips"), maximumLineLength: 512)
        for page in 1...6 { logbook.send(.write(page)) }
        recorder.stop()
        let original = [UInt8](try Data(contentsOf: url("flips")))
        // A fixed sequence of places and values, the same on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var read = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0...next(3) { bytes[next(bytes.count)] = UInt8(next(256)) }
            try Data(bytes).write(to: url("flipped"))
            guard let file = try? FlightRecordingFile(contentsOf: url("flipped")) else { continue }
            read += 1
            // What reads is what was written: the last pages, in order, or fewer of them.
            let kept = pages(in: file)
            #expect(kept.isEmpty || kept == Array((7 - kept.count)...6), "\(kept)")
        }
        #expect(read > 0)
    }

    @Test func aFileCutShortIsRefusedSayingWhere() throws {
        let cut = try damagedCopy("cut") { $0.removeLast(100) }
        let size = Layout.headerSize + 2 * Layout.slotSize(2_048)
        expectRefusal(
            of: cut,
            saying:
                "\(cut.path): at byte \(size - 100): cut short: the file is \(size - 100) bytes long; its header says \(size)"
        )
        let headerOnly = try damagedCopy("header") { $0.removeSubrange(20...) }
        expectRefusal(
            of: headerOnly,
            saying: "\(headerOnly.path): at byte 20: cut short: the file ends inside its header")
    }

    @Test func aFileLargerThanAnySurvivingRecordingIsRefusedWithoutReadingIt() throws {
        let large = try damagedCopy("large") { _ in }
        defer { try? FileManager.default.removeItem(at: large) }
        let file = try FileHandle(forWritingTo: large)
        try file.truncate(atOffset: (1 << 30) + 1)
        try file.close()
        expectRefusal(
            of: large,
            saying:
                "\(large.path): at byte 1073741824: the file is 1073741825 bytes long; a surviving flight recording is at most 1073741824"
        )
    }

    @Test func aFileThatIsNotASurvivingRecordingIsRefused() throws {
        let garbage = url("garbage")
        try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: garbage)
        expectRefusal(
            of: garbage,
            saying:
                "\(garbage.path): at byte 0: not a surviving flight recording: it does not start with \"STSFLREC\""
        )
        #expect {
            try FlightRecordingFile(contentsOf: url("absent"))
        } throws: { error in
            "\(error)".hasPrefix("cannot read \(url("absent").path):")
        }
    }
}
