import Statoscope

/// The counts the server pushes, for as long as the effect runs.
public struct LiveCountUpdates: StreamEffect, Equatable {
    @Injected var client: LiveCountClient

    /// The connection.
    public init() {}

    /// The count the server holds, then each change.
    public func makeElements() -> AsyncThrowingStream<Int, any Error> {
        client.updates()
    }
}
