import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Cuts a recording's bytes into lines as they arrive, refusing a line over the limit as soon as it
/// grows past it, before the rest of the file is read.
///
/// Lines end with LF or CRLF; the terminator is not part of the line.
struct RecordingLineSplitter {
    /// The complete lines so far.
    private(set) var lines: [[UInt8]] = []
    private var current: [UInt8] = []
    let maximumLineLength: Int

    init(maximumLineLength: Int = RecordingFormat.maximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    // SAFETY: Sound because `bytes` is only read, within its bounds (every index is found in it, and
    // `memchr` reads from `start` to its end only), during the call, and what is kept is copied into
    // `current` and `lines`. Its base address is not nil: it holds at least the byte at `start`.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) throws {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            // `memchr` finds the end of a line many bytes at a time.
            let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.endIndex - start).map {
                bytes.baseAddress!.distance(to: UnsafeRawPointer($0))
            }
            let end = newline ?? bytes.endIndex
            // One CR at most, before the LF: with the limit checked against the line's own bytes.
            let allowance = newline != nil && end > start && bytes[end - 1] == 0x0D ? 1 : 0
            guard current.count + (end - start) - allowance <= maximumLineLength else {
                throw RecordingError(
                    line: lines.count + 1, reason: "longer than \(maximumLineLength) bytes")
            }
            if current.isEmpty, newline != nil {
                // A whole line in these bytes: copied once, at its size.
                lines.append([UInt8](bytes[start..<(end - allowance)]))
                start = end + 1
                continue
            }
            current.append(contentsOf: bytes[start..<end])
            guard newline != nil else { break }
            if current.last == 0x0D { current.removeLast() }
            lines.append(current)
            current.removeAll(keepingCapacity: true)
            start = end + 1
        }
    }

    /// The lines, and whether the last one was cut short of its terminator.
    consuming func finish() -> (lines: [[UInt8]], lastIsUnterminated: Bool) {
        guard !current.isEmpty else { return (lines, false) }
        lines.append(current)
        return (lines, true)
    }
}
