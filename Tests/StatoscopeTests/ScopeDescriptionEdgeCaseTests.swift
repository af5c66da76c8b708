import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

// What printing a scope promises (*Migrating from the earlier Statoscope*): sensitive values nested in
// arrays, optionals, dictionaries, structs, enums and effects' parameters stay redacted; scopes held in
// state end cycles; a child's line names its place; off the main actor only the type's name is written.

enum WalletSecret {
    static let pin = "pin-5518"
    static let card = "card-4417"
    static let token = "token-9031"
    static let all = [pin, card, token]
}

struct WalletCard: Sendable, Equatable {
    var holder: String
    var number: Sensitive<String>
}

enum WalletStage: Sendable {
    case idle
    case entering(pin: Sensitive<String>)
}

/// Carries a card to a server, waiting for its gate.
struct SubmitCard: Effect {
    let card: WalletCard
    let gate: Gate
    func runEffect() async throws -> Int {
        await gate.wait()
        return 1
    }
}

/// A plain class that points at itself: a cycle that is not made of scopes.
final class PlainNode: @unchecked Sendable {
    var name = "node"
    var next: PlainNode?
}

/// Holds sensitive values everywhere an app may nest them.
@MainActor
class Wallet: Scope {
    var pins: [Sensitive<String>] = []
    var maybe: Sensitive<String>? = nil
    var card = WalletCard(holder: "Ada", number: Sensitive(""))
    var byName: [String: Sensitive<String>] = [:]
    var stage = WalletStage.idle
    var anything: Any = 0
    var pair: (String, Sensitive<String>) = ("", Sensitive(""))
    @Sensitive var wrappedCard = WalletCard(holder: "Bob", number: Sensitive(""))
    @Subscope var pocket: WalletPocket? = nil
    var submitted = 0
    let gate = Gate()

    enum When: Sendable {
        case fill
        case submit
        case submitted(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .fill:
            pins = [Sensitive(WalletSecret.pin)]
            maybe = Sensitive(WalletSecret.pin)
            card = WalletCard(holder: "Ada", number: Sensitive(WalletSecret.card))
            byName = ["ada": Sensitive(WalletSecret.token)]
            stage = .entering(pin: Sensitive(WalletSecret.pin))
            anything = Sensitive(WalletSecret.token)
            pair = ("ada", Sensitive(WalletSecret.card))
            wrappedCard = WalletCard(holder: "Bob", number: Sensitive(WalletSecret.card))
            pocket = WalletPocket()
            pocket?.token = WalletSecret.token
        case .submit:
            effectsState.enqueue(SubmitCard(card: card, gate: gate).map(When.submitted))
        case .submitted(let count): submitted = count
        }
    }
}

/// A subclass that adds a sensitive value of its own.
@MainActor
final class GoldWallet: Wallet {
    @Sensitive var vaultCode = WalletSecret.pin
}

@MainActor
final class WalletPocket: Scope {
    @Sensitive var token = ""
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Holds scopes and plain objects in its state, itself among them.
@MainActor
final class LoopingScope: Scope {
    var name = "loop"
    var me: LoopingScope?
    var others: [LoopingScope] = []
    var node = PlainNode()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A generic scope, printed off the main actor.
@MainActor
final class PrintedBox<Value: Sendable>: Scope {
    var value: Value
    init(_ value: Value) { self.value = value }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Carries a scope to another thread, where only its nonisolated parts are read.
private struct OffMainPrinter: @unchecked Sendable {
    // SAFETY: The scope is only printed on the other thread, which reads no state off the main actor.
    let scope: any Scope
    func describe() async -> String {
        await Task.detached { String(describing: scope) }.value
    }
}

@MainActor
func printALoopOfPlainObjects() {
    let loop = LoopingScope()
    loop.node.next = loop.node
    let text = "\(loop)"
    precondition(text.hasPrefix("LoopingScope"), text)
    loop.node.next = nil
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeDescriptionEdgeCaseTests {
    private func leaked(_ text: String) -> [String] {
        WalletSecret.all.filter { text.contains($0) }
    }

    @Test func sensitiveValuesNestedInCollectionsStructsAndEnumsStayRedactedWhenPrinted() {
        let wallet = Wallet()
        wallet.send(.fill)
        for text in [
            "\(wallet)", String(describing: wallet), wallet.debugDescription, String(reflecting: wallet),
            wallet.subtreeDescription,
        ] {
            #expect(leaked(text).isEmpty, "\(text)")
        }
        let text = "\(wallet)"
        #expect(text.contains("<redacted>"), "\(text)")
        #expect(text.contains("Ada"), "the state around a sensitive value is shown: \(text)")
        var printed = ""
        print(wallet, to: &printed)
        #expect(leaked(printed).isEmpty, "\(printed)")
        wallet.pocket = nil
    }

    @Test func aSubclassesSensitiveValuesAndItsChildsStayRedactedWhenPrinted() {
        let wallet = GoldWallet()
        wallet.send(.fill)
        let text = "\(wallet)"
        #expect(text.hasPrefix("GoldWallet"), "\(text)")
        #expect(text.contains("vaultCode"), "\(text)")
        #expect(leaked(text).isEmpty, "\(text)")
        let subtree = wallet.subtreeDescription
        #expect(subtree.contains("token"), "\(subtree)")
        #expect(leaked(subtree).isEmpty, "\(subtree)")
    }

    @Test func aSensitiveValueInAnEffectsParameterStaysRedactedWhenItsScopeIsPrinted() async {
        let wallet = Wallet()
        wallet.send(.fill)
        wallet.send(.submit)
        let text = "\(wallet)"
        #expect(text.contains("effect SubmitCard("), "\(text)")
        #expect(leaked(text).isEmpty, "\(text)")
        await wallet.gate.open()
        #expect(await wallet.effectsState.settlesWithinTestPatience())
        #expect(wallet.submitted == 1)
    }

    @Test func aChildPrintsItsPlaceInTheTree() throws {
        let wallet = Wallet()
        wallet.send(.fill)
        let pocket = try #require(wallet.pocket)
        let text = "\(pocket)"
        #expect(text.hasPrefix("WalletPocket at Wallet.pocket\n"), "\(text)")
        #expect(text.contains("token = <redacted>"), "\(text)")
    }

    @Test func aScopeHoldingItselfInItsStateIsNamedSoPrintingEnds() {
        let loop = LoopingScope()
        loop.me = loop
        loop.others = [loop, LoopingScope()]
        let text = "\(loop)"
        #expect(text.hasPrefix("LoopingScope\n"), "\(text)")
        #expect(text.contains("name = \"loop\""), "\(text)")
        #expect(text.contains("me = LoopingScope"), "\(text)")
        #expect(text.contains("others = [LoopingScope, LoopingScope]"), "\(text)")
        #expect(loop.subtreeDescription.contains("me = LoopingScope"), "\(loop.subtreeDescription)")
        loop.me = nil
        loop.others = []
    }

    @Test func aScopeHoldingACycleOfPlainObjectsPrintsAndEnds() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run { printALoopOfPlainObjects() }
        }
    }

    @Test func offTheMainActorASubclassOrAGenericScopeShowsOnlyItsTypesName() async {
        let wallet = GoldWallet()
        wallet.send(.fill)
        let text = await OffMainPrinter(scope: wallet).describe()
        #expect(text == "GoldWallet")
        #expect(leaked(text).isEmpty)
        let box = await OffMainPrinter(scope: PrintedBox(WalletSecret.token)).describe()
        #expect(box == "PrintedBox<String>", "\(box)")
        #expect(leaked(box).isEmpty)
    }
}
