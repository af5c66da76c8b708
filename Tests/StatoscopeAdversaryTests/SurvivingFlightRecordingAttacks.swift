// Attacks on the surviving flight recorder (`FlightRecorder(recording:keepingLast:survivingIn:...)`
// and `FlightRecordingFile`) where it meets privacy, other recorders, error reports, effects,
// subscopes, re-entrant sends, extreme sizes, a hostile file system, damaged files, test plans, and
// processes that die in each way the docs list. Written from the docs alone: each test quotes the
// sentence it holds the library to.

import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The tree under test

enum FRKeypad: SensitiveWhen, Codable, Sendable, Hashable {
    case userTypedPassword(String)
    case tapped

    var isSensitive: Bool {
        if case .userTypedPassword = self { return true }
        return false
    }
}

struct FRBox: Codable, Sendable, Equatable {
    var byName: [String: [FRKeypad?]]
    var note: Sensitive<String>?
}

enum FRCrash: String, Codable, Sendable {
    case fatal, precondition, index, unwrap, badAccess, abort
}

struct FRLoadEffect: Effect {
    let token: Sensitive<String>
    func runEffect() async throws -> Int { 7 }
}

struct FRTrapEffect: Effect {
    func runEffect() async throws -> Int {
        frCrash(.fatal)
        return 0
    }
}

struct FRNilEffect: Effect {
    let token: Sensitive<String>
    func runEffect() async throws -> Int? { nil }
}

@inline(never)
func frCrash(_ kind: FRCrash) {
    let zero = Int.random(in: 0...0)
    switch kind {
    case .fatal: fatalError("adversary fatal")
    case .precondition: precondition(zero == 1, "adversary precondition")
    case .index:
        let array = [1, 2, 3]
        _ = array[array.count + zero]
    case .unwrap:
        let value: Int? = zero == 0 ? nil : 1
        _ = value!
    case .badAccess:
        UnsafeMutablePointer<Int>(bitPattern: 0x10 + zero)!.pointee = 1
    case .abort: abort()
    }
}

@MainActor
final class FRRow: Scope {
    var ticks = 0
    enum When: Codable, Sendable {
        case tick
        case secret(Sensitive<String>)
    }
    func update(_ when: When) throws {
        if case .tick = when { ticks += 1 }
    }
}

struct FRError: Error {}

@MainActor
final class FRRoot: Scope {
    var count = 0
    var loaded: Int? = nil
    var seenKeypads = 0
    @Subscope var rows: [FRRow] = []
    var hook: (@MainActor () -> Void)?

    enum When: Codable, Sendable {
        case tick
        case token(Sensitive<String>)
        case keypad(FRKeypad)
        case deep(FRBox)
        case keyed([FRKeypad: Int])
        case big(String)
        case addRow
        case removeRow
        case echo(Int)
        case load(Sensitive<String>)
        case loaded(Int)
        case loadNil(Sensitive<String>)
        case loadedMustHave(Int?)
        case crash(FRCrash)
        case fail
        case runHook
        case handled(Sensitive<String>)
        case echoCrash
        case loadTrap
        case medium(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .tick: count += 1
        case .token: seenKeypads += 0
        case .keypad: seenKeypads += 1
        case .deep, .keyed, .big: break
        case .addRow: rows.append(FRRow())
        case .removeRow: if !rows.isEmpty { rows.removeLast() }
        case .echo(let times):
            for _ in 0..<max(0, times) { send(.tick) }
        case .load(let token): effectsState.enqueue(FRLoadEffect(token: token).map(When.loaded))
        case .loaded(let value): loaded = value
        case .loadNil(let token): effectsState.enqueue(FRNilEffect(token: token).map(When.loadedMustHave))
        case .loadedMustHave(let value): loaded = value!
        case .crash(let kind): frCrash(kind)
        case .fail: throw FRError()
        case .runHook: hook?()
        case .handled(let token): reportHandled(FRError(), during: .handled(token))
        case .echoCrash: send(.crash(.fatal))
        case .loadTrap: effectsState.enqueue(FRTrapEffect().map(When.loaded))
        case .medium: break
        }
    }
}

// MARK: - Helpers

/// A path shared by a test and its exit tests' children: the parent names it with `getpid()`, the
/// child with `getppid()`.
func frURL(_ label: String, pid: Int32) -> URL {
    URL(fileURLWithPath: "/tmp/adv42-flight-\(pid)-\(label).bin")
}

func frOutcomeURL(_ label: String, pid: Int32) -> URL {
    URL(fileURLWithPath: "/tmp/adv42-flight-\(pid)-\(label).txt")
}

/// What a child writes for its parent to read.
func frWriteOutcome(_ label: String, _ text: String) {
    try? Data(text.utf8).write(to: frOutcomeURL(label, pid: getppid()))
}

func frReadOutcome(_ label: String) -> String? {
    (try? Data(contentsOf: frOutcomeURL(label, pid: getpid()))).map { String(decoding: $0, as: UTF8.self) }
}

func frTemporaryURL(_ label: String) throws -> URL {
    try makeTemporaryFolder("fr-\(label)").appendingPathComponent("flight.bin")
}

func frRawText(_ url: URL) -> String {
    // The file is binary: keep every byte as a Latin-1 scalar, so a secret's bytes are found wherever
    // they sit.
    guard let data = try? Data(contentsOf: url) else { return "" }
    return String(data.map { Character(Unicode.Scalar($0)) })
}

/// The event lines of a flight recording's text (not the header, effect steps or end line).
func frEventLines(_ jsonLines: String) -> [String] {
    jsonLines.split(separator: "\n").map(String.init).filter { $0.contains("\"event\"") }
}

/// The error a body throws, if any.
func frError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// In a child: a file may grow to 64 MiB at most, and growing past it fails the write rather than
/// killing the process, so that a size the library computed wrongly cannot fill the machine's disk.
func frLimitFileSize() {
    var limit = rlimit(rlim_cur: 64 << 20, rlim_max: 64 << 20)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
    _ = Glibc.signal(SIGXFSZ, SIG_IGN)
}

/// In a child: a recorder at an extreme capacity or line length, its outcome written for the parent.
@MainActor
func frExtremeChild(_ label: String, keepingLast: Int, maximumLineLength: Int) {
    frLimitFileSize()
    let url = frURL(label, pid: getppid())
    defer { try? FileManager.default.removeItem(at: url) }
    do {
        let root = FRRoot()
        let recorder = try FlightRecorder(
            recording: root, keepingLast: keepingLast, survivingIn: url, maximumLineLength: maximumLineLength)
        root.send(.tick)
        root.send(.big("abc"))
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        frWriteOutcome(
            label,
            "worked: \(frEventLines(file.jsonLines).count) event lines, \(frFileSize(url)) bytes: \(file.jsonLines)"
        )
    } catch {
        frWriteOutcome(label, "threw: \(error)")
    }
}

func frFileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? -1
}

let frSecrets = [
    "SECRETD1TOKEN", "SECRETD2KEYPAD", "SECRETD4DEEP", "SECRETD3NOTE", "SECRETKEYINDICT",
    "SECRETEFFECTTOKEN", "SECRETROWSECRET",
]

/// Sends, at depths 1 to 4, every kind of sensitive value the docs list, to the root, a row and an
/// effect.
@MainActor
func frSendSecrets(_ root: FRRoot) {
    root.send(.token(Sensitive("SECRETD1TOKEN")))
    root.send(.keypad(.userTypedPassword("SECRETD2KEYPAD")))
    root.send(
        .deep(
            FRBox(
                byName: ["a": [nil, .userTypedPassword("SECRETD4DEEP"), .tapped]],
                note: Sensitive("SECRETD3NOTE"))))
    root.send(.keyed([.userTypedPassword("SECRETKEYINDICT"): 1, .tapped: 2]))
    root.send(.addRow)
    root.rows[0].send(.secret(Sensitive("SECRETROWSECRET")))
    root.send(.load(Sensitive("SECRETEFFECTTOKEN")))
}

// MARK: - Children of the exit tests

/// A child's run: a surviving recorder on the file its parent names, some events, secrets, then
/// `crash` (or a kill) in an update.
@MainActor
func frChildRun(
    _ label: String, crash: FRCrash?, ticks: Int, keepingLast: Int = 50, kill: Bool = false,
    secrets: Bool = false
) async {
    let url = frURL(label, pid: getppid())
    try? FileManager.default.removeItem(at: url)
    let root = FRRoot()
    let recorder: FlightRecorder
    do {
        recorder = try FlightRecorder(
            recording: root, keepingLast: keepingLast, survivingIn: url, appVersion: "4.2 (42)")
    } catch {
        frWriteOutcome(label, "init threw: \(error)")
        exit(3)
    }
    for _ in 0..<ticks { root.send(.tick) }
    if secrets {
        frSendSecrets(root)
        await root.effectsState.waitUntilSettled()
    }
    if kill { Glibc.kill(getpid(), SIGKILL) }
    if let crash { root.send(.crash(crash)) }
    withExtendedLifetime(recorder) {}
}

// MARK: - Dying processes

@Suite("Surviving flight recordings: processes that die")
struct SurvivingFlightRecordingDeathAttacks {
    /// Checks what every caught crash must leave.
    @MainActor
    func checkCaughtCrash(_ label: String, signal expected: Int32, ticks: Int, kind: FRCrash) throws {
        let url = frURL(label, pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url), "no file left by \(label)")
        #expect(crash.signal == expected)
        #expect(!crash.endedCleanly)
        #expect(crash.appVersion == "4.2 (42)")
        #expect(crash.droppedEventCount == 0)
        #expect(!crash.droppedTornEntry)
        #expect(crash.lastEventTime != nil)
        let events = frEventLines(crash.jsonLines)
        #expect(events.count == ticks + 1, "\(crash.jsonLines)")
        #expect(events.last?.contains("\"\(kind.rawValue)\"") == true, "last: \(events.last ?? "none")")
        let recording = try crash.recording
        #expect(recording.events.count == ticks + 1)
    }

    // RecordingAndReplay, "Keep it when the app dies": "When the process dies of a signal it can catch
    // (a trap, a bad memory access, `abort()`), the recorder's handler first waits, for at most a
    // second, until the writer has written every entry kept, so the event being handled when the app
    // died is in the file." Guarantees: "a trap in an update (a `fatalError`, ...): every entry kept
    // up to the event being handled, last, and the trap's signal (`SIGILL`, `SIGTRAP` on ARM)".
    @Test @MainActor func aFatalErrorInAnUpdateLeavesEveryEntryUpToTheTrappingEventAndSIGILL() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("fatal", crash: .fatal, ticks: 5)
        }
        try checkCaughtCrash("fatal", signal: SIGILL, ticks: 5, kind: .fatal)
    }

    // Same promise: "a failed `precondition`".
    @Test @MainActor func aFailedPreconditionLeavesTheTrappingEventLastAndSIGILL() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("precondition", crash: .precondition, ticks: 3)
        }
        try checkCaughtCrash("precondition", signal: SIGILL, ticks: 3, kind: .precondition)
    }

    // RecordingAndReplay, "Keep it when the app dies": "a `fatalError`, a failed `precondition`, an
    // index out of range, a force-unwrap of `nil`, a bad memory access ... leave the next launch
    // nothing to tell. Give the recorder a file, and it also writes each entry there".
    @Test @MainActor func anIndexOutOfRangeLeavesTheTrappingEventLast() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("index", crash: .index, ticks: 2)
        }
        try checkCaughtCrash("index", signal: SIGILL, ticks: 2, kind: .index)
    }

    @Test @MainActor func aForceUnwrapOfNilLeavesTheTrappingEventLast() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("unwrap", crash: .unwrap, ticks: 1)
        }
        try checkCaughtCrash("unwrap", signal: SIGILL, ticks: 1, kind: .unwrap)
    }

    // Guarantees: "a bad memory access or `abort()`: the same, with `SIGSEGV`, `SIGBUS` or `SIGABRT`";
    // RecordingAndReplay: "its handler notes the number, then hands the signal to the handler installed
    // before it, a crash reporter's or the runtime's" (so the process still dies of it).
    @Test @MainActor func aBadMemoryAccessLeavesTheEventAndSIGSEGVAndTheProcessStillDiesOfIt() async throws {
        await #expect(processExitsWith: .signal(SIGSEGV)) {
            await frChildRun("segv", crash: .badAccess, ticks: 4)
        }
        try checkCaughtCrash("segv", signal: SIGSEGV, ticks: 4, kind: .badAccess)
    }

    @Test @MainActor func abortLeavesTheEventAndSIGABRT() async throws {
        await #expect(processExitsWith: .signal(SIGABRT)) {
            await frChildRun("abort", crash: .abort, ticks: 4)
        }
        try checkCaughtCrash("abort", signal: SIGABRT, ticks: 4, kind: .abort)
    }

    // Guarantees: "a force-unwrap of an effect's result": the completion is an input the recorder
    // keeps ("the same inputs a Recorder records, effect completions included"), and it is the event
    // being handled when the process died.
    @Test @MainActor func aForceUnwrapOfAnEffectsResultLeavesTheCompletionLastAndTheEffectsSteps()
        async throws
    {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let url = frURL("effect", pid: getppid())
            try? FileManager.default.removeItem(at: url)
            let root = await FRRoot()
            let recorder = try await FlightRecorder(recording: root, keepingLast: 20, survivingIn: url)
            await root.send(.tick)
            await root.send(.loadNil(Sensitive("SECRETEFFECTNIL")))
            await root.effectsState.waitUntilSettled()
            withExtendedLifetime(recorder) {}
        }
        let url = frURL("effect", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == SIGILL)
        let events = frEventLines(crash.jsonLines)
        #expect(events.last?.contains("loadedMustHave") == true, "\(crash.jsonLines)")
        #expect(
            crash.jsonLines.contains("FRNilEffect"), "the effect's steps name its type: \(crash.jsonLines)")
        #expect(!frRawText(url).contains("SECRETEFFECTNIL"))
    }

    // Guarantees: "`SIGKILL` (the watchdog, the system reclaiming memory), which no process can catch:
    // every entry the recorder's writer had written whole, no signal; an entry it was writing is
    // dropped, never misread, and the entries kept but not yet written are counted
    // (``FlightRecordingFile/unwrittenEntryCount``)".
    @Test @MainActor func aSIGKILLLeavesTheWrittenEntriesWithoutAGapNoSignalAndCountsTheRest() async throws {
        await #expect(processExitsWith: .signal(SIGKILL)) {
            await frChildRun("kill", crash: nil, ticks: 300, keepingLast: 1000, kill: true)
        }
        let url = frURL("kill", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == nil)
        #expect(!crash.endedCleanly)
        let events = try crash.recording.events
        #expect(events.count + crash.unwrittenEntryCount + (crash.droppedTornEntry ? 1 : 0) >= 300)
        #expect(events.count <= 300)
        // Without a gap: a prefix of what was sent replays into the count it holds.
        let root = try crash.recording.reproduce { FRRoot() }
        #expect(root.count == events.count)
    }

    // Guarantees: "a writer that fell behind a burst of events: the last entries all the same,
    // without a gap (it skips only entries that newer ones overwrite in the file)".
    @Test @MainActor func aTrapAfterABurstLeavesTheLastEntriesWithoutAGapEndingWithTheTrap() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("burst", crash: .fatal, ticks: 20_000, keepingLast: 64)
        }
        let url = frURL("burst", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == SIGILL)
        let events = frEventLines(crash.jsonLines)
        #expect(events.count == 64, "\(events.count) event lines")
        #expect(crash.droppedEventCount == 20_001 - 64)
        #expect(events.last?.contains("fatal") == true)
        // Line numbers follow one another.
        let numbers = events.compactMap { line -> Int? in
            guard let range = line.range(of: "\"n\":") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(numbers.count == events.count)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(numbers)")
        // RecordingAndReplay: "Once it has overwritten events to stay within its size, its header
        // counts them, and reading it for replay is refused (`line 1: a flight recording that kept only
        // its last events: the 12 before them are lost, ...`)".
        if let error = frError({
            _ = try crash.recording
        }) {
            #expect(
                "\(error)".contains(
                    "line 1: a flight recording that kept only its last events: the \(20_001 - 64) before them are lost"
                ), "\(error)")
        } else {
            Issue.record("did not throw")
        }
    }

    // Guarantees, "What stays private" and RecordingAndReplay "Privacy": "the file holds what a
    // recording holds: events with ``Sensitive`` values and ``SensitiveWhen`` cases redacted, effects'
    // types and steps (never their values)". The raw bytes left by a crash hold no secret.
    @Test @MainActor func aCrashFileHoldsNoSensitiveValueAtAnyDepthInItsRawBytes() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("privacy", crash: .fatal, ticks: 1, secrets: true)
        }
        let url = frURL("privacy", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let raw = frRawText(url)
        #expect(raw.count > 4096)
        for secret in frSecrets {
            #expect(!raw.contains(secret), "\(secret) is in the file's bytes")
        }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        for secret in frSecrets {
            #expect(!crash.jsonLines.contains(secret))
        }
        #expect(crash.jsonLines.contains("userTypedPassword"), "a sensitive case keeps its name")
    }

    // RecordingAndReplay: "`TestPlanSource` names that event as the plan's last step without sending
    // it, and adds a Swift Testing exit test that sends every step in a process of its own and expects
    // the process to end". Writing the plan in a process of its own: it must not die.
    @Test @MainActor func aPlanWrittenFromACrashNamesTheTrappingStepWithoutSendingIt() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("plan", crash: .index, ticks: 3)
        }
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                do {
                    let crash = try FlightRecordingFile.leftByCrash(at: frURL("plan", pid: getppid()))
                    guard let crash else { return frWriteOutcome("plan", "no crash file") }
                    let source = try TestPlanSource(recording: crash.recording) { FRRoot() }
                        .swiftSource(testName: "crashedSession")
                    frWriteOutcome("plan", source)
                } catch {
                    frWriteOutcome("plan", "threw: \(error)")
                }
            }
        }
        defer { try? FileManager.default.removeItem(at: frURL("plan", pid: getpid())) }
        let source = try #require(frReadOutcome("plan"))
        #expect(source.contains("processExitsWith"), "\(source)")
        #expect(source.contains("crashedSession"))
        #expect(source.contains("index"), "the trapping step is named: \(source)")
        #expect(source.contains("count, equals: 3") || source.contains("equals: 3"), "\(source)")
    }

    // RecordingAndReplay: "Its ``FlightRecordingFile/recording`` replays ... as any flight recording
    // does while it holds every event since the recorder started." Everything before the trapping
    // event replays to the state the run had.
    @Test @MainActor func aCrashsRecordingStepsToTheStateTheRunHadBeforeItsLastEvent() async throws {
        await #expect(processExitsWith: .signal(SIGABRT)) {
            await frChildRun("steps", crash: .abort, ticks: 7)
        }
        let url = frURL("steps", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        let replay = try Replay(try crash.recording, into: FRRoot())
        for _ in 0..<7 { try replay.step() }
        #expect(replay.root.count == 7)
        #expect(!replay.isFinished, "the trapping event is still to come")
    }

    // RecordingAndReplay: "At the next launch, before starting that run's recorder at the same place
    // (which replaces the file), ask whether the previous run left one, hand it to your crash
    // reporter, then delete it". After `delete()`, nothing is left; a new recorder at the same place
    // replaces a crash's file, and once stopped leaves no crash.
    @Test @MainActor func theNextRunsRecorderReplacesACrashFileAndDeleteLeavesNothing() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            await frChildRun("relaunch", crash: .fatal, ticks: 2)
        }
        let url = frURL("relaunch", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try FlightRecordingFile.leftByCrash(at: url) != nil)
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url, appVersion: "5")
        root.send(.tick)
        recorder.stop()
        #expect(try FlightRecordingFile.leftByCrash(at: url) == nil)
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(file.appVersion == "5")
        #expect(frEventLines(file.jsonLines).count == 1, "the crash's entries are gone: \(file.jsonLines)")
        try file.delete()
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FlightRecordingFile.leftByCrash(at: url) == nil)
    }

    // RecordingAndReplay: "its handler notes the number, then hands the signal to the handler
    // installed before it, a crash reporter's or the runtime's". A crash reporter's handler installed
    // before the recorder still runs, and the file still has the signal.
    @Test @MainActor func aCrashReportersHandlerInstalledBeforeTheRecorderStillRuns() async throws {
        await #expect(processExitsWith: .signal(SIGABRT)) {
            let marker = frOutcomeURL("chain", pid: getppid()).path
            frMarkerFD = open(marker, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                _ = write(frMarkerFD, "reporter ran\n", 13)
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigaction(SIGABRT, &action, nil)
            await frChildRun("chain", crash: .abort, ticks: 1)
        }
        let url = frURL("chain", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(frReadOutcome("chain") == "reporter ran\n")
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == SIGABRT)
    }

    // Two surviving recorders at once, each on its own file, then a trap: "the recorder's handler
    // first waits ... until the writer has written every entry kept". Each recorder's handler must do
    // so, the second one handing the signal on to the first's.
    @Test @MainActor func twoSurvivingRecordersOnTwoFilesBothKeepTheTrappingEventAndTheSignal() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let first = frURL("twoA", pid: getppid())
            let second = frURL("twoB", pid: getppid())
            let root = await FRRoot()
            let a = try await FlightRecorder(
                recording: root, keepingLast: 10, survivingIn: first, appVersion: "A")
            let b = try await FlightRecorder(
                recording: root, keepingLast: 10, survivingIn: second, appVersion: "B")
            await root.send(.tick)
            await root.send(.crash(.fatal))
            withExtendedLifetime((a, b)) {}
        }
        for (label, version) in [("twoA", "A"), ("twoB", "B")] {
            let url = frURL(label, pid: getpid())
            defer { try? FileManager.default.removeItem(at: url) }
            let crash = try #require(try FlightRecordingFile.leftByCrash(at: url), "\(label)")
            #expect(crash.appVersion == version)
            #expect(crash.signal == SIGILL, "\(label)")
            #expect(
                frEventLines(crash.jsonLines).last?.contains("fatal") == true, "\(label): \(crash.jsonLines)")
        }
    }

    // RecordingAndReplay: "Stopping the recorder (``FlightRecorder/stop()``, or releasing it) waits for
    // the writer, then marks the file as ended cleanly". A recorder released before the crash leaves
    // a file that is not a crash's.
    @Test @MainActor func aRecorderReleasedBeforeACrashLeavesACleanFileThatIsNotACrashs() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let url = frURL("released", pid: getppid())
            let root = await FRRoot()
            do {
                let recorder = try await FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
                await root.send(.tick)
                _ = recorder
            }
            await root.send(.crash(.fatal))
        }
        let url = frURL("released", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try FlightRecordingFile.leftByCrash(at: url) == nil)
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(file.signal == nil)
        #expect(frEventLines(file.jsonLines).count == 1)
    }

    // RecordingAndReplay: "`swift run statoscope-demo --crash` shows the whole path: the first run
    // records a countdown whose last update reads past the end of an array, and dies; the second finds
    // the file, prints its recording and the test plan that reproduces the crash, and deletes it."
    // (Run by hand with the built demo; see the report.)

    // RecordingAndReplay: "When the process dies of a signal it can catch (a trap, ...), the
    // recorder's handler first waits ... until the writer has written every entry kept". A trap in an
    // effect's work, off the main actor, while no update runs: every entry kept, the effect's start
    // among them, and the signal.
    @Test @MainActor func aTrapInAnEffectsWorkOffTheMainActorLeavesEveryEntryAndTheSignal() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let url = frURL("effecttrap", pid: getppid())
            let root = await FRRoot()
            let recorder = try await FlightRecorder(recording: root, keepingLast: 20, survivingIn: url)
            await root.send(.tick)
            await root.send(.loadTrap)
            await root.effectsState.waitUntilSettled()
            withExtendedLifetime(recorder) {}
        }
        let url = frURL("effecttrap", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == SIGILL)
        #expect(frEventLines(crash.jsonLines).last?.contains("loadTrap") == true, "\(crash.jsonLines)")
        #expect(crash.jsonLines.contains("FRTrapEffect"), "\(crash.jsonLines)")
        #expect(try crash.recording.events.count == 2)
    }

    // RecordingAndReplay: "Events that updates send to one another are not recorded". A trap in an
    // event an update sent: the file's last event is the one that caused it, and the plan written
    // from it names that one as its last step.
    @Test @MainActor func aTrapInAReentrantEventLeavesTheEventThatCausedItLast() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let url = frURL("echocrash", pid: getppid())
            let root = await FRRoot()
            let recorder = try await FlightRecorder(recording: root, keepingLast: 20, survivingIn: url)
            await root.send(.tick)
            await root.send(.echoCrash)
            withExtendedLifetime(recorder) {}
        }
        let url = frURL("echocrash", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == SIGILL)
        let events = frEventLines(crash.jsonLines)
        #expect(events.count == 2, "\(crash.jsonLines)")
        #expect(events.last?.contains("echoCrash") == true, "\(crash.jsonLines)")
    }

    // Guarantees, "An instrument's cost ends with its owner's interest": a flight recorder runs
    // "until it is stopped or released". The root released before the crash, the recorder kept: the
    // file still holds the root's events and the signal.
    @Test @MainActor func aRootReleasedBeforeACrashLeavesItsEventsAndTheSignal() async throws {
        await #expect(processExitsWith: .signal(SIGABRT)) {
            let url = frURL("rootgone", pid: getppid())
            var root: FRRoot? = await FRRoot()
            let recorder = try await FlightRecorder(recording: root!, keepingLast: 20, survivingIn: url)
            await root!.send(.tick)
            await root!.send(.tick)
            root = nil
            withExtendedLifetime(recorder) { abort() }
        }
        let url = frURL("rootgone", pid: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: url))
        #expect(crash.signal == SIGABRT)
        #expect(try crash.recording.reproduce { FRRoot() }.count == 2)
    }

    // RecordingAndReplay: "When the process dies of a signal it can catch ..., the recorder's handler
    // first waits ... until the writer has written every entry kept". A second recorder started and
    // stopped while the first runs must not take the first's handler with it: the first still keeps
    // the trapping event and the signal.
    @Test @MainActor func aSecondRecorderStoppedBeforeTheCrashLeavesTheFirstCoveringIt() async throws {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let first = frURL("stackA", pid: getppid())
            let second = frURL("stackB", pid: getppid())
            let root = await FRRoot()
            let a = try await FlightRecorder(recording: root, keepingLast: 10, survivingIn: first)
            let b = try await FlightRecorder(recording: root, keepingLast: 10, survivingIn: second)
            await root.send(.tick)
            await b.stop()
            await root.send(.tick)
            await root.send(.crash(.fatal))
            withExtendedLifetime((a, b)) {}
        }
        let first = frURL("stackA", pid: getpid())
        let second = frURL("stackB", pid: getpid())
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        #expect(try FlightRecordingFile.leftByCrash(at: second) == nil, "the stopped one ended cleanly")
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: first))
        #expect(crash.signal == SIGILL)
        #expect(frEventLines(crash.jsonLines).count == 3, "\(crash.jsonLines)")
        #expect(frEventLines(crash.jsonLines).last?.contains("fatal") == true, "\(crash.jsonLines)")
    }

    // Same promise, one recorder after another: the first stopped, a new one started on another file,
    // then a trap: the new one keeps the trapping event and the signal; the first stays clean.
    @Test @MainActor func aRecorderStartedAfterAnotherStoppedCoversTheCrash() async throws {
        await #expect(processExitsWith: .signal(SIGSEGV)) {
            let first = frURL("seqA", pid: getppid())
            let second = frURL("seqB", pid: getppid())
            let root = await FRRoot()
            let a = try await FlightRecorder(recording: root, keepingLast: 10, survivingIn: first)
            await root.send(.tick)
            await a.stop()
            let b = try await FlightRecorder(recording: root, keepingLast: 10, survivingIn: second)
            await root.send(.tick)
            await root.send(.crash(.badAccess))
            withExtendedLifetime((a, b)) {}
        }
        let first = frURL("seqA", pid: getpid())
        let second = frURL("seqB", pid: getpid())
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        #expect(try FlightRecordingFile.leftByCrash(at: first) == nil)
        let crash = try #require(try FlightRecordingFile.leftByCrash(at: second))
        #expect(crash.signal == SIGSEGV)
        #expect(frEventLines(crash.jsonLines).last?.contains("badAccess") == true, "\(crash.jsonLines)")
    }
}

nonisolated(unsafe) var frMarkerFD: Int32 = -1

// MARK: - In-process attacks

@Suite("Surviving flight recordings: in one process")
@MainActor
struct SurvivingFlightRecordingAttacks {
    // RecordingAndReplay: "Stopping the recorder ... marks the file as ended cleanly, so stop it when
    // the app quits on its own terms." Guarantees: "stopping or releasing the recorder: the file says
    // it ended cleanly, and is not a crash's".
    @Test func aStoppedRecordersFileEndedCleanlyIsNoCrashAndReplaysToTheSameState() throws {
        let url = try frTemporaryURL("stop")
        let root = FRRoot()
        let recorder = try FlightRecorder(
            recording: root, keepingLast: 100, survivingIn: url, appVersion: "1.0 (1)")
        for _ in 0..<10 { root.send(.tick) }
        root.send(.addRow)
        root.rows[0].send(.tick)
        recorder.stop()
        #expect(try FlightRecordingFile.leftByCrash(at: url) == nil)
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(file.signal == nil)
        #expect(file.appVersion == "1.0 (1)")
        #expect(file.url == url)
        let replayed = try file.recording.reproduce { FRRoot() }
        #expect(replayed.count == 10)
        #expect(replayed.rows.map(\.ticks) == [1])
    }

    // Same promise, "or releasing it".
    @Test func aRecorderReleasedWithoutStopEndsItsFileCleanly() throws {
        let url = try frTemporaryURL("release")
        let root = FRRoot()
        do {
            let recorder = try FlightRecorder(recording: root, keepingLast: 100, survivingIn: url)
            root.send(.tick)
            root.send(.tick)
            _ = recorder
        }
        #expect(try FlightRecordingFile.leftByCrash(at: url) == nil)
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(frEventLines(file.jsonLines).count == 2)
    }

    // Guarantees, "An instrument's cost ends with its owner's interest": "a recorder or flight recorder
    // until it is stopped or released". A root dropped while its surviving recorder runs: the recorder
    // stops cleanly later, and its file still holds the root's events.
    @Test func aRootDroppedWhileRecordingLeavesItsEventsAndAStopThatEndsCleanly() throws {
        let url = try frTemporaryURL("droproot")
        var root: FRRoot? = FRRoot()
        let recorder = try FlightRecorder(recording: root!, keepingLast: 100, survivingIn: url)
        root!.send(.tick)
        root!.send(.addRow)
        root = nil
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(frEventLines(file.jsonLines).count == 2)
        #expect(try file.recording.reproduce { FRRoot() }.rows.count == 1)
    }

    // RecordingAndReplay, "Privacy": "the file holds what a recording holds: events with
    // ``Sensitive`` values and ``SensitiveWhen`` cases redacted, effects' types and steps (never their
    // values)"; Guarantees: "at depths 1 to 4, never shows in recordings and flight recordings (which
    // replay with the placeholders in place)". The raw bytes of a cleanly stopped file.
    @Test func aStoppedFileHoldsNoSensitiveValueAtAnyDepthInItsRawBytes() async throws {
        let url = try frTemporaryURL("privacy")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 100, survivingIn: url)
        frSendSecrets(root)
        await root.effectsState.waitUntilSettled()
        let inMemory = recorder.jsonLines()
        recorder.stop()
        let raw = frRawText(url)
        for secret in frSecrets {
            #expect(!raw.contains(secret), "\(secret) is in the file's bytes")
            #expect(!inMemory.contains(secret), "\(secret) is in jsonLines()")
        }
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.jsonLines.contains("<redacted>"))
        #expect(file.jsonLines.contains("FRLoadEffect"), "effects' types and steps: \(file.jsonLines)")
        // "which replay with the placeholders in place"
        let replayed = try file.recording.reproduce { FRRoot() }
        #expect(replayed.seenKeypads == 1)
        #expect(replayed.loaded == 7)
    }

    // RecordingAndReplay: "Events that updates send to one another are not recorded: replaying the
    // events that caused them sends them again" (the flight recorder keeps "the same inputs a
    // Recorder records"). Re-entrant sends from an update are not in the file, and the replay still
    // counts them.
    @Test func reentrantSendsFromAnUpdateAreNotKeptAndReplayAgain() throws {
        let url = try frTemporaryURL("reentrant")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 100, survivingIn: url)
        root.send(.echo(5))
        root.send(.echo(0))
        root.send(.echo(-3))
        recorder.stop()
        #expect(root.count == 5)
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(frEventLines(file.jsonLines).count == 3, "\(file.jsonLines)")
        #expect(try file.recording.reproduce { FRRoot() }.count == 5)
    }

    // RecordingAndReplay: "What it writes is a recording: ``Recording``, ``Replay`` and `REPLAY` read
    // it (skipping the effect steps ...)". A surviving file's recording runs as a test plan's REPLAY.
    @Test func aSurvivingFilesRecordingRunsAsAPlansReplayWithSubscopesAddedAndRemoved() async throws {
        let url = try frTemporaryURL("plan")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 100, survivingIn: url)
        root.send(.addRow)
        root.send(.addRow)
        root.rows[1].send(.tick)
        root.rows[1].send(.tick)
        root.send(.removeRow)
        root.send(.addRow)
        root.rows[1].send(.tick)
        root.send(.load(Sensitive("x")))
        await root.effectsState.waitUntilSettled()
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        try FRRoot.GIVEN { FRRoot() }
            .REPLAY(try file.recording)
            .THEN(\.rows.count, equals: 2)
            .THEN(\.loaded, equals: 7)
            .runTest()
        // RecordingAndReplay, "From a recording to a test plan": a plan written from the file.
        let source = try TestPlanSource(recording: try file.recording) { FRRoot() }
            .swiftSource(testName: "fromSurvivingFile")
        #expect(source.contains("fromSurvivingFile"))
        #expect(!source.contains("processExitsWith"), "a clean file ended in no crash: \(source)")
    }

    // RecordingAndReplay, "Cost": "the file's size is fixed, and written out in full, when the
    // recorder starts: 4 KiB, plus `maximumLineLength + 40` bytes for each entry it keeps (2,088 by
    // default: about 1 MB for 500)."
    @Test func theFilesSizeIsFourKiBPlus2088PerEntryByDefaultFromTheStart() throws {
        let url = try frTemporaryURL("size")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 500, survivingIn: url)
        #expect(frFileSize(url) == 4096 + 500 * 2088)
        recorder.stop()
    }

    // Same promise, with a `maximumLineLength` of the app's choosing, and RecordingAndReplay,
    // "Limits": "`maximumLineLength` is taken between 512 bytes and 1 MiB (a value outside is raised
    // or lowered to the nearest)". 100 is taken as 512: 552 bytes for each entry.
    @Test func aShortMaximumLineLengthIsRaisedTo512AsDocumented() throws {
        let root = FRRoot()
        let small = try frTemporaryURL("size-small")
        let other = try FlightRecorder(
            recording: root, keepingLast: 3, survivingIn: small, maximumLineLength: 100)
        #expect(frFileSize(small) == 4096 + 3 * (512 + 40))
        other.stop()
    }

    // RecordingAndReplay, "Cost": "An event whose line is longer than `maximumLineLength` is kept as
    // an unrecordable line that says so, and replaying stops there." The event's bytes are not in the
    // file, the entries after it are whole, and reading for replay names its line.
    @Test func anEventLongerThanTheLineLengthIsKeptAsAnUnrecordableLineAndReplayStopsThere() throws {
        let url = try frTemporaryURL("long")
        let root = FRRoot()
        let recorder = try FlightRecorder(
            recording: root, keepingLast: 10, survivingIn: url, maximumLineLength: 256)
        root.send(.tick)
        root.send(.big(String(repeating: "LONGLONG", count: 2_000)))
        root.send(.tick)
        recorder.stop()
        #expect(!frRawText(url).contains("LONGLONGLONGLONG"))
        let file = try FlightRecordingFile(contentsOf: url)
        let lines = file.jsonLines.split(separator: "\n")
        #expect(
            lines.contains { $0.contains("\"n\":3") && $0.contains("unrecordable") && $0.contains("bytes") },
            "\(file.jsonLines)")
        #expect(file.jsonLines.contains("\"n\":4"), "the event after it is kept: \(file.jsonLines)")
        if let error = frError({
            _ = try file.recording
        }) {
            #expect((error as? RecordingError)?.line == 3, "\(error)")
        } else {
            Issue.record("did not throw")
        }
        // "`TestPlanSource(jsonLines:root:)` reads a recording's text up to its first line that cannot
        // be replayed".
        let plan = try TestPlanSource(jsonLines: file.jsonLines) { FRRoot() }
        #expect(plan.fault?.line == 3)
    }

    // RecordingAndReplay: "While it still holds every event since it started, it replays into a new
    // tree to the same state. Once it has overwritten events ... reading it for replay is refused".
    // Guarantees: "FlightRecorderTests.aCapacityBelowOneKeepsOneEntry": with a file too.
    @Test(arguments: [0, -1, Int.min])
    func aCapacityBelowOneKeepsOneEntryInTheFileToo(capacity: Int) throws {
        let url = try frTemporaryURL("cap\(capacity)")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: capacity, survivingIn: url)
        #expect(recorder.capacity == 1)
        #expect(frFileSize(url) == 4096 + 2088)
        root.send(.tick)
        root.send(.tick)
        root.send(.keypad(.tapped))
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.droppedEventCount == 2)
        #expect(frEventLines(file.jsonLines).count == 1)
        #expect(frEventLines(file.jsonLines).first?.contains("keypad") == true)
        if let error = frError({
            _ = try file.recording
        }) {
            #expect("\(error)".contains("the 2 before them are lost"), "\(error)")
        } else {
            Issue.record("did not throw")
        }
    }

    // RecordingAndReplay: "A disk without room for it makes the recorder's initializer throw, rather
    // than the app fail later"; Guarantees: "Every public ... capacity, size ... works at its extremes
    // ... or is refused with a message naming it; none traps". `keepingLast: Int.max` with a file
    // needs Int.max * 2,088 bytes: it must throw, naming the size or the capacity, never trap.
    @Test func theLargestCapacityWithAFileIsRefusedNamingItNotTrapped() async throws {
        await #expect(processExitsWith: .success) {
            await frExtremeChild("capmax", keepingLast: .max, maximumLineLength: 2_048)
        }
        let outcome = try #require(frReadOutcome("capmax"))
        // The child's files may not grow past 64 MiB: the capacity saturates (to a file of about 1 GiB)
        // and reserving it is refused, saying what (the bytes) and where (the file).
        #expect(outcome.hasPrefix("threw: "), "\(outcome)")
        #expect(
            outcome.contains("capmax.bin") && outcome.contains("bytes"), "names what and where: \(outcome)")
    }

    // Same promise, for `maximumLineLength` at 0, below zero and at both ends of its type: each works
    // or is refused naming `maximumLineLength`, never traps (a child process sees a trap as such).
    @Test func aMaximumLineLengthOfZeroWorksOrIsRefusedNamingIt() async throws {
        await #expect(processExitsWith: .success) {
            await frExtremeChild("len0", keepingLast: 4, maximumLineLength: 0)
        }
        try frCheckExtreme("len0")
    }

    @Test func aNegativeMaximumLineLengthWorksOrIsRefusedNamingIt() async throws {
        await #expect(processExitsWith: .success) {
            await frExtremeChild("lenneg", keepingLast: 4, maximumLineLength: -1)
        }
        try frCheckExtreme("lenneg")
    }

    @Test func theSmallestMaximumLineLengthWorksOrIsRefusedNamingIt() async throws {
        await #expect(processExitsWith: .success) {
            await frExtremeChild("lenmin", keepingLast: 4, maximumLineLength: .min)
        }
        try frCheckExtreme("lenmin")
    }

    @Test func theLargestMaximumLineLengthWorksOrIsRefusedNamingIt() async throws {
        await #expect(processExitsWith: .success) {
            await frExtremeChild("lenmax", keepingLast: 4, maximumLineLength: .max)
        }
        try frCheckExtreme("lenmax")
    }

    func frCheckExtreme(_ label: String) throws {
        let outcome = try #require(frReadOutcome(label))
        #expect(
            outcome.hasPrefix("worked")
                || (outcome.hasPrefix("threw") && outcome.contains("maximumLineLength")),
            "\(outcome.prefix(2000))")
    }

    // RecordingAndReplay: "A disk without room for it makes the recorder's initializer throw, rather
    // than the app fail later." `/dev/full` is a disk with no room at all.
    @Test func aFullDiskMakesTheInitializerThrowSayingWhere() throws {
        let root = FRRoot()
        if let error = frError({
            let recorder = try FlightRecorder(
                recording: root, keepingLast: 10, survivingIn: URL(fileURLWithPath: "/dev/full"))
            recorder.stop()
        }) {
            #expect("\(error)".contains("/dev/full"), "\(error)")
        } else {
            Issue.record("did not throw")
        }
        root.send(.tick)
        #expect(root.count == 1, "the app goes on")
    }

    // Bad input must give a clear error that says what and where: a folder where the file should be.
    @Test func aFolderAtTheFilesPathIsRefusedSayingWhereAndLeftAlone() throws {
        let folder = try makeTemporaryFolder("fr-folder")
        let inside = folder.appendingPathComponent("keep.txt")
        try Data("keep".utf8).write(to: inside)
        if let error = frError({
            _ = try FlightRecorder(recording: FRRoot(), keepingLast: 10, survivingIn: folder)
        }) {
            #expect("\(error)".contains(folder.lastPathComponent), "\(error)")
        } else {
            Issue.record("did not throw")
        }
        #expect(isDirectory(folder.path))
        #expect(try Data(contentsOf: inside) == Data("keep".utf8))
        // And reading a folder as a flight recording.
        if let error = frError({
            _ = try FlightRecordingFile.leftByCrash(at: folder)
        }) {
            #expect("\(error)".contains(folder.lastPathComponent) || error is RecordingError, "\(error)")
        } else {
            Issue.record("did not throw")
        }
    }

    // Unwritable places (the test runs as root, so `/proc` stands in for a read-only folder), and a
    // folder that does not exist: a clear error naming the path, never a crash.
    @Test(arguments: ["/proc/adv42-flight.bin", "/nonexistent-adv42/folder/flight.bin"])
    func anUnwritablePlaceIsRefusedNamingThePath(path: String) throws {
        let url = URL(fileURLWithPath: path)
        if let error = frError({
            _ = try FlightRecorder(recording: FRRoot(), keepingLast: 10, survivingIn: url)
        }) {
            #expect("\(error)".contains(path) || "\(error)".contains(url.lastPathComponent), "\(error)")
        } else {
            Issue.record("did not throw")
        }
    }

    // RecordingAndReplay: "a file that is not whole (cut short, damaged, of a newer format) is refused
    // with a ``RecordingError`` naming the byte at fault."
    @Test(arguments: ["empty", "garbage", "zeros", "jsonLines", "text", "oneByte", "headerOnly"])
    func aFileThatIsNotAFlightRecordingIsRefusedWithARecordingErrorNamingTheByte(kind: String) throws {
        let url = try frTemporaryURL("bad-\(kind)")
        let data: Data
        switch kind {
        case "empty": data = Data()
        case "garbage": data = Data((0..<9000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        case "zeros": data = Data(count: 4096 + 2088 * 4)
        case "jsonLines":
            data = Data(
                """
                {"format":"statoscope-recording","root":"FRRoot","version":2}
                {"n":2,"path":[],"scope":"FRRoot","event":{"tick":{}}}
                {"n":3,"end":{"events":1}}

                """.utf8)
        case "text": data = Data(String(repeating: "hello flight recording\n", count: 500).utf8)
        case "oneByte": data = Data([0x53])
        default:
            // The first 4 KiB of a real file.
            let real = try frTemporaryURL("bad-real")
            let root = FRRoot()
            let recorder = try FlightRecorder(recording: root, keepingLast: 4, survivingIn: real)
            root.send(.tick)
            recorder.stop()
            data = try Data(contentsOf: real).prefix(4096)
        }
        try data.write(to: url)
        if let error = frError({
            _ = try FlightRecordingFile(contentsOf: url)
        }) {
            #expect(error is RecordingError && "\(error)".contains("byte"), "\(error)")
        } else {
            Issue.record("did not throw")
        }
        if let error = frError({
            _ = try FlightRecordingFile.leftByCrash(at: url)
        }) {
            #expect(error is RecordingError, "\(error)")
        } else {
            Issue.record("did not throw")
        }
    }

    // "a file that is not whole (cut short ...) is refused with a RecordingError naming the byte".
    // A real file cut at many places, and a real file with single bytes changed: each cut is refused
    // naming a byte; each change is refused or read, never trapped on (in a process of its own, so a
    // trap is seen as such).
    @Test func aRealFileCutOrDamagedAnywhereIsRefusedOrReadNeverTrappedOn() async throws {
        let url = frURL("fuzz", pid: getpid())
        let root = FRRoot()
        let recorder = try FlightRecorder(
            recording: root, keepingLast: 8, survivingIn: url, maximumLineLength: 200)
        for _ in 0..<12 { root.send(.tick) }
        root.send(.keypad(.userTypedPassword("FUZZSECRET")))
        recorder.stop()
        await #expect(processExitsWith: .success) {
            let url = frURL("fuzz", pid: getppid())
            let original = (try? Data(contentsOf: url)) ?? Data()
            var report: [String] = []
            let work = URL(fileURLWithPath: url.path + ".work")
            for cut in stride(from: 1, to: original.count, by: 37) {
                try? original.prefix(cut).write(to: work)
                do {
                    _ = try FlightRecordingFile(contentsOf: work)
                    report.append("cut \(cut): read")
                } catch let error as RecordingError {
                    if !"\(error)".contains("byte") { report.append("cut \(cut): no byte named: \(error)") }
                } catch {
                    report.append("cut \(cut): not a RecordingError: \(error)")
                }
            }
            for position in stride(from: 0, to: original.count, by: 13) {
                var changed = original
                changed[position] ^= 0x5A
                try? changed.write(to: work)
                do {
                    _ = try FlightRecordingFile(contentsOf: work)
                } catch is RecordingError {
                } catch {
                    report.append("flip \(position): not a RecordingError: \(error)")
                }
            }
            try? FileManager.default.removeItem(at: work)
            frWriteOutcome("fuzz", report.joined(separator: "\n"))
        }
        try? FileManager.default.removeItem(at: url)
        let outcome = try #require(frReadOutcome("fuzz"))
        #expect(outcome.isEmpty, "\(outcome.prefix(3000))")
    }

    // RecordingAndReplay: "What it writes is a recording: ``Recording``, ``Replay`` and `REPLAY` read
    // it": that is its text (`jsonLines`); the binary file itself is not a recording, and
    // `Recording(contentsOf:)` must refuse it clearly rather than misread or trap.
    @Test func theBinaryFileReadAsAJSONLinesRecordingIsRefusedClearly() throws {
        let url = try frTemporaryURL("asrecording")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 4, survivingIn: url)
        root.send(.tick)
        recorder.stop()
        if let error = frError({
            _ = try Recording(contentsOf: url)
        }) {
            #expect((error as? RecordingError)?.line == 1, "\(error)")
        } else {
            Issue.record("did not throw")
        }
    }

    // RecordingAndReplay: "Every ``ErrorReport`` carries the record of the running flight recorder in
    // ``ErrorReport/flightRecording``". With a surviving recorder running, a report carries its
    // record, ending with the event that threw.
    @Test func anErrorReportCarriesTheSurvivingRecordersRecordEndingWithTheFailingEvent() async throws {
        let url = try frTemporaryURL("report")
        try withIsolatedInstruments {
            let box = ReportBox()
            let root = FRRoot()
            let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
            root.send(.tick)
            root.send(.keypad(.userTypedPassword("REPORTSECRET")))
            root.send(.fail)
            let report = try #require(box.reports(of: root).first)
            let record = try #require(report.flightRecording)
            #expect(frEventLines(record).last?.contains("fail") == true, "\(record)")
            #expect(!record.contains("REPORTSECRET"))
            #expect(!report.description.contains("REPORTSECRET"))
            recorder.stop()
            let file = try FlightRecordingFile(contentsOf: url)
            #expect(frEventLines(file.jsonLines).count == 3)
            // The plan from a flight recording in an error report expects the error.
            let source = try TestPlanSource(recording: try Recording(jsonLines: record)) { FRRoot() }
                .swiftSource(testName: "reported")
            #expect(source.contains("WHEN_Throws"), "\(source)")
        }
    }

    // Same promise with two recorders running on two trees (an in-memory one and a surviving one): the
    // report of a scope carries the record of its own tree's recorder, not the other tree's.
    @Test func aReportCarriesTheRecordOfItsOwnTreesRecorderWhenTwoRun() async throws {
        let url = try frTemporaryURL("tworeport")
        try withIsolatedInstruments {
            let box = ReportBox()
            let other = FRRoot()
            let memory = FlightRecorder(recording: other, keepingLast: 10)
            other.send(.keypad(.tapped))
            let root = FRRoot()
            let surviving = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
            root.send(.tick)
            root.send(.fail)
            other.send(.fail)
            let rootReport = try #require(box.reports(of: root).first)
            let record = try #require(rootReport.flightRecording)
            #expect(frEventLines(record).contains { $0.contains("tick") }, "\(record)")
            #expect(
                !frEventLines(record).contains { $0.contains("keypad") }, "the other tree's events: \(record)"
            )
            let otherReport = try #require(box.reports(of: other).first)
            let otherRecord = try #require(otherReport.flightRecording)
            #expect(frEventLines(otherRecord).contains { $0.contains("keypad") }, "\(otherRecord)")
            #expect(!frEventLines(otherRecord).contains { $0.contains("tick") }, "\(otherRecord)")
            memory.stop()
            surviving.stop()
        }
    }

    // A surviving and an in-memory recorder on the same tree at once: both keep the same events
    // ("the same inputs a Recorder records"), and a JSON-lines `Recorder` beside them too.
    @Test func aSurvivingAnInMemoryAndAJSONLinesRecorderOnOneTreeKeepTheSameEvents() async throws {
        let url = try frTemporaryURL("three")
        let linesURL = url.deletingLastPathComponent().appendingPathComponent("session.jsonl")
        let root = FRRoot()
        let memory = FlightRecorder(recording: root, keepingLast: 100)
        let surviving = try FlightRecorder(recording: root, keepingLast: 100, survivingIn: url)
        let recorder = try Recorder(recording: root, toFile: linesURL)
        for _ in 0..<3 { root.send(.tick) }
        root.send(.addRow)
        root.rows[0].send(.secret(Sensitive("THREESECRET")))
        root.send(.load(Sensitive("THREETOKEN")))
        await root.effectsState.waitUntilSettled()
        recorder.stop()
        let inMemory = try Recording(jsonLines: memory.jsonLines())
        memory.stop()
        surviving.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        let fromFile = try file.recording
        let fromRecorder = try Recording(contentsOf: linesURL)
        #expect(fromFile.events.count == 7)
        #expect(fromFile.events == inMemory.events)
        #expect(fromFile.events.map(\.event) == fromRecorder.events.map(\.event))
        #expect(fromFile.events.map(\.path) == fromRecorder.events.map(\.path))
        #expect(!frRawText(url).contains("THREESECRET"))
        #expect(!frRawText(url).contains("THREETOKEN"))
    }

    // Two surviving recorders on the same file at once: the docs say a new run's recorder "replaces
    // the file"; a second one while the first runs must either be refused naming the file, or leave
    // a file that reads whole once both stop, never a crash or a garbled file.
    @Test func twoSurvivingRecordersOnOneFileAtOnceAreRefusedOrLeaveAWholeFile() throws {
        let url = try frTemporaryURL("samefile")
        let root = FRRoot()
        let first = try FlightRecorder(
            recording: root, keepingLast: 10, survivingIn: url, appVersion: "first")
        root.send(.tick)
        var second: FlightRecorder?
        var refusal: (any Error)?
        do {
            second = try FlightRecorder(
                recording: root, keepingLast: 10, survivingIn: url, appVersion: "second")
        } catch {
            refusal = error
        }
        root.send(.tick)
        root.send(.keypad(.tapped))
        second?.stop()
        first.stop()
        if let refusal {
            #expect("\(refusal)".contains(url.lastPathComponent), "\(refusal)")
        }
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(frEventLines(file.jsonLines).last?.contains("keypad") == true, "\(file.jsonLines)")
    }

    // A file deleted while its recorder runs: the recorder goes on and stops without a crash, and the
    // app goes on ("rather than the app fail later").
    @Test func aFileDeletedWhileTheRecorderRunsNeitherCrashesNorStopsTheApp() throws {
        let url = try frTemporaryURL("deleted")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
        root.send(.tick)
        try FileManager.default.removeItem(at: url)
        for _ in 0..<50 { root.send(.tick) }
        recorder.stop()
        #expect(root.count == 51)
        #expect(recorder.keptCount == 10)
    }

    // A file replaced by another while the recorder runs: stopping must not write its end mark over
    // the file now at the path (it is someone else's), and nothing traps.
    @Test func aFileReplacedWhileTheRecorderRunsIsNotWrittenOverByItsStop() throws {
        let url = try frTemporaryURL("replaced")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
        root.send(.tick)
        let replacement = Data(String(repeating: "someone else's file\n", count: 400).utf8)
        let temporary = url.deletingLastPathComponent().appendingPathComponent("other")
        try replacement.write(to: temporary)
        #expect(rename(temporary.path, url.path) == 0)
        for _ in 0..<20 { root.send(.tick) }
        recorder.stop()
        #expect(try Data(contentsOf: url) == replacement)
    }

    // RecordingAndReplay: "Write it at any moment, even from inside an update": with a surviving
    // recorder, `write(to:)` from inside an update writes the text, and leaves the surviving file
    // whole.
    @Test func writingTheRecordFromInsideAnUpdateLeavesTheSurvivingFileWhole() throws {
        let folder = try makeTemporaryFolder("fr-write")
        let url = folder.appendingPathComponent("flight.bin")
        let textURL = folder.appendingPathComponent("record.jsonl")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
        root.send(.tick)
        root.send(.tick)
        var thrown: (any Error)?
        root.hook = {
            do { try recorder.write(to: textURL) } catch { thrown = error }
        }
        root.send(.runHook)
        #expect(thrown == nil, "\(String(describing: thrown))")
        recorder.stop()
        let written = try Recording(contentsOf: textURL)
        #expect((2...3).contains(written.events.count), "\(written.events.count)")
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.endedCleanly)
        #expect(try file.recording.events == written.events)
    }

    // RecordingAndReplay: "A ``FlightRecordingFile`` holds the app's version": quotes, a newline, a
    // tab, accents, an emoji and a NUL come back as given.
    @Test func anAppVersionWithOddCharactersRoundTrips() async throws {
        let odd = "2.3 \"beta\"\n\t(410) é🚀\u{0}end"
        let url = try frTemporaryURL("version")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 2, survivingIn: url, appVersion: odd)
        root.send(.tick)
        recorder.stop()
        #expect(try FlightRecordingFile(contentsOf: url).appVersion == odd)
    }

    // RecordingAndReplay, "Limits": "an app version longer than 1,024 bytes of UTF-8 is cut there".
    // One of 100,000 characters comes back as its first 1,024, never trapped on (in a process of its
    // own).
    @Test func aHugeAppVersionIsCutAt1024BytesAsDocumented() async throws {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let url = frURL("hugeversion", pid: getppid())
                let huge = String(repeating: "v", count: 100_000)
                do {
                    let root = FRRoot()
                    let recorder = try FlightRecorder(
                        recording: root, keepingLast: 2, survivingIn: url, appVersion: huge)
                    root.send(.tick)
                    recorder.stop()
                    let file = try FlightRecordingFile(contentsOf: url)
                    frWriteOutcome(
                        "hugeversion",
                        file.appVersion == huge ? "kept" : "changed to \(file.appVersion.count) characters")
                } catch {
                    frWriteOutcome("hugeversion", "threw: \(error)")
                }
                try? FileManager.default.removeItem(at: url)
            }
        }
        let outcome = try #require(frReadOutcome("hugeversion"))
        #expect(outcome == "changed to 1024 characters", "\(outcome)")
    }

    // `.isolatedInstruments`/`withIsolatedInstruments`: a surviving recorder started inside keeps its
    // tree's events and ends its file cleanly when the isolation ends with it stopped.
    @Test func aSurvivingRecorderInsideIsolatedInstrumentsKeepsItsTreesEvents() async throws {
        let url = try frTemporaryURL("isolated")
        try await withIsolatedInstruments { @MainActor @Sendable in
            let root = FRRoot()
            let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
            root.send(.tick)
            root.send(.load(Sensitive("ISOSECRET")))
            await root.effectsState.waitUntilSettled()
            recorder.stop()
        }
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(frEventLines(file.jsonLines).count == 3, "the completion too: \(file.jsonLines)")
        #expect(!frRawText(url).contains("ISOSECRET"))
    }

    // Counters of the recorder agree with its file: `keptCount`, `droppedEventCount`, `capacity`.
    @Test func theRecordersCountsAgreeWithItsFileAfterAHundredThousandEvents() throws {
        let url = try frTemporaryURL("counts")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 100, survivingIn: url)
        for _ in 0..<100_000 { root.send(.tick) }
        #expect(recorder.keptCount == 100)
        #expect(recorder.droppedEventCount == 99_900)
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.droppedEventCount == 99_900)
        let events = frEventLines(file.jsonLines)
        #expect(events.count == 100)
        // Lines are numbered within the record (its header counts the dropped events).
        #expect(events.last?.contains("\"n\":101") == true, "\(events.last ?? "")")
    }

    // RecordingAndReplay, "Cost": "An event whose line is longer than `maximumLineLength` is kept as
    // an unrecordable line that says so", and "Limits": a `maximumLineLength` below 512 is taken as
    // 512. With `maximumLineLength: 256`, a line of about 400 bytes is kept whole; one of about 700 is
    // unrecordable.
    @Test func aLineLengthBelow512KeepsLinesUpTo512Bytes() throws {
        let url = try frTemporaryURL("medium")
        let root = FRRoot()
        let recorder = try FlightRecorder(
            recording: root, keepingLast: 10, survivingIn: url, maximumLineLength: 256)
        root.send(.medium(String(repeating: "m", count: 350)))
        root.send(.medium(String(repeating: "m", count: 650)))
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        let line = try #require(file.jsonLines.split(separator: "\n").first { $0.contains("\"n\":2") })
        #expect(line.utf8.count > 256)
        #expect(!line.contains("unrecordable"), "\(line.prefix(120))...")
        let long = try #require(file.jsonLines.split(separator: "\n").first { $0.contains("\"n\":3") })
        #expect(
            long.contains("unrecordable"), "a \(long.utf8.count)-byte line kept whole: \(long.prefix(120))..."
        )
    }

    // RecordingAndReplay: "At the next launch ... ask whether the previous run left one": no file at
    // the place is no crash, not an error.
    @Test func askingWhereNoFileIsAnswersNoCrash() throws {
        let url = try frTemporaryURL("nothing")
        #expect(try FlightRecordingFile.leftByCrash(at: url) == nil)
    }

    // CHANGELOG: "An update reports an error it handled with `reportHandled(_:during:)` ...: handlers
    // receive it with `ErrorReport.isHandled` set, the scope, the event or effect and the flight
    // recording". With a surviving recorder, the handled report's record holds the event, redacted,
    // and the surviving file too.
    @Test func aHandledReportCarriesTheSurvivingRecordersRecordRedacted() throws {
        let url = try frTemporaryURL("handled")
        try withIsolatedInstruments {
            let box = ReportBox()
            let root = FRRoot()
            let recorder = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
            root.send(.tick)
            root.send(.handled(Sensitive("HANDLEDSECRET")))
            let report = try #require(box.reports(of: root).first)
            #expect(report.isHandled)
            let record = try #require(report.flightRecording)
            #expect(frEventLines(record).last?.contains("handled") == true, "\(record)")
            #expect(!record.contains("HANDLEDSECRET"))
            #expect(!report.description.contains("HANDLEDSECRET"))
            recorder.stop()
            #expect(!frRawText(url).contains("HANDLEDSECRET"))
        }
    }

    // A recorder of a subtree: "Each line names the scope by its path from the recorded root." A
    // surviving recorder of a row keeps that row's events, and they replay into a row.
    @Test func aSurvivingRecorderOfASubscopeKeepsItsEventsAndReplaysIntoIt() throws {
        let url = try frTemporaryURL("subtree")
        let root = FRRoot()
        root.send(.addRow)
        let row = root.rows[0]
        let recorder = try FlightRecorder(recording: row, keepingLast: 10, survivingIn: url)
        row.send(.tick)
        root.send(.tick)
        row.send(.tick)
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.jsonLines.contains("\"root\":\"FRRow\""), "\(file.jsonLines)")
        #expect(frEventLines(file.jsonLines).count == 2, "\(file.jsonLines)")
        #expect(try file.recording.reproduce { FRRow() }.ticks == 2)
    }

    // RecordingAndReplay: "a file that is not whole (cut short, damaged, of a newer format) is refused
    // with a ``RecordingError`` naming the byte at fault". A whole file with its 4 KiB header changed
    // byte by byte where a version or a count could sit (the first 64 bytes): each is refused naming
    // a byte, or read with its events whole.
    @Test func aHeaderChangedInItsFirstBytesIsRefusedNamingTheByteOrReadWhole() throws {
        let url = try frTemporaryURL("header")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 4, survivingIn: url)
        root.send(.tick)
        root.send(.tick)
        recorder.stop()
        let original = try Data(contentsOf: url)
        let work = url.deletingLastPathComponent().appendingPathComponent("changed.bin")
        var unclear: [String] = []
        for position in 0..<64 {
            for value: UInt8 in [0x00, 0xFF, original[position] &+ 1] where value != original[position] {
                var changed = original
                changed[position] = value
                try changed.write(to: work)
                do {
                    let file = try FlightRecordingFile(contentsOf: work)
                    if frEventLines(file.jsonLines).count > 2 {
                        unclear.append("byte \(position)=\(value): more events")
                    }
                } catch let error as RecordingError {
                    if !"\(error)".contains("byte") { unclear.append("byte \(position)=\(value): \(error)") }
                } catch {
                    unclear.append("byte \(position)=\(value): not a RecordingError: \(error)")
                }
            }
        }
        #expect(unclear.isEmpty, "\(unclear.prefix(20))")
    }

    // RecordingAndReplay, "Reproduce": "A replayed tree shares nothing with the live app." A replay
    // made beside a live tree whose surviving recorder runs adds nothing to the live file, and the
    // replay shows the session's values.
    @Test func aReplayBesideALiveSurvivingRecorderAddsNothingToItsFile() throws {
        let folder = try makeTemporaryFolder("fr-beside")
        let url = folder.appendingPathComponent("live.bin")
        let sessionURL = folder.appendingPathComponent("session.jsonl")
        let session = FRRoot()
        let recorder = try Recorder(recording: session, toFile: sessionURL)
        for _ in 0..<4 { session.send(.tick) }
        recorder.stop()
        let live = FRRoot()
        let surviving = try FlightRecorder(recording: live, keepingLast: 10, survivingIn: url)
        live.send(.keypad(.tapped))
        let replayed = try Recording(contentsOf: sessionURL).reproduce { FRRoot() }
        let stepped = try Replay(try Recording(contentsOf: sessionURL), into: FRRoot())
        try stepped.playToEnd()
        _ = try TestPlanSource(recording: try Recording(contentsOf: sessionURL)) { FRRoot() }.swiftSource()
        surviving.stop()
        #expect(replayed.count == 4)
        #expect(stepped.root.count == 4)
        #expect(live.count == 0)
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(frEventLines(file.jsonLines).count == 1, "\(file.jsonLines)")
    }

    // RecordingAndReplay, "Cost": "An event whose line is longer than `maximumLineLength` is kept as
    // an unrecordable line that says so"; a `Recorder` beside it keeps the same event whole (its lines
    // may be 1 MiB). A 100,000-character event at the default length.
    @Test func aHundredThousandCharacterEventIsUnrecordableInTheFileButWholeInARecorder() throws {
        let folder = try makeTemporaryFolder("fr-huge")
        let url = folder.appendingPathComponent("flight.bin")
        let linesURL = folder.appendingPathComponent("session.jsonl")
        let root = FRRoot()
        let surviving = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: url)
        let recorder = try Recorder(recording: root, toFile: linesURL)
        root.send(.big(String(repeating: "h", count: 100_000)))
        root.send(.tick)
        recorder.stop()
        surviving.stop()
        #expect(try Recording(contentsOf: linesURL).events.count == 2)
        let file = try FlightRecordingFile(contentsOf: url)
        let lines = file.jsonLines.split(separator: "\n")
        #expect(lines.contains { $0.contains("\"n\":2") && $0.contains("unrecordable") }, "\(file.jsonLines)")
        #expect(lines.contains { $0.contains("\"n\":3") && $0.contains("tick") }, "\(file.jsonLines)")
        #expect(frFileSize(url) == 4096 + 10 * 2088)
    }

    // RecordingAndReplay: "Once it has overwritten events to stay within its size, its header counts
    // them ... Its lines still tell what happened last." `TestPlanSource(jsonLines:root:)` "reads a
    // recording's text up to its first line that cannot be replayed": from such a file it names the
    // fault at line 1, or refuses naming line 1 and why; never traps.
    @Test func aPlanFromAFileThatDroppedEventsNamesTheFaultAtLineOne() throws {
        let url = try frTemporaryURL("droppedplan")
        let root = FRRoot()
        let recorder = try FlightRecorder(recording: root, keepingLast: 1, survivingIn: url)
        root.send(.tick)
        root.send(.tick)
        recorder.stop()
        let file = try FlightRecordingFile(contentsOf: url)
        #expect(file.droppedEventCount == 1)
        do {
            let plan = try TestPlanSource(jsonLines: file.jsonLines) { FRRoot() }
            #expect(plan.fault?.line == 1, "\(String(describing: plan.fault))")
            #expect(plan.fault.map { "\($0)".contains("the 1 before them are lost") } == true)
        } catch {
            // Refused whole, with the line and the reason, is as clear.
            #expect((error as? RecordingError)?.line == 1, "\(error)")
            #expect("\(error)".contains("the 1 before them are lost"), "\(error)")
        }
    }

    // RecordingAndReplay: "Give the recorder a file, and it also writes each entry there as it keeps
    // it"; "Stopping the recorder ... waits for the writer, then marks the file as ended cleanly".
    // Two surviving recorders on two files at once, both stopped: each file holds every event.
    @Test func twoSurvivingRecordersOnTwoFilesEachWriteEveryEventBeforeTheyStop() throws {
        let folder = try makeTemporaryFolder("fr-twofiles")
        let first = folder.appendingPathComponent("a.bin")
        let second = folder.appendingPathComponent("b.bin")
        let root = FRRoot()
        let a = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: first)
        let b = try FlightRecorder(recording: root, keepingLast: 10, survivingIn: second)
        root.send(.tick)
        root.send(.tick)
        root.send(.keypad(.tapped))
        #expect(a.keptCount == 3)
        #expect(b.keptCount == 3)
        b.stop()
        a.stop()
        for url in [first, second] {
            let file = try FlightRecordingFile(contentsOf: url)
            #expect(file.endedCleanly, "\(url.lastPathComponent)")
            #expect(frEventLines(file.jsonLines).count == 3, "\(url.lastPathComponent): \(file.jsonLines)")
        }
    }
}
