import Foundation
import Statoscope
import StatoscopeInspector

/// `--crash`: a launch countdown whose last update ends the process, recorded by a flight recorder
/// whose file survives it; the next run finds that file, prints what it kept and the test plan that
/// plays the same events again, then deletes it.
@MainActor
enum DemoCrash {
    /// Where the recording survives from one run to the next.
    static let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "statoscope-demo-crash.flightrecording")

    static func run() throws {
        if let crash = try FlightRecordingFile.leftByCrash(at: file) {
            try report(crash)
        } else {
            try crash()
        }
    }

    /// Records a countdown that reaches a stage it has no name for: an index out of range.
    private static func crash() throws {
        let countdown = Countdown()
        let recorder = try FlightRecorder(
            recording: countdown, keepingLast: 100, survivingIn: file, appVersion: "demo 1.0")
        print("recording into \(file.path)")
        print("this run ends in an update; run `swift run statoscope-demo --crash` again to see what it left")
        for _ in 0..<3 {
            countdown.send(.next)
            print("countdown: \(countdown.name)")
        }
        print("countdown: next stage")
        // What was printed stays printed when the process ends.
        fflush(nil)
        countdown.send(.next)
        withExtendedLifetime(recorder) {}
    }

    private static func report(_ crash: FlightRecordingFile) throws {
        let names = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
        ]
        let signal = crash.signal.map { names[$0] ?? "signal \($0)" } ?? "no signal noted"
        let time = crash.lastEventTime.map { "\($0)" } ?? "no event"
        print(
            "the previous run ended without stopping its recorder (\(signal), app \(crash.appVersion), last event at \(time))"
        )
        print("its flight recording, from \(crash.url.path):")
        print(crash.jsonLines, terminator: "")
        let source = try TestPlanSource(recording: crash.recording) { Countdown() }
            .swiftSource(testName: "countdownCrash", imports: [])
        print("the test plan that plays it again (its last step is the one that ended the run):")
        print(source, terminator: "")
        try crash.delete()
        print("deleted \(crash.url.path)")
    }
}

/// A launch countdown with a bug: it counts one stage past the last it names.
@MainActor
final class Countdown: Scope {
    static let stages = ["ignition", "liftoff", "orbit"]
    var stage = -1
    var name = "on the pad"

    enum When: Codable, Sendable {
        case next
    }

    func update(_ when: When) throws {
        switch when {
        case .next:
            stage += 1
            // The bug: no check that a stage follows.
            name = Self.stages[stage]
        }
    }
}
