import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one place where the example API clients touch the network: send a request, check the status
/// and decode the JSON body.
enum JSONOverHTTP {
    static func send<Response: Decodable>(
        _ method: String, _ url: URL, body: (some Encodable)?, decoding _: Response.Type
    ) async throws -> Response {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 10
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let text = String(decoding: data, as: UTF8.self)
            throw ServerError(
                message: "\(method) \(url.path) answered \(status)\(text.isEmpty ? "" : ": \(text)")")
        }
        return try JSONDecoder().decode(Response.self, from: data)
    }
}
