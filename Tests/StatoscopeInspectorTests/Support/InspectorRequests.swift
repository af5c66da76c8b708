import FlyingFox
import Foundation
import StatoscopeInspector

/// Sends the inspector requests as any client could: with whatever headers the test gives.
struct InspectorRequests {
    let inspector: URL

    var port: UInt16 { UInt16(inspector.port ?? 0) }
    var token: String {
        URLComponents(url: inspector, resolvingAgainstBaseURL: false)?.queryItems?.first {
            $0.name == "token"
        }?
        .value ?? ""
    }

    /// A request for `path` with `query` and `headers` (a GET unless `method` says otherwise); Host is
    /// `127.0.0.1:PORT` unless `headers` says.
    func send(
        _ path: String, query: [String: String] = [:], headers: [HTTPHeader: String] = [:],
        method: HTTPMethod = .GET
    ) async throws -> (status: Int, text: String, headers: HTTPHeaders) {
        var allHeaders: [HTTPHeader: String] = [.host: "127.0.0.1:\(port)"]
        allHeaders.merge(headers) { $1 }
        let request = HTTPRequest(
            method: method, version: .http11, path: path,
            query: query.sorted { $0.key < $1.key }.map {
                HTTPRequest.QueryItem(name: $0.key, value: $0.value)
            },
            headers: allHeaders, body: Data())
        var client = HTTPClient()
        let response = try await client.sendHTTPRequest(request, to: .inet(ip4: "127.0.0.1", port: port))
        return (
            response.statusCode.code, String(decoding: try await response.bodyData, as: UTF8.self),
            response.headers
        )
    }
}
