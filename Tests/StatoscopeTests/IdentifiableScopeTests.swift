import Statoscope
import Testing

@MainActor
struct IdentifiableScopeTests {
    @Test func scopesAreEqualExactlyWhenTheyAreTheSameScope() async {
        let editor = ContactEditor()
        let other = ContactEditor()
        #expect(editor == editor)
        #expect(editor != other)
        editor.send(.userTyped("same state"))
        other.send(.userTyped("same state"))
        #expect(editor != other)
    }

    @Test func hashingAndIdentifiersFollowIdentity() async {
        let editor = ContactEditor()
        let other = ContactEditor()
        #expect(Set([editor, editor, other]).count == 2)
        #expect(editor.id == ObjectIdentifier(editor))
        #expect(editor.id != other.id)
    }

    @Test func theHashIsTheHashOfTheIdentityOnAndOffTheMainActor() async {
        let card = ContactCard(name: "Ada")
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(card))
        let identityHash = hasher.finalize()
        #expect(card.hashValue == identityHash)
        let hashOffTheMainActor = await Self.hashOffTheMainActor(card)
        #expect(hashOffTheMainActor == identityHash)
    }

    nonisolated private static func hashOffTheMainActor(_ value: some Hashable & Sendable) async -> Int {
        value.hashValue
    }

    @Test func equalityNeedsNoMainActor() async {
        let card = ContactCard(name: "Ada")
        let isEqual = await Self.compareOffTheMainActor(card, card)
        #expect(isEqual)
    }

    nonisolated private static func compareOffTheMainActor(_ lhs: ContactCard, _ rhs: ContactCard) async
        -> Bool
    {
        lhs == rhs && lhs.hashValue == rhs.hashValue
    }
}
