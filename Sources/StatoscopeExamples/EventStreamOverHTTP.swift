import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a stream of server-sent events (`text/event-stream`) and decodes each event's data as JSON.
///
/// Built on a data task whose delegate receives the body as it arrives: `URLSession.bytes(for:)`
/// does not exist in FoundationNetworking on Linux. Stopping the iteration, or cancelling
/// the task that iterates, cancels the request.
enum EventStreamOverHTTP {
    static func events<Event: Decodable & Sendable>(
        from url: URL, decoding _: Event.Type
    ) -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream { continuation in
            var request = URLRequest(url: url)
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            // The server sends a comment every few seconds, so a quiet minute means a dead connection.
            request.timeoutInterval = 60
            let receiver = EventReceiver<Event>(url: url, continuation: continuation)
            let session = URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil)
            let task = session.dataTask(with: request)
            continuation.onTermination = { _ in
                task.cancel()
                // A session keeps its delegate until it is invalidated.
                session.invalidateAndCancel()
            }
            task.resume()
        }
    }
}

/// The data task's delegate: splits the body into events and yields each one's decoded data.
///
/// `@unchecked Sendable`: the session calls it on its own serial delegate queue, and the lock guards
/// its state anyway. Nothing else is called while the lock is held: finishing the stream runs its
/// termination handler, which cancels the task.
// SAFETY: Sound as the comment above says: its mutable state is touched only under `lock`.
private final class EventReceiver<Event: Decodable & Sendable>: NSObject, URLSessionDataDelegate,
    @unchecked Sendable
{
    private let url: URL
    private let continuation: AsyncThrowingStream<Event, any Error>.Continuation
    private let lock = NSLock()
    private var parser = EventStreamParser()
    /// The body of an answer that is not a 2xx, kept for the error.
    private var errorBody = Data()

    init(url: URL, continuation: AsyncThrowingStream<Event, any Error>.Continuation) {
        self.url = url
        self.continuation = continuation
    }

    private func status(of task: URLSessionTask) -> Int {
        (task.response as? HTTPURLResponse)?.statusCode ?? 0
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let isSuccess = (200..<300).contains(status(of: dataTask))
        let payloads = lock.withLock {
            guard isSuccess else {
                errorBody.append(data)
                return [String]()
            }
            return parser.append(data)
        }
        for payload in payloads {
            do {
                continuation.yield(try JSONDecoder().decode(Event.self, from: Data(payload.utf8)))
            } catch {
                continuation.finish(
                    throwing: ServerError(
                        message: "GET \(url.path) sent an event that does not decode: \(error)"))
                return
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let status = status(of: task)
        let body = lock.withLock { errorBody }
        if let error {
            // Cancelled: the consumer stopped iterating, and the stream has already ended.
            if (error as? URLError)?.code == .cancelled {
                continuation.finish()
            } else {
                continuation.finish(
                    throwing: ServerError(message: "GET \(url.path) failed: \(error.localizedDescription)"))
            }
        } else if !(200..<300).contains(status) {
            let text = String(decoding: body, as: UTF8.self)
            continuation.finish(
                throwing: ServerError(
                    message: "GET \(url.path) answered \(status)\(text.isEmpty ? "" : ": \(text)")"))
        } else {
            continuation.finish()
        }
    }
}
