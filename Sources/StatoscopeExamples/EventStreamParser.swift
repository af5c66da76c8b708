// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation

/// Splits a `text/event-stream` body into events, as its bytes arrive in pieces of any size.
///
/// Keeps what the stream format needs for JSON payloads: the `data:` lines of an event, joined by
/// newlines, dispatched at the blank line that ends it. Comments (lines starting with `:`), which a
/// server sends to keep the connection alive, and other fields are skipped.
package struct EventStreamParser {
    private var pending = Data()
    private var dataLines: [String] = []

    package init() {}

    /// Takes the next piece of the body and returns the data of the events it completes.
    package mutating func append(_ bytes: Data) -> [String] {
        pending.append(bytes)
        var events: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            var line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty {
                if !dataLines.isEmpty { events.append(dataLines.joined(separator: "\n")) }
                dataLines = []
            } else if line.hasPrefix("data:") {
                var value = line.dropFirst("data:".count)
                if value.first == " " { value = value.dropFirst() }
                dataLines.append(String(value))
            }
        }
        return events
    }
}
