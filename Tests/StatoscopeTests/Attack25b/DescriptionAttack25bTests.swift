import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

// Attacks on what printing a scope promises (*Migrating from the earlier Statoscope*): sensitive
// values nested in arrays, optionals, dictionaries, structs, enums and effects' parameters stay
// redacted; scopes held in state end cycles; a child's line names its place; off the main actor only
// the type's name is written.

enum A25bSecret {
    static let pin = "pin-5518"
    static let card = "card-4417"
    static let token = "token-9031"
    static let all = [pin, card, token]
}

struct A25bCard: Sendable, Equatable {
    var holder: String
    var number: Sensitive<String>
}

enum A25bStage: Sendable {
    case idle
    case entering(pin: Sensitive<String>)
}

/// Carries a card to a server, waiting for its gate.
struct A25bSubmit: Effect {
    let card: A25bCard
    let gate: Gate
    func runEffect() async throws -> Int {
        await gate.wait()
        return 1
    }
}

/// A plain class that points at itself: a cycle that is not made of scopes.
final class A25bNode: @unchecked Sendable {
    var name = "node"
    var next: A25bNode?
}

/// Holds sensitive values everywhere an app may nest them.
@MainActor
class A25bWallet: Scope {
    var pins: [Sensitive<String>] = []
    var maybe: Sensitive<String>? = nil
    var card = A25bCard(holder: "Ada", number: Sensitive(""))
    var byName: [String: Sensitive<String>] = [:]
    var stage = A25bStage.idle
    var anything: Any = 0
    var pair: (String, Sensitive<String>) = ("", Sensitive(""))
    @Sensitive var wrappedCard = A25bCard(holder: "Bob", number: Sensitive(""))
    @Subscope var pocket: A25bPocket? = nil
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
            pins = [Sensitive(A25bSecret.pin)]
            maybe = Sensitive(A25bSecret.pin)
            card = A25bCard(holder: "Ada", number: Sensitive(A25bSecret.card))
            byName = ["ada": Sensitive(A25bSecret.token)]
            stage = .entering(pin: Sensitive(A25bSecret.pin))
            anything = Sensitive(A25bSecret.token)
            pair = ("ada", Sensitive(A25bSecret.card))
            wrappedCard = A25bCard(holder: "Bob", number: Sensitive(A25bSecret.card))
            pocket = A25bPocket()
            pocket?.token = A25bSecret.token
        case .submit:
            effectsState.enqueue(A25bSubmit(card: card, gate: gate).map(When.submitted))
        case .submitted(let count): submitted = count
        }
    }
}

/// A subclass that adds a sensitive value of its own.
@MainActor
final class A25bGoldWallet: A25bWallet {
    @Sensitive var vaultCode = A25bSecret.pin
}

@MainActor
final class A25bPocket: Scope {
    @Sensitive var token = ""
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Holds scopes and plain objects in its state, itself among them.
@MainActor
final class A25bLoop: Scope {
    var name = "loop"
    var me: A25bLoop?
    var others: [A25bLoop] = []
    var node = A25bNode()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// A generic scope, printed off the main actor.
@MainActor
final class A25bBox<Value: Sendable>: Scope {
    var value: Value
    init(_ value: Value) { self.value = value }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Carries a scope to another thread, where only its nonisolated parts are read.
private struct A25bOffMain: @unchecked Sendable {
    // SAFETY: The scope is only printed on the other thread, which reads no state off the main actor.
    let scope: any Scope
    func describe() async -> String {
        await Task.detached { String(describing: scope) }.value
    }
}

@MainActor
func a25bPrintALoopOfPlainObjects() {
    let loop = A25bLoop()
    loop.node.next = loop.node
    let text = "\(loop)"
    precondition(text.hasPrefix("A25bLoop"), text)
    loop.node.next = nil
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct DescriptionAttack25bTests {
    private func leaked(_ text: String) -> [String] {
        A25bSecret.all.filter { text.contains($0) }
    }

    @Test func sensitiveValuesNestedInCollectionsStructsAndEnumsStayRedactedWhenPrinted() {
        let wallet = A25bWallet()
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
        let wallet = A25bGoldWallet()
        wallet.send(.fill)
        let text = "\(wallet)"
        #expect(text.hasPrefix("A25bGoldWallet"), "\(text)")
        #expect(text.contains("vaultCode"), "\(text)")
        #expect(leaked(text).isEmpty, "\(text)")
        let subtree = wallet.subtreeDescription
        #expect(subtree.contains("token"), "\(subtree)")
        #expect(leaked(subtree).isEmpty, "\(subtree)")
    }

    @Test func aSensitiveValueInAnEffectsParameterStaysRedactedWhenItsScopeIsPrinted() async {
        let wallet = A25bWallet()
        wallet.send(.fill)
        wallet.send(.submit)
        let text = "\(wallet)"
        #expect(text.contains("effect A25bSubmit("), "\(text)")
        #expect(leaked(text).isEmpty, "\(text)")
        await wallet.gate.open()
        #expect(await wallet.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(wallet.submitted == 1)
    }

    @Test func aChildPrintsItsPlaceInTheTree() throws {
        let wallet = A25bWallet()
        wallet.send(.fill)
        let pocket = try #require(wallet.pocket)
        let text = "\(pocket)"
        #expect(text.hasPrefix("A25bPocket at A25bWallet.pocket\n"), "\(text)")
        #expect(text.contains("token = <redacted>"), "\(text)")
    }

    @Test func aScopeHoldingItselfInItsStateIsNamedSoPrintingEnds() {
        let loop = A25bLoop()
        loop.me = loop
        loop.others = [loop, A25bLoop()]
        let text = "\(loop)"
        #expect(text.hasPrefix("A25bLoop\n"), "\(text)")
        #expect(text.contains("name = \"loop\""), "\(text)")
        #expect(text.contains("me = Optional(A25bLoop)"), "\(text)")
        #expect(text.contains("others = [A25bLoop, A25bLoop]"), "\(text)")
        #expect(loop.subtreeDescription.contains("me = Optional(A25bLoop)"), "\(loop.subtreeDescription)")
        loop.me = nil
        loop.others = []
    }

    @Test func aScopeHoldingACycleOfPlainObjectsPrintsAndEnds() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run { a25bPrintALoopOfPlainObjects() }
        }
    }

    @Test func offTheMainActorASubclassOrAGenericScopeShowsOnlyItsTypesName() async {
        let wallet = A25bGoldWallet()
        wallet.send(.fill)
        let text = await A25bOffMain(scope: wallet).describe()
        #expect(text == "A25bGoldWallet")
        #expect(leaked(text).isEmpty)
        let box = await A25bOffMain(scope: A25bBox(A25bSecret.token)).describe()
        #expect(box == "A25bBox<String>", "\(box)")
        #expect(leaked(box).isEmpty)
    }
}
