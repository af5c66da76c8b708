import Statoscope

/// A scope with a sensitive value, an effect that completes and an update that throws: what the
/// inspector shows.
@MainActor
final class Account: Scope {
    var name = ""
    var password = Sensitive("")
    var saves = 0

    enum When: Codable, Sendable {
        case rename(String)
        case typePassword(Sensitive<String>)
        case save
        case saved(Int)
        case fail
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the account refused" }
    }

    func update(_ when: When) throws {
        switch when {
        case .rename(let name): self.name = name
        case .typePassword(let password): self.password = password
        case .save: effectsState.enqueue(SaveAccount(name: name).map { When.saved($0) })
        case .saved(let count): saves = count
        case .fail: throw Refused()
        }
    }
}

/// Analytics tracks every event of the account.
extension Account.When: TrackedWhen {}

/// Saves the account; answers how many saves there were.
struct SaveAccount: Effect, CustomStringConvertible {
    let name: String
    var description: String { "SaveAccount(\(name))" }
    func runEffect() async throws -> Int { 1 }
}

/// A screen whose child waits for an answer that never comes, until the screen closes it.
@MainActor
final class Screen: Scope {
    @Subscope var waiting: Waiting? = Waiting()

    enum When: Codable, Sendable {
        case close
    }

    func update(_ when: When) throws {
        waiting = nil
    }
}

/// Waits for an answer that never comes.
@MainActor
final class Waiting: Scope {
    enum When: Codable, Sendable {
        case wait
        case answered
    }

    func update(_ when: When) throws {
        if case .wait = when { effectsState.enqueue(NeverAnswers().map { When.answered }) }
    }
}

/// An effect that runs until it is cancelled.
struct NeverAnswers: Effect, CustomStringConvertible {
    var description: String { "NeverAnswers()" }
    func runEffect() async throws {
        try await Task.sleep(for: .seconds(86_400))
    }
}
