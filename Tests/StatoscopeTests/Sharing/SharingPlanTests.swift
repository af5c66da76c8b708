import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// The failures plans report while `body` runs, instead of failing the test.
func planFailures(_ body: () throws -> Void) rethrows -> [String] {
    let failures = LockedFailures()
    try PlanIssueReporter.$capture.withValue(.init { failures.append($0.message) }, operation: body)
    return failures.messages
}

private final class LockedFailures: @unchecked Sendable {
    // Guards `collected`: failures are recorded on the main actor, read by the test's thread.
    private let lock = NSLock()
    private var collected: [String] = []
    func append(_ message: String) { lock.withLock { collected.append(message) } }
    var messages: [String] { lock.withLock { collected } }
}

/// Shared and persisted values in test plans: seeded, checked through any scope, saved, forked.
@Suite(.timeLimit(.minutes(20)))
struct SharingPlanTests {
    @Test func aPlanSeedsAStoredValueAndChecksTheSharedAndSavedOnes() throws {
        try FontScreen.GIVEN { FontScreen() }
            .GIVEN_Stored(SharingKeys.fontSize, 18)
            .WHEN(.larger)
            .THEN_Shared(SharingKeys.fontSize, equals: 19)
            .THEN_Saved(SharingKeys.fontSize, equals: 19, writes: 1)
            .WHEN(.burst(3))
            .WHEN(.larger)
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Saved(SharingKeys.fontSize, equals: 23, writes: 2)
            .WHEN(.larger)
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Saved(SharingKeys.fontSize, equals: 24, writes: 3)
            .runTest()
    }

    @Test func aPlanChecksASharedValueThroughAnyScope() throws {
        try SharingParent.GIVEN { SharingParent() }
            .WHEN(\.right, .opened)
            .WHEN(.received)
            .WITH(\.left) { try $0.THEN_Shared(SharingKeys.unread, equals: 1) }
            .WITH(\.right) { try $0.THEN_Shared(SharingKeys.unread, equals: 1) }
            .THEN(\.left.unread, equals: 1)
            .runTest()
    }

    @Test func aStrictPlansCheckOfASharedValueCoversEveryScopeReadingIt() throws {
        let failures = try planFailures {
            try SharingParent.GIVEN { SharingParent() }
                .strictState(true)
                .WHEN(.received)
                .THEN_Shared(SharingKeys.unread, equals: 1)
                .WHEN(.received)
                .runTest()
        }
        // The first change is checked by THEN_Shared, in the parent and in its two children, which
        // read the key too though nothing linked them yet; the second, left unchecked, fails the plan.
        #expect(failures.count == 1)
        #expect(
            failures.first?.hasSuffix(
                """
                unchecked:
                  SharingParent.left.unread: 1 → 2
                  SharingParent.right.unread: 1 → 2
                  SharingParent.unread: 1 → 2
                """) == true, "\(failures)")
    }

    @Test func forkBranchesGetTheirOwnCopies() throws {
        try SharingParent.GIVEN { SharingParent() }
            .WHEN(.received)
            .FORK(.received) { branch in
                try branch.THEN_Shared(SharingKeys.unread, equals: 2)
            }
            .WHEN(.received)
            .WHEN(.received)
            .THEN_Shared(SharingKeys.unread, equals: 3)
            .FORK(.themeChosen("dark")) { branch in
                try branch.THEN_Saved(SharingKeys.theme, equals: "dark", writes: 1)
            }
            .THEN_Shared(SharingKeys.theme, equals: "light")
            .runTest()
    }

    @Test(arguments: 0..<16) func plansRunningInParallelNeverSeeEachOthersValues(seed: Int) throws {
        try FontScreen.GIVEN { FontScreen() }
            .GIVEN_Stored(SharingKeys.fontSize, seed * 100)
            .WHEN(.burst(seed))
            .THEN_Shared(SharingKeys.fontSize, equals: seed * 100 + seed)
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Saved(SharingKeys.fontSize, equals: seed * 100 + seed, writes: min(seed, 2))
            .runTest()
    }

    @Test func aWrongSharedValueFailsNamingTheKeyAndBothValues() throws {
        let failures = try planFailures {
            try SharingParent.GIVEN { SharingParent() }
                .WHEN(.received)
                .WITH(\.left) { try $0.THEN_Shared(SharingKeys.unread, equals: 2) }
                .runTest()
        }
        #expect(
            failures == [
                """
                THEN_Shared("unread", equals: ...) on SharingParent.left failed
                expected: 2
                actual: 1
                """
            ])
    }

    @Test func aWrongSaveCountFailsWithBothCounts() throws {
        let failures = try planFailures {
            try FontScreen.GIVEN { FontScreen() }
                .WHEN(.larger)
                .THEN_Saved(SharingKeys.fontSize, equals: 15, writes: 3)
                .runTest()
        }
        #expect(
            failures == [
                """
                THEN_Saved("fontSize", equals: ...) on FontScreen failed
                expected: 3 writes
                actual: 1 write
                """
            ])
    }

    @Test func checkingTheSavedValueOfAKeyKeptInMemorySaysSo() throws {
        let failures = try planFailures {
            try SharingParent.GIVEN { SharingParent() }
                .THEN_Saved(SharedKey<Int>("unread", default: 0), equals: 0)
                .runTest()
        }
        #expect(
            failures == [
                "THEN_Saved(\"unread\", equals: ...) on SharingParent failed: the key is kept in memory, never "
                    + "saved: declare it with SharedKey.persisted"
            ])
    }
}
