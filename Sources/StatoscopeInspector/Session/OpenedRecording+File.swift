import Foundation
import Statoscope

extension OpenedRecording {
    /// The first bytes of a surviving flight recording's file.
    private static let survivingMagic = Array("STSFLREC".utf8)

    /// Reads the recording in the file at `url`: a recording's text (JSON lines, as a ``Recorder``
    /// or a flight recorder's report writes it) or a surviving flight recorder's file, told apart by
    /// their first bytes.
    ///
    /// - Throws: `RecordingError` naming the file, and the line or byte at fault.
    init(contentsOf url: URL) throws {
        let head: [UInt8]
        do {
            let file = try FileHandle(forReadingFrom: url)
            defer { try? file.close() }
            head = [UInt8](try file.read(upToCount: Self.survivingMagic.count) ?? Data())
        } catch {
            throw RecordingError(line: 0, reason: "cannot read \(url.path): \(error.localizedDescription)")
        }
        if head == Self.survivingMagic {
            // Its errors name the file already.
            let flight = try FlightRecordingFile(contentsOf: url)
            let recording: Recording
            do {
                recording = try flight.recording
            } catch let error as RecordingError {
                throw Self.naming(url, in: error)
            }
            self.init(recording, text: flight.jsonLines, file: url, flight: flight)
            return
        }
        let recording: Recording
        let text: String
        do {
            recording = try Recording(contentsOf: url)
            text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        } catch let error as RecordingError {
            guard error.line == 1, head.first != UInt8(ascii: "{") else { throw Self.naming(url, in: error) }
            throw RecordingError(
                line: 0,
                reason:
                    "\(url.path) is not a recording: neither a recording's text (line 1: \(error.reason)) nor a surviving flight recording (it does not start with \"STSFLREC\")"
            )
        } catch {
            throw RecordingError(line: 0, reason: "cannot read \(url.path): \(error.localizedDescription)")
        }
        self.init(recording, text: text, file: url)
    }

    /// `error`, saying which file it is about.
    static func naming(_ url: URL, in error: RecordingError) -> RecordingError {
        guard !error.reason.contains(url.path) else { return error }
        return RecordingError(line: error.line, reason: "\(error.reason) (in \(url.path))")
    }
}
