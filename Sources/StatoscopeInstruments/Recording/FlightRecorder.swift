import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects

/// An always-on, bounded, in-memory record of a tree's last events and effect steps, for error
/// reports and bug reports.
///
/// <!-- compiled with: Shop -->
/// <!-- compiled inside: @MainActor func keepAFlightRecord(shop: Shop, reportURL: URL) throws { … } -->
/// ```swift
/// let flightRecorder = FlightRecorder(recording: shop, keepingLast: 500)
/// // ... anywhere, at any moment, even inside an update:
/// try flightRecorder.write(to: reportURL)
/// ```
///
/// It keeps the same inputs a ``Recorder`` records (every event sent to a scope of the tree from
/// outside any update, effect completions included), and each step of each effect's life (enqueued,
/// started, completed, failed, cancelled: the effect's type, never its values), the last `capacity`
/// of them together. Keeping one costs a store into a slot that already exists: events are encoded
/// only when the record is written, with the redaction rules of a ``Recorder``, so memory is bounded by
/// `capacity` entries.
///
/// What it writes is a recording: ``Recording``, ``Replay`` and `REPLAY` read it, skipping the
/// effect steps, and refuse it if it is damaged. While it still holds everything since it started,
/// it replays into a new tree to the same state; once it has dropped events to stay within its
/// capacity, its header says how many, and reading it refuses to replay it (the events it lacks
/// cannot be made up), though its lines still tell what happened last.
///
/// Given a file (``init(recording:keepingLast:survivingIn:appVersion:maximumLineLength:)``), it also
/// writes each entry there as it keeps it, so that the last ones outlive the process however it ends:
/// the next launch reads them with ``FlightRecordingFile/leftByCrash(at:)``.
///
/// Every ``ErrorReport`` carries the record of the most recently started flight recorder still
/// running on the tree of the scope it is about, in ``ErrorReport/flightRecording`` (none when no
/// recorder records that tree); one started inside
/// ``withIsolatedInstruments(_:)-(()->Result)`` gives it only to the reports made there, and before
/// any recorder started outside. It stops at ``stop()`` or when released, and holds its root
/// weakly.
@MainActor
public final class FlightRecorder {
    /// How many entries, events and effect steps together, it keeps.
    public var capacity: Int { storage.log.capacity }
    /// How many entries it keeps now: at most ``capacity``.
    public var keptCount: Int { storage.log.count }
    /// How many events it dropped, oldest first, to stay within ``capacity``.
    public var droppedEventCount: Int { storage.log.droppedEventCount }

    private let rootTypeName: String
    private let storage: Storage
    private var registration: MiddlewareRegistration?

    /// The flight recorders running, most recently started last, and what they installed.
    ///
    // Global because error reports are: whichever scope's update or effect fails, its report
    // carries the record of the most recently started recorder still running on its tree.
    private static var recorders = Recorders()

    private struct Recorders {
        /// Most recently started last; the last one's record goes into error reports.
        var running: [Weak] = []
        /// Gives error reports the record while any flight recorder runs.
        var enricher: MiddlewareRegistration?
    }

    private struct Weak {
        weak var recorder: FlightRecorder?
        /// Where it was started: its record goes into the reports made there only.
        let isolation: InstrumentIsolation?
    }

    /// Starts keeping the last `capacity` events and effect steps of the subtree of `root`.
    ///
    /// It keeps at least one: a `capacity` below one keeps one. Memory grows with what it keeps, up to
    /// `capacity` entries, so a very large `capacity` costs only as entries arrive.
    public convenience init<Root: Scope>(recording root: Root, keepingLast capacity: Int = 1_000) {
        self.init(root: root, capacity: capacity, surviving: nil)
    }

    /// Starts keeping the last `capacity` events and effect steps of the subtree of `root`, as
    /// ``init(recording:keepingLast:)`` does, and also in a file at `url` that outlives the process:
    /// read it at the next launch with ``FlightRecordingFile/leftByCrash(at:)``.
    ///
    /// The file replaces any file at `url` (give each surviving recorder a file of its own), and has
    /// a fixed size: 4 KiB, plus
    /// `maximumLineLength + 40` bytes for each of the `capacity` entries it keeps (at most 1 GiB: a
    /// larger request keeps fewer). Each entry is written into it as it is kept, as a recording's
    /// line, with the redaction rules of a ``Recorder``; an event whose line is longer than
    /// `maximumLineLength` (brought within 512 bytes to 1 MiB) is kept as an unrecordable line that
    /// says so. Stopping the recorder, or releasing it, marks the file as ended cleanly; a run that
    /// ends any other way (a trap, a signal, being killed) leaves it as it was after its last entry.
    ///
    /// While the file is open, a fatal signal (a Swift runtime trap, a bad memory access, `abort()`)
    /// is noted in it before the signal goes on to the handler installed before (a crash reporter's,
    /// the runtime's) or ends the process: see ``FlightRecordingFile/signal``. The file of the
    /// surviving recorder started last is the one noted.
    ///
    /// - Parameters:
    ///   - appVersion: The version the file names, for a crash report; when nil, the main bundle's
    ///     `CFBundleShortVersionString` and `CFBundleVersion`, or empty without them.
    /// - Throws: ``RecordingError`` when the file cannot be created, written out in full (a disk
    ///   without room for it) or mapped into memory.
    public convenience init<Root: Scope>(
        recording root: Root, keepingLast capacity: Int = 1_000, survivingIn url: URL,
        appVersion: String? = nil, maximumLineLength: Int = 2_048
    ) throws {
        let surviving = try SurvivingLog(
            url: url, capacity: capacity, maximumLineLength: maximumLineLength,
            rootTypeName: "\(type(of: root))", appVersion: appVersion ?? Self.mainBundleVersion)
        self.init(root: root, capacity: capacity, surviving: surviving)
    }

    /// `1.4 (210)`: the main bundle's version and build, as far as it has them.
    private static var mainBundleVersion: String {
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String
        let build = info?["CFBundleVersion"] as? String
        return [version, build.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
    }

    private init<Root: Scope>(root: Root, capacity: Int, surviving: SurvivingLog?) {
        rootTypeName = "\(type(of: root))"
        let storage = Storage(root: root, capacity: capacity, surviving: surviving)
        self.storage = storage
        // The storage, not the recorder, so that keeping an event loads no weak reference; the
        // recorder takes the tap out when it stops or goes.
        registration = InstrumentHooks.entryTaps.add { scope, when in storage.keep(scope, when) }
        Self.recorders.running.removeAll { $0.recorder == nil }
        Self.recorders.running.append(Weak(recorder: self, isolation: InstrumentIsolation.capture()))
        Self.installLifecycleRecorder()
    }

    isolated deinit {
        stop()
    }

    /// Stops keeping entries; what it kept can still be written.
    public func stop() {
        registration?.remove()
        registration = nil
        storage.surviving?.markClosed()
        Self.recorders.running.removeAll { $0.recorder == nil || $0.recorder === self }
        Self.installLifecycleRecorder()
    }

    /// Returns once a surviving recorder's file holds every entry kept so far (its writer thread
    /// writes them moments after they are kept); at once for a recorder that keeps none in a file.
    package func waitUntilWritten() {
        storage.surviving?.waitUntilWritten()
    }

    /// What it kept, oldest first, as the text of a recording.
    public func jsonLines() -> String {
        Self.jsonLines(of: storage.log, rootTypeName: rootTypeName)
    }

    /// A log as the text of a recording; anywhere, since a log holds only `Sendable` values.
    private nonisolated static func jsonLines(of log: FlightLog, rootTypeName: String) -> String {
        var writer = RecordingWriter()
        var text = writer.header(rootTypeName: rootTypeName, droppedEvents: log.droppedEventCount)
        for entry in log.entries {
            switch entry {
            case .event(let path, let scopeTypeName, let event):
                text += writer.eventLine(path: path, scopeTypeName: scopeTypeName, event: event)
            case .effect(let path, let scopeTypeName, let effectTypeName, let step):
                text += writer.stepLine(
                    path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName, step: step)
            }
        }
        return text + writer.endLine()
    }

    /// Writes what it kept to a file at `url`, replacing it, as a recording.
    public func write(to url: URL) throws {
        do {
            try Data(jsonLines().utf8).write(to: url, options: .atomic)
        } catch {
            throw RecordingError(line: 0, reason: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Gives a report the record of the most recently started flight recorder still running on the
    /// tree of the report's scope, as it is now; it becomes text only if the report's ``ErrorReport/flightRecording`` is read.
    ///
    /// Inside ``withIsolatedInstruments(_:)-(()->Result)``, a recorder started in the innermost
    /// isolation comes first, then one of the isolations around it, then one of the whole app's:
    /// a test's own recorder goes into its reports, whatever other tests start meanwhile.
    private static func attachRecord(to report: inout ErrorReport) {
        guard report.flightRecordingSource == nil, let recorder = recorderForReports(of: report) else {
            return
        }
        let log = recorder.storage.log
        let rootTypeName = recorder.rootTypeName
        report.flightRecordingSource = DeferredText { jsonLines(of: log, rootTypeName: rootTypeName) }
    }

    /// The running recorder whose record goes into a report made now: see `attachRecord(to:)`.
    private static func recorderForReports(of report: ErrorReport) -> FlightRecorder? {
        var isolation = InstrumentIsolation.capture()
        while true {
            let found = recorders.running.last {
                guard let recorder = $0.recorder, recorder.registration != nil, $0.isolation === isolation
                else { return false }
                return recorder.records(report.scopeID)
            }
            if let recorder = found?.recorder { return recorder }
            guard let current = isolation else { return nil }
            isolation = current.enclosing
        }
    }

    /// Whether the scope identified by `scopeID` is in the tree this recorder records.
    private func records(_ scopeID: ObjectIdentifier) -> Bool {
        guard let root = storage.root else { return false }
        if ObjectIdentifier(root) == scopeID { return true }
        guard let runtime = ScopeRuntimeTable.runtime(withID: scopeID) else { return false }
        return RecordedPath.of(runtime, below: root) != nil
    }

    /// What a flight recorder keeps, apart from it so that its entry tap can hold it strongly.
    @MainActor
    private final class Storage {
        weak var root: AnyObject?
        var log: FlightLog
        /// The file each entry is also written into, when the recorder survives the process.
        let surviving: SurvivingLog?

        init(root: AnyObject, capacity: Int, surviving: SurvivingLog?) {
            self.root = root
            log = FlightLog(capacity: capacity)
            self.surviving = surviving
        }

        func keep(_ scope: any Scope, _ when: any Sendable) {
            guard let path = RecordedPath.of(scope, below: root) else { return }
            let scopeTypeName = RecordedPath.typeName(of: scope)
            log.append(.event(path: path, scopeTypeName: scopeTypeName, event: when))
            surviving?.keepEvent(path: path, scopeTypeName: scopeTypeName, event: when)
        }

        func keep(_ runtime: ScopeRuntime, _ step: EffectLifecycleEvent, _ effect: any Effect) {
            guard let root, let path = RecordedPath.of(runtime, below: root) else { return }
            let scopeTypeName = "\(runtime.scopeType)"
            let effectTypeName = "\(type(of: effect))"
            log.append(
                .effect(
                    path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName,
                    step: step.stepName))
            surviving?.keepStep(
                path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName, step: step.stepName)
        }
    }

    /// Installs the lifecycle hook and the error reports' enricher while any flight recorder runs,
    /// so that none costs nothing.
    private static func installLifecycleRecorder() {
        guard recorders.running.contains(where: { $0.recorder?.registration != nil }) else {
            ScopeRuntime.lifecycleRecorder = nil
            recorders.enricher = nil
            return
        }
        if recorders.enricher == nil {
            recorders.enricher = InstrumentHooks.errorReportEnrichers.add { attachRecord(to: &$0) }
        }
        ScopeRuntime.lifecycleRecorder = { runtime, step, effect in
            for entry in FlightRecorder.recorders.running {
                guard let recorder = entry.recorder, recorder.registration != nil else { continue }
                recorder.storage.keep(runtime, step, effect)
            }
        }
    }
}
