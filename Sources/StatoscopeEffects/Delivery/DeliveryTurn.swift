@_spi(StatoscopeInternals) import StatoscopeCore

/// How much one turn of ``CompletionInbox``'s drain may deliver before it lets go of the main actor:
/// at most ``mostDeliveries`` completions, and at most ``longest``.
///
/// The main actor runs the app's events, timers and drawing too; a turn that stops in time leaves
/// them a frame, and the next turn waits behind them. A turn also marks its half, so that one kind
/// of delivery can leave the rest of the turn to another.
package struct DeliveryTurn {
    /// The most completions one turn delivers.
    package static let mostDeliveries = 1_024

    /// The longest one turn delivers: half a frame at 60 Hz, so that a turn and the work queued
    /// behind it fit in one frame.
    package static let longest: Duration = .milliseconds(8)

    private let halfway: ContinuousClock.Instant
    private let deadline: ContinuousClock.Instant
    private var delivered = 0

    /// Whether half the turn is gone, by count or by time: what one kind of delivery may take while
    /// another waits.
    package private(set) var isHalfUp = false

    /// Whether the turn is up: the next delivery waits for the next turn.
    package private(set) var isUp = false

    package init(beginning now: ContinuousClock.Instant = .now) {
        halfway = now.advanced(by: Self.longest / 2)
        deadline = now.advanced(by: Self.longest)
    }

    /// Counts one delivery, and says whether the turn is up.
    @discardableResult
    package mutating func count() -> Bool {
        delivered &+= 1
        // The clock is read every eighth delivery only, so that a cheap delivery does not pay for it
        // each time: eight deliveries take far less than a turn, unless each is slow. The counts
        // that end a half and a turn are multiples of eight.
        guard delivered & 7 == 0 else { return isUp }
        let now = ContinuousClock.now
        if delivered >= Self.mostDeliveries / 2 || now >= halfway { isHalfUp = true }
        if delivered >= Self.mostDeliveries || now >= deadline { isUp = true }
        return isUp
    }
}
