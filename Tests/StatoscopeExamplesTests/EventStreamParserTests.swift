import Foundation
import StatoscopeExamples
import Testing

/// The live count's client reads server-sent events from a body that arrives in pieces of any size.
struct EventStreamParserTests {
    @Test func anEventIsDispatchedAtTheBlankLineThatEndsIt() {
        var parser = EventStreamParser()
        #expect(parser.append(Data("data: {\"count\":1}\n".utf8)) == [])
        #expect(parser.append(Data("\n".utf8)) == ["{\"count\":1}"])
    }

    @Test func piecesSplitAnywhereGiveTheSameEvents() {
        let body =
            "data: {\"count\":1}\r\n\r\n: still here\n\ndata:{\"count\":22}\n\nid: 3\ndata: a\ndata: b\n\n"
        let whole = { () -> [String] in
            var parser = EventStreamParser()
            return parser.append(Data(body.utf8))
        }()
        #expect(whole == ["{\"count\":1}", "{\"count\":22}", "a\nb"])
        let bytes = Array(body.utf8)
        for size in 1...7 {
            var parser = EventStreamParser()
            var events: [String] = []
            for start in stride(from: 0, to: bytes.count, by: size) {
                events += parser.append(Data(bytes[start..<min(start + size, bytes.count)]))
            }
            #expect(events == whole, "in pieces of \(size) bytes")
        }
    }

    @Test func commentsAndBlankLinesAloneDispatchNothing() {
        var parser = EventStreamParser()
        #expect(parser.append(Data(": still here\n\n\n\nevent: count\n\n".utf8)) == [])
    }
}
