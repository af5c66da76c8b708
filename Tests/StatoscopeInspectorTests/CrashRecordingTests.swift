import Foundation
import Statoscope
import StatoscopeInspector
import Testing

/// The file a child process records into: named by the test process's ID, which the child knows as
/// its parent's, since an exit test's body captures nothing.
private func crashFile(_ name: String, parent: pid_t) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("statoscope-crash-\(parent)-\(name)")
}

/// The signal a Swift runtime trap raises.
#if arch(arm64)
    private let trapSignal = SIGTRAP
#else
    private let trapSignal = SIGILL
#endif

/// What the child processes run: an app recording into a surviving file, until it dies.
@MainActor
private enum CrashingChild {
    /// Sends two counts, then `last`, then waits for the process to end: an effect's result arrives
    /// after `last` returns.
    static func run(ending last: Launchpad.When, file name: String) async {
        let app = Launchpad()
        let recorder = try? FlightRecorder(
            recording: app, keepingLast: 16, survivingIn: crashFile(name, parent: getppid()),
            appVersion: "3.0 (12)")
        app.send(.count(1))
        app.send(.count(2))
        app.send(last)
        for _ in 0..<500 { try? await Task.sleep(for: .milliseconds(10)) }
        // Still alive: the parent sees a run that ended cleanly, and says so.
        withExtendedLifetime(recorder) {}
    }

    /// Sends a count, a count its recorder's writer takes 300 ms to write, then an event that traps.
    static func runWithTheWriterBehind(file name: String) {
        let app = Launchpad()
        let recorder = try? FlightRecorder(
            recording: app, keepingLast: 16, survivingIn: crashFile(name, parent: getppid()))
        app.send(.count(1))
        app.send(.slowCount(SlowToRecord(count: 2)))
        app.send(.abort)
        withExtendedLifetime(recorder) {}
    }

    /// Sends two counts, waits until they are written, then an event whose encoding traps on the
    /// recorder's writer thread.
    static func runWithAnUnencodableEvent(file name: String) async {
        let app = Launchpad()
        let recorder = try? FlightRecorder(
            recording: app, keepingLast: 16, survivingIn: crashFile(name, parent: getppid()))
        app.send(.count(1))
        app.send(.count(2))
        recorder?.waitUntilWritten()
        app.send(.unencodable(TrapsWhenRecorded()))
        for _ in 0..<500 { try? await Task.sleep(for: .milliseconds(10)) }
        withExtendedLifetime(recorder) {}
    }

    /// Sends counts until a thread kills the process, at whatever point of writing an entry it is.
    static func runUntilKilled(file name: String) {
        let app = Launchpad()
        let recorder = try? FlightRecorder(
            recording: app, keepingLast: 8, survivingIn: crashFile(name, parent: getppid()))
        // Some entries are written before the kill is armed, however slowly a busy machine runs the
        // writer; the kill then lands wherever the writer is.
        for count in 1...100 { app.send(.count(count)) }
        recorder?.waitUntilWritten()
        Thread.detachNewThread {
            usleep(UInt32.random(in: 2_000...20_000))
            kill(getpid(), SIGKILL)
        }
        for count in 101...50_000_000 { app.send(.count(count)) }
        withExtendedLifetime(recorder) {}
    }

    /// Sends five counts, then overwrites part of the sixth entry's slot and names it in the header,
    /// as a process killed while writing it leaves the file, and kills itself.
    static func runTornBySIGKILL(file name: String) {
        let url = crashFile(name, parent: getppid())
        let app = Launchpad()
        let recorder = try? FlightRecorder(recording: app, keepingLast: 8, survivingIn: url)
        for count in 1...5 { app.send(.count(count)) }
        recorder?.waitUntilWritten()
        guard let file = try? FileHandle(forWritingTo: url) else { return }
        // The sixth entry's slot (header 4,096 bytes, slots of 40 + 2,048), part of its line.
        try? file.seek(toOffset: UInt64(4_096 + 5 * 2_088 + 40))
        try? file.write(contentsOf: Data(#"{"n":7,"path":[],"scope":"Laun"#.utf8))
        // The header: entry 6 begun (at 48), after being handed to the writer (at 64).
        for offset in [48, 64] {
            try? file.seek(toOffset: UInt64(offset))
            try? file.write(contentsOf: Data([6, 0, 0, 0, 0, 0, 0, 0]))
        }
        kill(getpid(), SIGKILL)
        withExtendedLifetime(recorder) {}
    }
}

/// Apps killed in child processes, their surviving flight recordings read in the parent.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(20)))
struct CrashRecordingTests {
    /// The file the child of this test process left as `name`, read, then deleted.
    private func recovered(_ name: String) throws -> FlightRecordingFile {
        let url = crashFile(name, parent: getpid())
        defer { try? FileManager.default.removeItem(at: url) }
        return try #require(try FlightRecordingFile.leftByCrash(at: url))
    }

    /// The events' lines of a recording's text.
    private func eventLines(_ crash: FlightRecordingFile) -> [String] {
        crash.jsonLines.split(separator: "\n").map(String.init).filter { $0.contains(#""event":"#) }
    }

    /// The plan's source for a recovered recording.
    private func planSource(_ crash: FlightRecordingFile) throws -> String {
        try TestPlanSource(recording: crash.recording) { Launchpad() }
            .swiftSource(testName: "crashedLaunch", imports: [])
    }

    /// Checks that the plan's last step is `step`, not sent in the plan itself but named there, and
    /// sent last by its exit test.
    private func expectPlanEnds(
        with step: String, in source: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let plan = source.components(separatedBy: "@Test func crashedLaunchEndsTheProcess")
        #expect(plan.count == 2, "\(source)", sourceLocation: sourceLocation)
        guard plan.count == 2 else { return }
        #expect(
            plan[0].contains(
                """
                        // Sent here, it could end this test's process too; the exit test below sends it:
                        // \(step)
                        .runTest()
                """), "\(plan[0])", sourceLocation: sourceLocation)
        #expect(
            plan[1].contains("                \(step)\n                .runTest()\n        }\n    }\n}\n"),
            "\(plan[1])",
            sourceLocation: sourceLocation)
    }

    @Test func aFatalErrorInAnUpdateLeavesTheEventsThatLedThereWithTheTrappingOneLast() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await CrashingChild.run(ending: .abort, file: "fatalError")
        }
        // The handler that notes the signal hands it back: the runtime's message, and the trap's end.
        #expect(result?.exitStatus == .signal(trapSignal))
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(errors.contains("Fatal error: the countdown was aborted"), "\(errors)")
        let crash = try recovered("fatalError")
        #expect(!crash.endedCleanly)
        #expect(!crash.droppedTornEntry)
        #expect(crash.appVersion == "3.0 (12)")
        #expect(crash.signal == trapSignal)
        #expect(crash.lastEventTime != nil)
        #expect(
            eventLines(crash).map { $0.components(separatedBy: #""event":"#)[1] } == [
                #"{"count":{"_0":1}}}"#, #"{"count":{"_0":2}}}"#, #"{"abort":{}}}"#,
            ])
        let recording = try crash.recording
        #expect(recording.events.count == 3)
        let source = try planSource(crash)
        expectPlanEnds(with: ".WHEN(.abort)", in: source)
        #expect(source.contains(".WHEN(.count(2))\n        .THEN(\\.count, equals: 2)"), "\(source)")
        // The text says how the run ended: read from it, the plan is the same.
        #expect(
            crash.jsonLines.hasPrefix(
                #"{"format":"statoscope-recording","root":"Launchpad","stopped":false,"#))
        let fromText = try TestPlanSource(jsonLines: crash.jsonLines) { Launchpad() }
            .swiftSource(testName: "crashedLaunch", imports: [])
        #expect(fromText == source)
        // The suite compiles and runs the committed plan: its exit test sends the trapping step.
        try GeneratedFile.check(source, isCommittedAs: "CrashedLaunchPlan.swift")
    }

    @Test func aForceUnwrapOfAnEffectsResultLeavesTheDeliveredEventLast() async throws {
        await #expect(processExitsWith: .failure) {
            await CrashingChild.run(ending: .refuel, file: "forceUnwrap")
        }
        let crash = try recovered("forceUnwrap")
        #expect(crash.signal == trapSignal)
        let lines = crash.jsonLines.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.contains(#""effect":"FuelGauge""#) && $0.contains(#""step":"completed""#) })
        #expect(eventLines(crash).last?.hasSuffix(#""event":{"fuelMeasured":{}}}"#) == true, "\(lines)")
        let recording = try crash.recording
        #expect(recording.events.last?.deliveringEffect == "FuelGauge")
        expectPlanEnds(with: ".WHEN(.fuelMeasured(nil))", in: try planSource(crash))
    }

    @Test func aSegmentationFaultLeavesTheEventsThatLedThere() async throws {
        let result = await #expect(processExitsWith: .failure) {
            await CrashingChild.run(ending: .segfault, file: "segfault")
        }
        #expect(result?.exitStatus == .signal(SIGSEGV))
        let crash = try recovered("segfault")
        #expect(crash.signal == SIGSEGV)
        #expect(eventLines(crash).count == 3)
        #expect(eventLines(crash).last?.hasSuffix(#""event":{"segfault":{}}}"#) == true)
        expectPlanEnds(with: ".WHEN(.segfault)", in: try planSource(crash))
    }

    @Test func anAbortLeavesItsSignal() async throws {
        let result = await #expect(processExitsWith: .failure) {
            await CrashingChild.run(ending: .callAbort, file: "abort")
        }
        #expect(result?.exitStatus == .signal(SIGABRT))
        let crash = try recovered("abort")
        #expect(crash.signal == SIGABRT)
        #expect(eventLines(crash).last?.hasSuffix(#""event":{"callAbort":{}}}"#) == true)
    }

    @Test func aTrapWhileTheWriterIsBehindWaitsForItToWriteEveryEventKept() async throws {
        let result = await #expect(processExitsWith: .failure) {
            await CrashingChild.runWithTheWriterBehind(file: "behind")
        }
        #expect(result?.exitStatus == .signal(trapSignal))
        let crash = try recovered("behind")
        #expect(crash.signal == trapSignal)
        #expect(crash.unwrittenEntryCount == 0)
        #expect(
            eventLines(crash).map { $0.components(separatedBy: #""event":"#)[1] } == [
                #"{"count":{"_0":1}}}"#, #"{"slowCount":{"_0":2}}}"#, #"{"abort":{}}}"#,
            ])
    }

    @Test func anEventWhoseEncodingTrapsEndsTheProcessLeavingTheEventsBeforeIt() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await CrashingChild.runWithAnUnencodableEvent(file: "unencodable")
        }
        #expect(result?.exitStatus == .signal(trapSignal))
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(errors.contains("Fatal error: this value cannot be recorded"), "\(errors)")
        let crash = try recovered("unencodable")
        #expect(crash.signal == trapSignal)
        #expect(crash.unwrittenEntryCount == 1)
        #expect(!crash.droppedTornEntry)
        #expect(eventLines(crash).count == 2)
    }

    @Test func aProcessKilledWhileWritingAnEntryLeavesTheEntriesBeforeIt() async throws {
        await #expect(processExitsWith: .signal(SIGKILL)) {
            await CrashingChild.runTornBySIGKILL(file: "torn")
        }
        let crash = try recovered("torn")
        #expect(crash.signal == nil, "no process can catch SIGKILL")
        #expect(crash.droppedTornEntry)
        #expect(eventLines(crash).count == 5)
        #expect(try crash.recording.events.count == 5)
    }

    @Test func aProcessKilledAtAnyMomentLeavesAReadableRecordOfItsLastEvents() async throws {
        await #expect(processExitsWith: .signal(SIGKILL)) {
            await CrashingChild.runUntilKilled(file: "killed")
        }
        let crash = try recovered("killed")
        let counts = eventLines(crash).compactMap { line in
            line.components(separatedBy: #"{"count":{"_0":"#).last.flatMap { Int($0.prefix { $0.isNumber }) }
        }
        // Whether or not it died in the middle of an entry, the entries read are the last ones, in
        // order, none missing: the first is the one after those dropped.
        #expect(!counts.isEmpty)
        #expect(counts.count <= 8)
        #expect(counts == Array((crash.droppedEventCount + 1)..<(crash.droppedEventCount + 1 + counts.count)))
    }
}
