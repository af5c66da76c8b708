import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to the inspector that sends exactly the bytes a test gives, as an attacker's
/// client would: no library in between normalises the request line or the headers.
final class RawConnection: @unchecked Sendable {
    // Unchecked: the descriptor is used by one task at a time, and closed once.
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var closed = false

    /// Connects to `host`:`port`, or returns nil when nothing listens there. `receiveBuffer` shrinks
    /// the socket's buffer, for a client that never reads.
    init?(port: UInt16, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        socketDescriptor = descriptor
    }

    deinit { shut() }

    /// Sends `bytes`; false when the connection refused them.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        let deadline = ContinuousClock.now + .seconds(30)
        while offset < bytes.count, ContinuousClock.now < deadline {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return offset == bytes.count
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// What the server sends until it closes the connection, `enough` holds of it, or `patience` passes.
    func receive(within patience: Duration = .seconds(10), until enough: (String) -> Bool = { _ in false })
        -> String
    {
        var received = Data()
        let deadline = ContinuousClock.now + patience
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                break
            }
            received.append(contentsOf: buffer[0..<count])
            if enough(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    func shut() {
        lock.withLock {
            if !closed {
                closed = true
                close(socketDescriptor)
            }
        }
    }
}

/// A raw exchange's answer: its status code (nil when the server answered nothing), its headers and body.
struct RawAnswer: Sendable, CustomStringConvertible {
    let text: String

    var status: Int? {
        let parts = text.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
        return Int(parts[1])
    }

    var head: String { text.components(separatedBy: "\r\n\r\n").first ?? "" }
    var body: String { text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }

    /// The value of the header `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == name.lowercased() {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    var description: String { String(head.prefix(300)) }
}

enum Raw {
    /// Sends `request` on a new connection, off the main actor, and reads the answer until the server
    /// closes or 10 seconds pass; nil when nothing listens.
    static func exchange(_ request: String, port: UInt16) async -> RawAnswer? {
        await exchange(Array(request.utf8), port: port)
    }

    static func exchange(_ request: [UInt8], port: UInt16) async -> RawAnswer? {
        await Task.detached {
            guard let connection = RawConnection(port: port) else { return nil }
            defer { connection.shut() }
            connection.send(request)
            return RawAnswer(text: connection.receive(until: complete))
        }.value
    }

    /// Whether `text` holds a whole response whose body's length its head gives.
    static func complete(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let answer = RawAnswer(text: text)
        guard let length = answer.header("Content-Length").flatMap(Int.init) else { return false }
        return text[end.upperBound...].utf8.count >= length
    }

    /// A GET request of `target`, with `host` as its Host header (none when nil) and `headers`.
    static func get(_ target: String, host: String?, headers: [String] = [], method: String = "GET") -> String
    {
        var lines = ["\(method) \(target) HTTP/1.1"]
        if let host { lines.append("Host: \(host)") }
        lines += headers
        lines.append("Connection: close")
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }
}
