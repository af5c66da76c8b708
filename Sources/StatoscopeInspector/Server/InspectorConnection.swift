import FlyingFox
import FlyingSocks
import Foundation

/// One client's connection to the inspector: it reads one request (its head at most
/// ``headLimit`` bytes, its body at most ``bodyLimit``), answers it with the handler, and closes.
/// Reading stops at the first blank line, so a request costs time in proportion to its length.
/// Every response says `Connection: close`: the page's requests are few, and an answer of unknown
/// length (the event stream) ends when the connection does.
struct InspectorConnection {
    static let headLimit = 16_384
    static let bodyLimit = 65_536

    let socket: AsyncSocket
    let handler: any HTTPHandler

    /// Answers the request, then closes; a client that goes away ends it early.
    func serve() async {
        defer { try? socket.close() }
        do {
            let response: HTTPResponse
            switch try await readRequest() {
            case .request(let request):
                do {
                    response = try await handler.handleRequest(request)
                } catch {
                    response = InspectorServer.text(
                        "the inspector could not answer: \(error)\n", status: .internalServerError)
                }
            case .refused(let refusal):
                response = refusal
            }
            try await Self.write(response, to: socket)
        } catch {
            // The client closed the connection or stopped reading: nothing is left to tell it.
        }
    }

    /// Tells a client beyond the cap why it is turned away, and closes.
    static func refuse(_ socket: AsyncSocket, cap: Int) async {
        defer { try? socket.close() }
        try? await write(
            InspectorServer.text(
                "refused: the inspector serves at most \(cap) connections at a time; close some and try again\n",
                status: .serviceUnavailable),
            to: socket)
    }

    private enum Read {
        case request(HTTPRequest)
        case refused(HTTPResponse)
    }

    private func readRequest() async throws -> Read {
        var bytes: [UInt8] = []
        var searched = 0
        while true {
            if let end = Self.blankLine(in: bytes, from: searched) {
                return try await request(head: bytes[..<end], rest: Array(bytes[(end + 4)...]))
            }
            guard bytes.count <= Self.headLimit else {
                return .refused(
                    InspectorServer.text(
                        "refused: the request's head is longer than \(Self.headLimit) bytes\n",
                        status: .requestHeaderFieldsTooLarge))
            }
            // The blank line may straddle what was read and what comes next.
            searched = max(0, bytes.count - 3)
            bytes += try await socket.read(atMost: 4_096)
        }
    }

    /// Where `\r\n\r\n` starts in `bytes`, searching from `start`.
    private static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = start
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private func request(head: ArraySlice<UInt8>, rest: [UInt8]) async throws -> Read {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            return .refused(InspectorServer.text("refused: not an HTTP request\n", status: .badRequest))
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .refused(
                InspectorServer.text(
                    "refused: the inspector speaks HTTP/1.1 only\n", status: .httpVersionNotSupported))
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = field[0].trimmingCharacters(in: .whitespaces)
            guard field.count == 2, !name.isEmpty, !name.contains(" ") else {
                return .refused(
                    InspectorServer.text("refused: a malformed header line\n", status: .badRequest))
            }
            headers.addValue(field[1].trimmingCharacters(in: .whitespaces), for: HTTPHeader(name))
        }
        guard headers[.transferEncoding] == nil else {
            return .refused(
                InspectorServer.text(
                    "refused: the inspector takes no chunked body\n", status: .notImplemented))
        }
        var body = rest
        if let length = headers[.contentLength] {
            guard let count = Int(length), count >= 0 else {
                return .refused(
                    InspectorServer.text("refused: a malformed Content-Length\n", status: .badRequest))
            }
            guard count <= Self.bodyLimit else {
                return .refused(
                    InspectorServer.text(
                        "refused: the request's body is longer than \(Self.bodyLimit) bytes\n",
                        status: .payloadTooLarge))
            }
            while body.count < count { body += try await socket.read(atMost: count - body.count) }
            body = Array(body.prefix(count))
        }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return .request(
            HTTPRequest(
                method: HTTPMethod(String(parts[0])), version: HTTPVersion(String(parts[2])),
                target: HTTPRequest.Target(
                    path: String(target[0]), query: target.count > 1 ? String(target[1]) : ""),
                headers: headers, body: HTTPBodySequence(data: Data(body))))
    }

    /// Writes `response` to `socket`: its head, then its body as it comes.
    private static func write(_ response: HTTPResponse, to socket: AsyncSocket) async throws {
        var headers = response.headers
        headers[.connection] = "close"
        headers.removeValue(.transferEncoding)
        headers.removeValue(.contentLength)
        let body: HTTPBodySequence
        switch response.payload {
        case .httpBody(let sequence): body = sequence
        case .webSocket: body = HTTPBodySequence()
        }
        if let count = body.count {
            headers[.contentLength] = "\(count)"
        } else {
            // A body of unknown length (the event streams) comes framed in chunks: the head says so,
            // or a client reads the chunks' size lines as the body and loses what a chunk cuts.
            headers[.transferEncoding] = "chunked"
        }
        var head = "HTTP/1.1 \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
        for (name, value) in headers { head += "\(name.rawValue): \(value)\r\n" }
        head += "\r\n"
        try await socket.write(Data(head.utf8))
        for try await chunk in body { try await socket.write(chunk) }
    }
}
