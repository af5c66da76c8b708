import FlyingFox
import FlyingSocks
import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inspector's listening socket, and what becomes of the connections it accepts: each is
/// answered by an ``InspectorConnection``, at most ``cap`` of them at once.
///
/// An accept that fails for want of descriptors (`EMFILE`, `ENFILE`: the app, or clients, hold them
/// all) leaves the connection waiting and is tried again after a pause that doubles from 10 ms to
/// 1 s: the inspector keeps listening, and takes the waiting connections once descriptors free up.
final class InspectorListener: Sendable {
    /// The port it listens on.
    let port: UInt16
    let cap: ConnectionCap
    private let socket: Socket
    private let pool: any AsyncSocketPool
    /// How many accepts failed for want of descriptors: tests wait for one.
    let acceptsWithoutDescriptors = CriticalState(0)

    /// Listens on `ip`:`port` (0 lets the system pick one); throws when it cannot.
    init(ip: String, port: UInt16, cap: ConnectionCap) throws {
        socket = try Socket(domain: AF_INET, type: .stream)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: try sockaddr_in.inet(ip4: ip, port: port))
            try socket.listen()
            guard case .ip4(_, let listening) = try socket.sockname() else {
                throw SocketError.unsupportedAddress
            }
            self.port = listening
        } catch {
            try? socket.close()
            throw error
        }
        self.cap = cap
        pool = HTTPServer.defaultPool()
    }

    /// Accepts connections and answers them with `handler` until cancelled; closes the listening
    /// socket when it ends.
    func run(handler: some HTTPHandler) async throws {
        defer { try? socket.close() }
        try await pool.prepare()
        let listening = try AsyncSocket(socket: socket, pool: pool)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await self.pool.run() }
            var pause = Duration.milliseconds(10)
            while true {
                let client: AsyncSocket
                do {
                    client = try await listening.accept()
                    pause = .milliseconds(10)
                } catch SocketError.failed(_, let code, _) where Self.wantsDescriptors(code) {
                    acceptsWithoutDescriptors.withLock { $0 += 1 }
                    try await Task.sleep(for: pause)
                    pause = min(pause * 2, .seconds(1))
                    continue
                } catch SocketError.failed(_, let code, _) where Self.isTransient(code) {
                    continue
                }
                let cap = self.cap
                guard cap.take() else {
                    group.addTask { await InspectorConnection.refuse(client, cap: cap.limit) }
                    continue
                }
                group.addTask {
                    await InspectorConnection(socket: client, handler: handler).serve()
                    cap.giveBack()
                }
            }
        }
    }

    /// Whether an accept failed because the process or the system has no descriptor left.
    private static func wantsDescriptors(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }

    /// Whether an accept failed for the one connection only: the next may succeed at once.
    private static func isTransient(_ code: Int32) -> Bool {
        code == ECONNABORTED || code == EINTR || code == EPROTO || code == EAGAIN
    }
}
