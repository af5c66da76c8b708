import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// Who may change a shared value and who is told: a write from an effect's task, or to an owned value
/// outside an update, is refused and reported; a change event that changes the value again is not
/// told of its own change; a dismissed scope is told nothing; a subclass reads and changes its own shared values
/// and its base class's; a scope that read a value before it was linked reads the store above it once
/// linked.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct SharedValueAccessTests {
    @Test func aWriteFromAnEffectsTaskIsRefusedAndReported() async {
        let writer = EffectTaskWriter(PersistenceKeys.plain)
        writer.inject(SharedStore(storage: InMemoryStorage()))
        let reports = ErrorReportCollector(for: writer)
        writer.send(.start)
        #expect(await writer.effectsState.settlesWithinTestPatience())
        #expect(writer.done)
        #expect(writer.value == 14, "the value is kept")
        let refusals = reports.reports.compactMap { $0.error as? SharedValueWriteRefused }
        #expect(refusals.map(\.key) == ["persistedPlain"])
        #expect(refusals.map(\.reason) == ["outside an update"])
    }

    @Test func aWriteToAnOwnedValueOutsideAnUpdateIsRefusedAndReported() {
        let owner = DraftOwner()
        let reports = ErrorReportCollector(for: owner)
        owner.draft = "sneaked in"
        #expect(owner.draft == "kept")
        #expect(reports.reports.count == 1)
        #expect(reports.reports.first?.error is SharedValueWriteRefused)
        owner.send(.typed("typed"))
        #expect(owner.draft == "typed")
    }

    @Test func aChangeEventThatChangesTheValueAgainIsNotToldOfItsOwnChange() {
        let store = SharedStore(storage: InMemoryStorage())
        let chaser = ChangeChaser()
        chaser.inject(store)
        let host = ChangeHost()
        host.inject(store)
        chaser.send(.appeared)
        host.send(.bump)
        #expect(host.value == 2, "the chaser's change is seen when the send returns")
        #expect(chaser.told == [1])
    }

    @Test func aDismissedScopeThatAskedForChangesIsNotSentThem() {
        let host = ChangeHost()
        host.inject(SharedStore(storage: InMemoryStorage()))
        host.send(.present)
        let child = host.child!
        child.send(.wantsChanges(PersistenceKeys.chased))
        host.send(.bump)
        #expect(child.told == [1])
        let childID = ObjectIdentifier(child)
        let reports = ErrorReportCollector(matching: { $0.scopeID == childID })
        host.send(.dismiss)
        host.send(.bump)
        host.send(.bump)
        #expect(child.told == [1])
        #expect(reports.reports.isEmpty, "\(reports.reports.map(\.description))")
    }

    @Test func aSubclassReadsAndChangesBothItsOwnAndItsInheritedSharedValues() async {
        let storage = InMemoryStorage()
        let store = SharedStore(storage: storage)
        let special = LabelledKeyReader(PersistenceKeys.plain)
        special.inject(store)
        let plain = KeyReader(PersistenceKeys.plain)
        plain.inject(store)
        special.send(.bump)
        #expect(special.value == 15 && plain.value == 15)
        #expect(special.label == "!")
        #expect(special.subtreeDescription.contains("label"), "\(special.subtreeDescription)")
        #expect(special.subtreeDescription.contains("value = 15"), "\(special.subtreeDescription)")
        await store.flush()
        #expect(storage.load("persistedLabel") == Data(#"{"value":"!","version":1}"#.utf8))
    }

    @Test func aScopeThatReadAValueBeforeItWasLinkedReadsTheStoreAboveItOnceLinked() {
        let reader = KeyReader(PersistenceKeys.plain)
        _ = reader.value
        let host = ChangeHost()
        host.inject(
            SharedStore(
                storage: InMemoryStorage(saved: ["persistedPlain": Data(#"{"value":5,"version":1}"#.utf8)]))
        )
        host.child = reader
        #expect(reader.value == 5, "the store injected above it, not the one it read alone")
    }
}
