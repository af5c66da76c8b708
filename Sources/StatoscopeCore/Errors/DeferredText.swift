/// Text made when first read, from whichever thread reads it, and kept: an error report's flight
/// recording is serialised only if someone reads it.
package final class DeferredText: Sendable {
    private enum State {
        case pending(@Sendable () -> String)
        case made(String)
    }

    private let state: CriticalState<State>

    /// Text that `make` makes when first read.
    package init(_ make: @escaping @Sendable () -> String) {
        state = CriticalState(.pending(make))
    }

    /// The text, made now if it was not yet.
    package var text: String {
        // Made outside the lock: making it encodes the app's values, whose code may read it again.
        // Two first reads at once may both make it; they make the same text.
        switch state.withLock({ $0 }) {
        case .made(let text):
            return text
        case .pending(let make):
            let text = make()
            state.withLock { $0 = .made(text) }
            return text
        }
    }
}
