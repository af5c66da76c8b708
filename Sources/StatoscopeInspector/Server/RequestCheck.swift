import FlyingFox
import Foundation

/// What every request must pass before the inspector answers it: it only reads, it is addressed to
/// this inspector by name (no DNS rebinding), it comes from the inspector's own page or from the
/// address bar (no other site's page), and it carries this start's token.
struct RequestCheck: Sendable {
    /// The token of this start: the printed URL holds it.
    let token: String
    /// The `Host` values accepted: the loopback names with the port, and any the app allowed.
    let hosts: Set<String>

    init(token: String, port: UInt16, allowedHosts: [String]) {
        self.token = token
        hosts = Set(
            ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] + allowedHosts.map { "\($0):\(port)" }
        )
    }

    /// A random token of 32 bytes, as hexadecimal digits.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator))
        }
        .joined()
    }

    /// Why `request` is refused, as the response that says so; nil when it may be answered.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard request.method == .GET || request.method == .HEAD else {
            return refused(
                .methodNotAllowed, "the inspector only reads: \(request.method.rawValue) is refused")
        }
        // A target in absolute form names its own host, which a server would take over `Host`.
        guard request.target.rawValue.hasPrefix("/") else {
            return refused(
                .badRequest, "refused: the request's target names a host; ask for a path of this inspector")
        }
        // One of each: with two, one could name this inspector while a server read the other.
        for header in [HTTPHeader.host, HTTPHeader("Origin"), HTTPHeader("Sec-Fetch-Site")]
        where Self.values(of: header, in: request.headers).count > 1 {
            return refused(
                .badRequest, "refused: the request carries more than one \(header.rawValue) header")
        }
        let host = request.headers[.host]?.lowercased() ?? ""
        guard hosts.contains(host) else {
            let names = hosts.sorted().joined(separator: ", ")
            return refused(
                .forbidden,
                "refused: the Host header \"\(host)\" names none of this inspector's addresses (\(names))")
        }
        if let origin = request.headers[HTTPHeader("Origin")], origin.lowercased() != "http://\(host)" {
            return refused(.forbidden, "refused: a page from \(origin) may not read the inspector")
        }
        if let site = request.headers[HTTPHeader("Sec-Fetch-Site")], site != "same-origin", site != "none" {
            return refused(.forbidden, "refused: a \(site) request may not read the inspector")
        }
        guard let carried = request.query["token"], Self.equal(carried, token) else {
            return refused(
                .unauthorized,
                "refused: the request does not carry this inspector's token (open the URL the app printed)")
        }
        return nil
    }

    /// Every value a request gave `header`, however many times it named it.
    private static func values(of header: HTTPHeader, in headers: HTTPHeaders) -> [String] {
        zip(headers.keys, headers.values).first { $0.0 == header }?.1 ?? []
    }

    /// Compares in a time that does not depend on where the two differ.
    private static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func refused(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        InspectorServer.text(message + "\n", status: status)
    }
}
