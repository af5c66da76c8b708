import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the suites on the inspector's promises do: start an inspector and stop it after, wait for work
/// on a thread of its own, and say where a secret leaked.
@MainActor
protocol InspectorProbing {}

extension InspectorProbing {
    /// The text around `needle` in `text`, to say where a secret leaked.
    static func around(_ needle: String, in text: String) -> String {
        guard let range = text.range(of: needle) else { return "" }
        let start =
            text.index(range.lowerBound, offsetBy: -200, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(range.upperBound, offsetBy: 100, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start..<end])
    }

    /// Runs `body` with an inspector of `root` started, and stops it after.
    func withInspector(
        _ root: Account = Account(), _ body: (Inspector, UInt16, String) async throws -> Void
    ) async throws {
        let inspector = try await Inspector.start(root: root, replayingInto: { Account() })
        let port = UInt16(inspector.url.port ?? 0)
        let token = InspectorRequests(inspector: inspector.url).token
        do {
            try await body(inspector, port, token)
        } catch {
            await inspector.stop()
            throw error
        }
        await inspector.stop()
    }

    /// Whether `work` finishes on a thread of its own within `limit`, waited for from the main actor: a
    /// server that keeps the cooperative threads busy cannot keep this wait from ending.
    func onAThread(within limit: Duration, _ work: @escaping @Sendable () -> Void) async -> Bool {
        let done = DoneFlag()
        Thread.detachNewThread {
            work()
            done.set()
        }
        let deadline = ContinuousClock.now + limit
        while !done.value, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return done.value
    }

    /// The answer to `request`, sent from a thread of its own; nil if none came within the test's patience.
    func answerOnAThread(_ request: String, port: UInt16) async -> RawAnswer? {
        let answer = StartOutcome()
        _ = await onAThread(within: testPatience) {
            guard let connection = RawConnection(port: port) else { return }
            defer { connection.shut() }
            connection.send(request)
            answer.set(connection.receive(within: testPatience - .seconds(5), until: Raw.complete))
        }
        return answer.value.map(RawAnswer.init(text:))
    }

    /// Whether `work`, started now, finishes within `limit`; it is left running if not.
    func finishes(within limit: Duration, _ work: @escaping @MainActor () async -> Void) async
        -> Bool
    {
        let done = DoneFlag()
        Task { @MainActor in
            await work()
            done.set()
        }
        let deadline = ContinuousClock.now + limit
        while !done.value, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return done.value
    }
}

/// Set once, read from any task.
final class DoneFlag: @unchecked Sendable {
    // Unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var done = false
    var value: Bool { lock.withLock { done } }
    func set() { lock.withLock { done = true } }
}

/// A text set once, read from any task.
final class StartOutcome: @unchecked Sendable {
    // Unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var text: String?
    var value: String? { lock.withLock { text } }
    func set(_ value: String) { lock.withLock { text = value } }
}

/// A socket that holds a port, as another process would.
final class ListeningSocket {
    private let descriptor: Int32

    init?(port: UInt16) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
    }

    func close() { Glibc.close(descriptor) }

    /// The machine's IPv4 addresses other than the loopback's.
    static func nonLoopbackIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let raw = entry.pointee.ifa_addr, raw.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    raw, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
                    NI_NUMERICHOST) == 0
            else { continue }
            let address = String(
                decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !address.hasPrefix("127.") { addresses.append(address) }
        }
        return addresses
    }
}
