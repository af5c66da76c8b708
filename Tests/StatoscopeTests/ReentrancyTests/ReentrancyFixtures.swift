import Observation
import Statoscope
import StatoscopeTestSupport

/// A parent that the re-entrancy tests drive from the app's callbacks: it presents and dismisses a
/// child with effects, counts, and notes what it hears.
@MainActor
@Observable
final class ReentryHub: Scope {
    private(set) var heard: [String] = []
    private(set) var count = 0
    @ObservationIgnored @Subscope var child: Downloader? = nil
    /// A scope the hub holds without linking it, so that the hub's update can let go of it.
    @ObservationIgnored var guest: ReentryGuest?

    enum When: Sendable, Codable {
        case heard(String)
        case increment
        case present
        case dismiss
        case greetGuestThenLetGo
    }

    func update(_ when: When) throws {
        switch when {
        case .heard(let text): heard.append(text)
        case .increment: count += 1
        case .present: child = Downloader()
        case .dismiss: child = nil
        case .greetGuestThenLetGo:
            // The event is queued, holding the guest, which the hub lets go of at once: the queue
            // then holds its last reference.
            guest?.send(.greet)
            guest = nil
        }
    }
}

/// A scope whose deinit is the app's code: `farewell` runs when it is released.
@MainActor
final class ReentryGuest: Scope {
    private let farewell: @MainActor () -> Void
    private(set) var greeted = 0

    init(farewell: @escaping @MainActor () -> Void) {
        self.farewell = farewell
    }

    enum When: Sendable { case greet }

    func update(_ when: When) throws {
        greeted += 1
    }

    isolated deinit {
        farewell()
    }
}

/// An object of the app's whose deinit calls back into the library: what a middleware's or a
/// handler's closure may hold, and release with it.
@MainActor
final class ReentryToken {
    private let farewell: @MainActor () -> Void

    init(farewell: @escaping @MainActor () -> Void) {
        self.farewell = farewell
    }

    isolated deinit {
        farewell()
    }
}

/// A dependency whose deinit is the app's code: it runs `farewell` with its name when released.
@MainActor
final class ReentryService: Injectable {
    nonisolated let name: String
    private nonisolated let farewell: (@MainActor @Sendable (String) -> Void)?

    nonisolated init(_ name: String, farewell: (@MainActor @Sendable (String) -> Void)? = nil) {
        self.name = name
        self.farewell = farewell
    }

    nonisolated static var defaultValue: ReentryService { ReentryService("default") }

    isolated deinit {
        farewell?(name)
    }
}

/// A scope that reads a ``ReentryService`` and starts effects, which take a snapshot of it.
@MainActor
final class ReentryReader: Scope {
    @Injected var service: ReentryService
    private(set) var readNames: [String] = []
    private(set) var heard: [String] = []

    enum When: Sendable {
        case read
        case startEffect
        case heard(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .read: readNames.append(service.name)
        case .startEffect: effectsState.enqueue(AnyEffect { "done" }.map(When.heard))
        case .heard(let text): heard.append(text)
        }
    }
}

/// An effect key whose deinit is the app's code: a main-actor class, so its deinit runs at once when
/// the main actor lets go of it.
@MainActor
final class ReentryKey: Hashable {
    nonisolated let name: String
    private nonisolated let farewell: @MainActor @Sendable () -> Void

    nonisolated init(_ name: String, farewell: @escaping @MainActor @Sendable () -> Void = {}) {
        self.name = name
        self.farewell = farewell
    }

    nonisolated static func == (lhs: ReentryKey, rhs: ReentryKey) -> Bool { lhs.name == rhs.name }

    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(name) }

    isolated deinit {
        farewell()
    }
}

/// A scope that enqueues effects under the key it is given next.
@MainActor
final class ReentryKeyed: Scope {
    let gate = Gate()
    var nextKey: ReentryKey?
    private(set) var received: [Int] = []

    enum When: Sendable {
        case start(Int)
        case received(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let value):
            guard let key = nextKey else { return }
            nextKey = nil
            let gate = gate
            effectsState.enqueue(
                AnyEffect {
                    await gate.wait()
                    return value
                }.map(When.received), key: key)
        case .received(let value):
            received.append(value)
        }
    }
}
