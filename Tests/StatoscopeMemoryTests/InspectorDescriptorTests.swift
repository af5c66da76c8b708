import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import XCTest

@testable import StatoscopeInspector

#if canImport(Glibc)
    import Glibc
#endif

/// What the inspector does when the app holds every file descriptor the process may open. XCTest,
/// like the memory tests and for a like reason: while the test holds them, any other test's `open`
/// or `socket` would fail, and XCTest runs its tests one at a time, before any Swift Testing test.
final class InspectorDescriptorTests: XCTestCase {
    @MainActor
    func testAnAcceptWithoutDescriptorsLeavesItListeningAndTheClientIsServedOnceTheyFreeUp() async throws {
        let inspector = try await Inspector.start(root: Tally())
        let port = UInt16(inspector.url.port ?? 0)
        let token = try XCTUnwrap(
            URLComponents(url: inspector.url, resolvingAgainstBaseURL: false)?.queryItems?.first {
                $0.name == "token"
            }?.value)
        let request = "GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        let waiting = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(waiting, 0)
        // The app holds every descriptor left; connecting takes none, and the accept fails.
        var held: [Int32] = []
        while case let descriptor = open("/dev/null", O_RDONLY), descriptor >= 0 { held.append(descriptor) }
        let connected = LoopbackClient.connect(waiting, to: port)
        var patience = TestPatience()
        while inspector.listener.acceptsWithoutDescriptors.withLock({ $0 }) == 0, await patience.pause() {}
        for descriptor in held { close(descriptor) }
        XCTAssertTrue(connected, "the client could not connect while every descriptor was held")
        XCTAssertGreaterThan(
            inspector.listener.acceptsWithoutDescriptors.withLock { $0 }, 0,
            "no accept failed while \(held.count) descriptors were held")

        let answer = await Task.detached { LoopbackClient.exchange(request, on: waiting) }.value
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), "the waiting client got \(answer.prefix(200))")
        let later = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertTrue(LoopbackClient.connect(later, to: port))
        let laterAnswer = await Task.detached { LoopbackClient.exchange(request, on: later) }.value
        XCTAssertTrue(laterAnswer.hasPrefix("HTTP/1.1 200 "), "a later client got \(laterAnswer.prefix(200))")
        await inspector.stop()
    }
}

/// A client of the inspector on the loopback address, in plain socket calls.
enum LoopbackClient {
    /// Connects `descriptor` to the loopback address's `port`.
    static func connect(_ descriptor: Int32, to port: UInt16) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    /// Sends `request` on `descriptor` and returns what comes back until the server closes (or the
    /// test's patience runs out), then closes the descriptor.
    static func exchange(_ request: String, on descriptor: Int32) -> String {
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard
            bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == bytes.count
        else { return "" }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + testPatience
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                break
            }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
