// Scopes with descriptions of their own, as apps write them: each must keep compiling now that
// printing a scope shows its state, with the package's settings and with Xcode's app defaults.
import Foundation
import Statoscope

/// A stored property named `description` is state like any other.
final class CaptionEditor: Scope {
    private(set) var description = ""

    enum When { case userTyped(String) }

    func update(_ when: When) throws {
        if case .userTyped(let text) = when { description = text }
    }
}

/// A `debugDescription` of its own.
final class Scoreboard: Scope {
    private(set) var points = 0
    var debugDescription: String { "Scoreboard(\(points))" }

    enum When { case userScored }

    func update(_ when: When) throws { points += 1 }
}

/// A main-actor conformance to `CustomStringConvertible`.
final class ProfileBadge: Scope {
    private(set) var name = "Ada"

    enum When { case userRenamed(String) }

    func update(_ when: When) throws {
        if case .userRenamed(let name) = when { self.name = name }
    }
}

extension ProfileBadge: @MainActor CustomStringConvertible {
    var description: String { "ProfileBadge(\(name))" }
}

/// A description readable from any thread.
final class OrderTicket: Scope, CustomStringConvertible {
    let number: Int
    nonisolated var description: String { "OrderTicket" }

    enum When { case userConfirmed }

    init(number: Int) { self.number = number }

    func update(_ when: When) throws {}
}

@MainActor
func printDescriptions() {
    print(CaptionEditor(), Scoreboard(), ProfileBadge(), OrderTicket(number: 1))
    let text = "\(Scoreboard()) \(String(describing: ProfileBadge()))"
    print(text)
}
