// What the doc comments of the stream effects take as known: a countdown and a ticker to stream, a
// launch screen that counts down, and a dashboard fed by a socket, a location source and ticks.
import Foundation
import Statoscope

struct Countdown: StreamEffect, Equatable {
    let from: Int

    func makeElements() -> AsyncStream<Int> {
        AsyncStream { continuation in
            for remaining in stride(from: from, through: 0, by: -1) {
                continuation.yield(remaining)
            }
            continuation.finish()
        }
    }
}

struct Ticks: StreamEffect, Equatable {
    let count: Int

    func makeElements() -> AsyncStream<Int> {
        AsyncStream { continuation in
            for tick in 0..<count {
                continuation.yield(tick + 1)
            }
            continuation.finish()
        }
    }
}

struct Position: Equatable, Sendable {
    let latitude: Double
    let longitude: Double
}

struct Socket: Sendable {
    let messages: AsyncStream<String>
}

struct Locations: Sendable {
    func updates() -> AsyncStream<Position> {
        AsyncStream { $0.finish() }
    }
}

@MainActor
final class Launch: Scope {
    var remaining: Int?
    var launched = false

    enum When: Sendable {
        case userTappedLaunch
        case userTappedAbort
        case countdownTicked(Int)
        case countdownEnded
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedLaunch:
            effectsState.enqueue(
                Countdown(from: 3).map(When.countdownTicked).onEnd { _ in When.countdownEnded },
                key: "countdown")
        case .userTappedAbort:
            effectsState.cancelEffect(key: "countdown")
            remaining = nil
        case .countdownTicked(let value):
            remaining = value
        case .countdownEnded:
            launched = true
        }
    }
}

@MainActor
final class Dashboard: Scope {
    var ticks = 0
    var lastMessage: String?
    var position: Position?

    enum When: Sendable {
        case screenAppeared
        case ticked(Int)
        case ticksEnded
        case messageArrived(String)
        case moved(Position)
    }

    func update(_ when: When) throws {
        switch when {
        case .screenAppeared:
            effectsState.enqueue(Ticks(count: 3).map(When.ticked).onEnd { _ in When.ticksEnded })
        case .ticked(let tick):
            ticks = tick
        case .ticksEnded:
            break
        case .messageArrived(let message):
            lastMessage = message
        case .moved(let position):
            self.position = position
        }
    }
}
