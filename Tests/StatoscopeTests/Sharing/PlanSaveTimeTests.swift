import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// A plan's store saves on the plan's virtual time as a live store saves on its clock: the first
/// change after a quiet period at once, the rest of a burst when the write window ends; a check sees
/// what was saved by then.
@Suite(.timeLimit(.minutes(20)))
struct PlanSaveTimeTests {
    @Test func aCoalescedChangeIsNotSavedAMillisecondBeforeItsWindowEndsAndIsSavedWhenItEnds() throws {
        let failures = try planFailures {
            try FontScreen.GIVEN {
                let screen = FontScreen()
                screen.inject(SharedStore(storage: InMemoryStorage(), writeDelay: .seconds(1)))
                return screen
            }
            .WHEN(.larger)
            .WHEN(.larger)
            .WHEN_TimePasses(.milliseconds(999))
            .THEN_Saved(SharingKeys.fontSize, equals: 15, writes: 1)
            .WHEN_TimePasses(.milliseconds(1))
            .THEN_Saved(SharingKeys.fontSize, equals: 16, writes: 2)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func aPlansFirstChangeAfterAQuietPeriodIsSavedAtOnceAndTheRestWhenItsWindowEnds() throws {
        let failures = try planFailures {
            try FontScreen.GIVEN { FontScreen() }
                .WHEN(.larger)
                .THEN_Saved(SharingKeys.fontSize, equals: 15, writes: 1)
                .WHEN(.larger)
                .WHEN(.larger)
                .THEN_Saved(SharingKeys.fontSize, equals: 15, writes: 1)
                // The plan's own store has the default delay, a quarter of a second.
                .WHEN_TimePasses(.milliseconds(250))
                .THEN_Saved(SharingKeys.fontSize, equals: 17, writes: 2)
                // A change in the window the save opened waits for its end, at 500 ms.
                .WHEN_TimePasses(.milliseconds(100))
                .WHEN(.larger)
                .THEN_Saved(SharingKeys.fontSize, equals: 17, writes: 2)
                .WHEN_TimePasses(.milliseconds(150))
                .THEN_Saved(SharingKeys.fontSize, equals: 18, writes: 3)
                // Once a window passes with no change, the next change is saved at once.
                .WHEN_TimePasses(.seconds(1))
                .WHEN(.larger)
                .THEN_Saved(SharingKeys.fontSize, equals: 19, writes: 4)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func nothingSavedPassesBeforeAnyChangeWhateverWasSeeded() throws {
        let failures = try planFailures {
            try FontScreen.GIVEN { FontScreen() }
                .THEN_NothingSaved(SharingKeys.fontSize)
                .runTest()
            try FontScreen.GIVEN { FontScreen() }
                .GIVEN_Stored(SharingKeys.fontSize, 18)
                .THEN_NothingSaved(SharingKeys.fontSize)
                .THEN_Shared(SharingKeys.fontSize, equals: 18)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func nothingSavedFailsNamingWhatWasSavedAndInHowManyWrites() throws {
        let failures = try planFailures {
            try FontScreen.GIVEN { FontScreen() }
                .WHEN(.larger)
                .THEN_NothingSaved(SharingKeys.fontSize)
                .runTest()
        }
        #expect(
            failures == [
                """
                THEN_NothingSaved("fontSize") on FontScreen failed
                expected: nothing saved
                actual: `15` saved, in 1 write
                """
            ])
    }

    @Test func nothingSavedOfAKeyKeptInMemoryOrOfAStoreThatCountsNoWritesSaysSo() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failures = try planFailures {
            try SharingParent.GIVEN { SharingParent() }
                .THEN_NothingSaved(SharedKey<Int>("unread", default: 0))
                .runTest()
            try FontScreen.GIVEN {
                let screen = FontScreen()
                screen.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
                return screen
            }
            .THEN_NothingSaved(SharingKeys.fontSize)
            .runTest()
        }
        #expect(
            failures == [
                "THEN_NothingSaved(\"unread\") on SharingParent failed: the key is kept in memory, never saved: "
                    + "declare it with SharedKey.persisted",
                "THEN_NothingSaved(\"fontSize\") on FontScreen failed: only a store saving in memory counts its "
                    + "writes, and this one saves in JSONFileStorage",
            ])
    }
}
