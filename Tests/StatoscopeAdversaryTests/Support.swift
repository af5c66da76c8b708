// Helpers shared by the adversarial tests: boxes that collect what the library hands out, temporary
// folders, and a log handler that keeps every line it is given.

import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Collects every error report while it is kept.
@MainActor
final class ReportBox {
    var all: [ErrorReport] = []
    var registration: InstrumentRegistration?

    init() {
        registration = ErrorReporting.addHandler { [weak self] report in
            self?.all.append(report)
        }
    }

    func errors<E: Error>(_ type: E.Type) -> [E] {
        all.compactMap { $0.error as? E }
    }

    var descriptions: String {
        all.map { $0.description }.joined(separator: "\n")
    }
}

/// Lines handed out on the main actor.
@MainActor
final class MainBox<T> {
    var items: [T] = []
    func append(_ item: T) { items.append(item) }
}

/// Lines handed out on any thread.
final class LockedBox<T>: @unchecked Sendable {
    // Sound: every access to `storage` holds `lock`.
    private let lock = NSLock()
    private var storage: [T] = []

    func append(_ item: T) {
        lock.lock()
        storage.append(item)
        lock.unlock()
    }

    var items: [T] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A log handler that keeps every message with its metadata.
struct CapturingLogHandler: LogHandler {
    let sink: LockedBox<String>
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "\(event.level): \(event.message)"
        if let extra = event.metadata, !extra.isEmpty { line += " \(extra)" }
        if !metadata.isEmpty { line += " \(metadata)" }
        sink.append(line)
    }
}

func capturingLogger(_ sink: LockedBox<String>) -> Logger {
    var logger = Logger(label: "adversary") { _ in CapturingLogHandler(sink: sink) }
    logger.logLevel = .trace
    return logger
}

/// A fresh folder in the temporary directory.
func makeTemporaryFolder(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("adversary-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func contentsOfFolder(_ url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

func isDirectory(_ path: String) -> Bool {
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
}

/// The text of every issue, comments included, for matching a failure's message.
func issueText(_ issue: Issue) -> String {
    (issue.comments.map(\.rawValue) + [String(describing: issue)]).joined(separator: "\n")
}

/// A reader of any key, whose update writes the value it is sent.
@MainActor
final class AdvReader<V: Codable & Sendable & Equatable>: Scope {
    @Shared var value: V
    var told: [V] = []
    private let key: SharedKey<V>

    init(_ key: SharedKey<V>) {
        self.key = key
        _value = Shared(key)
    }

    enum When: Sendable {
        case set(V)
        case listen
        case changed(V)
    }

    func update(_ when: When) throws {
        switch when {
        case .set(let newValue): value = newValue
        case .listen: receiveChanges(of: key, as: When.changed)
        case .changed(let newValue): told.append(newValue)
        }
    }
}

/// A value loaded from a storage by a store of its own, as the next run of the app would.
@MainActor
func loadedValue<V: Codable & Sendable & Equatable>(
    _ key: SharedKey<V>, from storage: any SharedStorage
) -> V {
    let store = SharedStore(storage: storage)
    let reader = AdvReader(key)
    reader.inject(store)
    return reader.value
}

extension ReportBox {
    /// A box whose handler is installed outside any isolation of instruments: it receives every report
    /// of the process, as an app's own handler does. Filter what it holds by scope or key.
    static func unisolated() async -> ReportBox {
        await Task.detached { @MainActor in ReportBox() }.value
    }

    func reports(of scope: AnyObject) -> [ErrorReport] {
        all.filter { $0.scopeID == ObjectIdentifier(scope) }
    }
}

/// A plain HTTP/1.1 GET over a socket, as a browser's page would send it, reading until `done` says the
/// text is enough, the server closes, or a few hundred reads find nothing more (a bound for a
/// long-lived stream, not a time check). It reads on a thread of its own rather than one of the
/// concurrency pool, so that several pages waiting at once never starve the pool the inspector and
/// the test run on.
func rawGet(
    port: Int, target: String, done: @escaping @Sendable (String) -> Bool = { _ in false }
) async -> (status: Int?, text: String) {
    await threadedGet(port: port, target: target) { received, _ in
        done(String(decoding: received, as: UTF8.self))
    }
}

/// The same, reading until `marker` arrives: only the bytes new since the last read are searched.
/// `quietReads` bounds the reads that find nothing in a row (each waits 200 ms): a download that the
/// server answers once a long recording is written, under a sanitizer, needs more than the default.
func threadGet(
    port: Int, target: String, until marker: String? = nil, quietReads: Int = 300
) async -> (status: Int?, text: String) {
    let needle = marker.map { Array($0.utf8) }
    return await threadedGet(port: port, target: target, quietReads: quietReads) { received, newFrom in
        guard let needle else { return false }
        return received[max(0, newFrom - needle.count)...].firstRange(of: needle) != nil
    }
}

/// Runs the GET on a thread of its own; `done` sees the bytes so far and where the latest read began.
private func threadedGet(
    port: Int, target: String, quietReads: Int = 300, done: @escaping @Sendable ([UInt8], Int) -> Bool
) async -> (status: Int?, text: String) {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(
                returning: blockingGet(port: port, target: target, quietReads: quietReads, done: done))
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

private func blockingGet(
    port: Int, target: String, quietReads: Int, done: ([UInt8], Int) -> Bool
) -> (status: Int?, text: String) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return (nil, "no socket") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { return (nil, "not connected") }
    var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: */*\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var idleReads = 0
    while idleReads < quietReads {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count == 0 { break }
        if count < 0 {
            idleReads += 1
            continue
        }
        idleReads = 0
        let newFrom = received.count
        received.append(contentsOf: buffer[0..<count])
        if done(received, newFrom) { break }
    }
    let text = String(decoding: received, as: UTF8.self)
    let statusLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return (status, text)
}

/// The `data:` messages of a server-sent events stream, decoded.
func serverSentMessages(_ text: String) -> [[String: Any]] {
    // The stream's body is chunked, and a chunk may end inside a message: the chunks are joined
    // first. Split on the byte: "\r\n" is one Character, so a split on the Character "\n" misses it.
    httpBody(text).utf8.split(separator: UInt8(ascii: "\n")).compactMap { bytes -> [String: Any]? in
        let line = String(decoding: bytes, as: UTF8.self)
        guard line.hasPrefix("data: ") else { return nil }
        let json = Data(line.dropFirst(6).utf8)
        return (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
    }
}

/// The body of an HTTP response, its chunks joined when it is chunked.
func httpBody(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let separator: [UInt8] = [13, 10, 13, 10]
    guard
        let headEnd = (0...(max(bytes.count - 4, 0))).first(where: {
            Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator
        })
    else { return text }
    let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
    var index = headEnd + 4
    guard head.contains("transfer-encoding: chunked") else {
        return String(decoding: bytes[index...], as: UTF8.self)
    }
    var body: [UInt8] = []
    while index < bytes.count {
        var lineEnd = index
        while lineEnd + 1 < bytes.count && !(bytes[lineEnd] == 13 && bytes[lineEnd + 1] == 10) {
            lineEnd += 1
        }
        let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).trimmingCharacters(
            in: .whitespaces)
        guard let size = Int(sizeText, radix: 16), size > 0 else { break }
        let start = lineEnd + 2
        let end = min(start + size, bytes.count)
        body.append(contentsOf: bytes[start..<end])
        index = end + 2
    }
    return String(decoding: body, as: UTF8.self)
}
