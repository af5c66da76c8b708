import Foundation

/// The file a surviving flight recorder keeps: the last events and effect steps of the run that wrote
/// it, and whether that run stopped its recorder or ended without stopping it (it crashed, or was
/// killed).
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func recoverAtLaunch(app: App, url: URL, send: (String) -> Void) throws -> FlightRecorder { … return flightRecorder } -->
/// ```swift
/// // At launch, before starting this run's recorder at the same place:
/// if let crash = try FlightRecordingFile.leftByCrash(at: url) {
///     send(crash.jsonLines)  // to a crash reporter, with the app's version
///     try crash.delete()
/// }
/// let flightRecorder = try FlightRecorder(recording: app, keepingLast: 500, survivingIn: url)
/// ```
///
/// Reading checks the whole file. An entry the process was writing when it died is dropped (see
/// ``droppedTornEntry``), never misread; anything else out of place (not such a file, cut short, a
/// damaged slot, a newer format) is refused with a ``RecordingError`` naming the byte.
public struct FlightRecordingFile: Sendable {
    /// Where the file is.
    public let url: URL
    /// Whether its run stopped the recorder (``FlightRecorder/stop()``, or releasing it); false when
    /// the run ended while recording.
    public let endedCleanly: Bool
    /// The fatal signal that ended the run, when the recorder caught it: `SIGILL` (or `SIGTRAP` on
    /// ARM) for a Swift runtime trap (a `fatalError`, a failed `precondition`, a force-unwrap of
    /// `nil`, an index out of range), `SIGSEGV` or `SIGBUS` for a bad memory access, `SIGABRT` for
    /// `abort()`, `SIGFPE` for an arithmetic fault. Nil when none was caught: the run ended cleanly,
    /// or was killed (`SIGKILL`, which no process can catch, is how the system ends an app it
    /// reclaims or the watchdog stops).
    public let signal: Int32?
    /// The app's version, as the recorder was given it.
    public let appVersion: String
    /// When the last event kept was sent; nil when none was kept.
    public let lastEventTime: Date?
    /// How many events came before the first one kept: the file keeps only the last ones.
    public let droppedEventCount: Int
    /// Whether an entry was being written when the run ended: it is left out, since it cannot be
    /// read whole. (A last entry damaged later reads the same way; in a file that ended cleanly, no
    /// entry was being written, and one that does not read is refused as damage.)
    public let droppedTornEntry: Bool
    /// How many entries (events and effects' steps) the recorder kept after the last one the file
    /// holds whole: its writer had not yet written them when the run ended. A crash the process can
    /// catch (a trap, a bad access) gives the writer time to finish first, so this is 0 then unless
    /// the writer itself was stuck; a kill it cannot catch (`SIGKILL`, the system reclaiming the app)
    /// loses what was waiting, usually the last microseconds.
    public let unwrittenEntryCount: Int
    /// What it kept, as the text of a flight recording: a header (with ``droppedEventCount``, and
    /// whether its run ended without stopping its recorder), a line per entry kept, oldest first, and
    /// an end line. For a crash report, or the inspector; `TestPlanSource(jsonLines:root:)` reads it
    /// as it reads ``recording``.
    public let jsonLines: String

    /// Reads the file at `url`, ended cleanly or not.
    ///
    /// - Throws: ``RecordingError`` when it cannot be read or is not a whole surviving flight
    ///   recording, naming the byte at fault.
    public init(contentsOf url: URL) throws {
        let log = try SurvivingLogReader(try Self.bytes(of: url), name: url.path)
        self.url = url
        endedCleanly = log.isClosed
        signal = log.signal == 0 ? nil : log.signal
        appVersion = log.appVersion
        droppedEventCount = log.droppedEventCount
        droppedTornEntry = log.droppedTornEntry
        unwrittenEntryCount = log.unwrittenEntryCount
        lastEventTime = log.entries.last { $0.kind == SurvivingLogLayout.Kind.event }.map {
            Date(timeIntervalSince1970: Double($0.time) / 1e9)
        }
        jsonLines = try Self.jsonLines(of: log, name: url.path)
    }

    /// The file a run left at `url` without stopping its recorder: nil when there is no file there,
    /// or when its run stopped its recorder.
    ///
    /// - Throws: ``RecordingError`` when there is a file but it cannot be read, as
    ///   ``init(contentsOf:)`` does.
    public static func leftByCrash(at url: URL) throws -> FlightRecordingFile? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let file = try FlightRecordingFile(contentsOf: url)
        return file.endedCleanly ? nil : file
    }

    /// The events kept, to replay or to turn into a test plan.
    ///
    /// When its run ended without stopping its recorder, the last event is where it ended, if it
    /// ended in an update: replaying it may end the process the same way. `TestPlanSource` writes it
    /// as the plan's last step without sending it.
    ///
    /// - Throws: ``RecordingError`` when the file kept only the last events (``droppedEventCount``
    ///   is above zero: the ones before cannot be made up) or holds an event that could not be
    ///   recorded.
    public var recording: Recording {
        get throws { try Recording(jsonLines: jsonLines) }
    }

    /// Deletes the file, once what it holds has been sent; a file already gone is not an error.
    public func delete() throws {
        do {
            try FileManager.default.removeItem(at: url)
        } catch CocoaError.fileNoSuchFile {
            return
        } catch {
            throw RecordingError(line: 0, reason: "cannot delete \(url.path): \(error.localizedDescription)")
        }
    }

    /// The file's bytes: its first ones alone when they are not a surviving flight recording's, so
    /// that a large file of another kind is refused without being read whole.
    private static func bytes(of url: URL) throws -> [UInt8] {
        do {
            let file = try FileHandle(forReadingFrom: url)
            defer { try? file.close() }
            let head = [UInt8](try file.read(upToCount: SurvivingLogLayout.headerSize) ?? Data())
            guard head.starts(with: SurvivingLogLayout.magic) else { return head }
            let size = try file.seekToEnd()
            guard size <= UInt64(SurvivingLogLayout.maximumFileSize) else {
                throw RecordingError(
                    line: 0,
                    reason:
                        "\(url.path): at byte \(SurvivingLogLayout.maximumFileSize): the file is \(size) bytes long; a surviving flight recording is at most \(SurvivingLogLayout.maximumFileSize)"
                )
            }
            try file.seek(toOffset: 0)
            return [UInt8](try file.readToEnd() ?? Data())
        } catch let error as RecordingError {
            throw error
        } catch {
            throw RecordingError(line: 0, reason: "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// The text of a flight recording holding the entries kept, numbered from line 2.
    private static func jsonLines(of log: SurvivingLogReader, name: String) throws -> String {
        var writer = RecordingWriter()
        var text = writer.header(
            rootTypeName: log.rootTypeName, droppedEvents: log.droppedEventCount,
            endedWithoutStopping: !log.isClosed)
        var events = 0
        for (index, entry) in log.entries.enumerated() {
            // Each line was numbered as it was written; here it takes its place after the header.
            let prefix = Array(#"{"n":"#.utf8)
            guard entry.line.starts(with: prefix),
                let comma = entry.line[prefix.count...].firstIndex(of: UInt8(ascii: ",")),
                comma > prefix.count,
                entry.line[prefix.count..<comma].allSatisfy({ (0x30...0x39).contains($0) })
            else {
                throw RecordingError(
                    line: 0, reason: "\(name): entry \(entry.sequence) is not a recording's line")
            }
            text += #"{"n":\#(index + 2)"#
            text += String(decoding: entry.line[comma...], as: UTF8.self) + "\n"
            if entry.kind == SurvivingLogLayout.Kind.event { events += 1 }
        }
        return text + RecordingWriter.endLine(number: log.entries.count + 2, events: events)
    }
}
