import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A recording that cannot be read or replayed, with the line and the reason.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line at fault, counting from 1; 0 when the file itself could not be read.
    public let line: Int
    /// What is wrong with it.
    public let reason: String

    /// Makes an error about a line.
    package init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line 7: not valid JSON`.
    public var description: String {
        line == 0 ? reason : "line \(line): \(reason)"
    }

    /// The short reason a line failed to decode.
    static func reason(decoding error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted:
            return "not valid JSON"
        case .keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "unexpected value at \"\(path)\""
        default:
            return "\(error)"
        }
    }
}
