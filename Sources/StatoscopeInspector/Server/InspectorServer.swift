import FlyingFox
import Foundation

/// Answers the page's requests, each only once ``RequestCheck`` let it through. Everything served
/// reads: no request changes the app's state.
struct InspectorServer: HTTPHandler {
    let check: RequestCheck
    let journal: InspectorJournal
    let session: InspectorSession

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let refusal = check.refusal(of: request) { return refusal }
        switch request.path {
        case "/", "/index.html":
            return try page("index.html", type: "text/html; charset=utf-8")
        case "/inspector.js":
            return try page("inspector.js", type: "text/javascript; charset=utf-8")
        case "/inspector.css":
            return try page("inspector.css", type: "text/css; charset=utf-8")
        case "/events":
            let events = await journal.connect()
            // The tree is described only while a page watches: the one connecting gets it as it is now.
            await session.feed.snapshot()
            return Self.secured(
                HTTPResponse(
                    statusCode: .ok, headers: [.contentType: "text/event-stream"],
                    body: HTTPBodySequence(from: EventStreamBody(events: events))))
        case "/state":
            return await state(request.query["event"], inputs: request.query["inputs"])
        case "/recording":
            do {
                var response = Self.text(try await session.recordingText(), status: .ok)
                response.headers[.contentType] = "application/x-ndjson"
                response.headers[.contentDisposition] = #"attachment; filename="session.jsonl""#
                return response
            } catch {
                return Self.text("cannot download the session's recording: \(error)\n", status: .conflict)
            }
        case "/test-plan":
            return await session.testPlan()
        default:
            return Self.text("no such page: \(request.path)\n", status: .notFound)
        }
    }

    private func page(_ name: String, type: String) throws -> HTTPResponse {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page") else {
            return Self.text("the inspector's page is missing \(name)\n", status: .notFound)
        }
        // The token is hexadecimal digits: put into the page as it is, it cannot break out of it.
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "__TOKEN__", with: check.token)
        return Self.secured(
            HTTPResponse(statusCode: .ok, headers: [.contentType: type], body: Data(text.utf8)))
    }

    /// A plain-text response.
    static func text(_ text: String, status: HTTPStatusCode) -> HTTPResponse {
        secured(
            HTTPResponse(
                statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: Data(text.utf8)))
    }

    /// `response`, with the headers that keep other pages out: no framing, no caching, no referrer
    /// (the URL holds the token), nothing loaded from elsewhere, and no CORS header.
    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers[.cacheControl] = "no-store"
        response.headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        response.headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        response.headers[HTTPHeader("X-Frame-Options")] = "DENY"
        response.headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'self'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'"
        return response
    }
}
