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

/// Saves the account; answers how many saves there were.
struct SaveAccount: Effect, CustomStringConvertible {
    let name: String
    var description: String { "SaveAccount(\(name))" }
    func runEffect() async throws -> Int { 1 }
}
