import Statoscope
import StatoscopeTesting
import Testing
import XCTest

/// Why a profile could not load, as the screen handles it.
enum ProfileFailure: Error, Equatable {
    case offline
    case expiredSession
}

/// A cache that could not be read, handled by starting empty.
struct CacheUnreadable: Error, Equatable {}

/// A profile screen that handles what goes wrong, and reports it, rather than throwing.
@MainActor
final class ProfileCard: Scope {
    var name = ""
    var showsOfflineBanner = false
    @Subscope var avatar: AvatarLoader? = nil

    enum When: Sendable {
        case userOpenedProfile
        case profileLoaded(Result<String, any Error>)
        case cacheFoundCorrupt
        case userOpenedAvatar
        case refusedEvent
    }

    struct LoadName: Effect, Equatable {
        func runEffect() async throws -> String { "Ada" }
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpenedProfile:
            effectsState.enqueue(LoadName().mapToResult().map(When.profileLoaded))
        case .profileLoaded(.success(let name)):
            self.name = name
        case .profileLoaded(.failure(let error)):
            showsOfflineBanner = true
            reportHandled(error, during: when)
        case .cacheFoundCorrupt:
            name = ""
            reportHandled(CacheUnreadable(), during: when)
        case .userOpenedAvatar:
            let avatar = AvatarLoader()
            self.avatar = avatar
            avatar.send(.imageFailed)
        case .refusedEvent:
            // The earlier way to report: a report that does not say it was handled reads as thrown.
            ErrorReporting.report(ErrorReport(error: CacheUnreadable(), source: .update(when), scope: self))
        }
    }
}

/// A child that reports the image it could not load, and shows a placeholder.
@MainActor
final class AvatarLoader: Scope {
    var showsPlaceholder = false

    enum When: Sendable {
        case imageFailed
    }

    func update(_ when: When) throws {
        showsPlaceholder = true
        reportHandled(ProfileFailure.offline, during: when)
    }
}

enum ReportedPlans {
    static func passing() throws -> TestPlan<ProfileCard> {
        try ProfileCard.GIVEN { ProfileCard() }
            .WHEN(.userOpenedProfile)
            .THEN_NothingReported()
            .FORK_EffectFails(ProfileCard.LoadName.self, with: ProfileFailure.expiredSession) { branch in
                try branch.THEN_Reported(ProfileFailure.expiredSession)
            }
            .WHEN_EffectFails(ProfileCard.LoadName.self, with: ProfileFailure.offline)
            .THEN(\.showsOfflineBanner, equals: true)
            .THEN_Reported(ProfileFailure.offline)
            .THEN_Reported(ProfileFailure.self)
            .WHEN(.cacheFoundCorrupt)
            .THEN_Reported(CacheUnreadable())
            .WHEN(.userOpenedAvatar)
            .WITH(\.avatar) { avatar in
                try avatar.THEN_Reported(ProfileFailure.offline)
            }
    }

    static func failing() throws -> TestPlan<ProfileCard> {
        try ProfileCard.GIVEN { ProfileCard() }
            .WHEN(.userOpenedProfile)
            .THEN_Reported(ProfileFailure.offline)
            .WHEN_EffectFails(ProfileCard.LoadName.self, with: ProfileFailure.offline)
            .THEN_Reported(ProfileFailure.expiredSession)
            .THEN_Reported(CacheUnreadable.self)
            .THEN_NothingReported()
            .WHEN(.userOpenedAvatar)
            .THEN_Reported(ProfileFailure.offline)
    }

    static let expectedMessages = [
        """
        THEN_Reported(ProfileFailure.offline) on ProfileCard failed: the latest event or completion \
        did not report it
        expected: ProfileFailure.offline, reported by ProfileCard
        actual: none
        """,
        """
        THEN_Reported(ProfileFailure.expiredSession) on ProfileCard failed: the latest event or \
        completion did not report it
        expected: ProfileFailure.expiredSession, reported by ProfileCard
        actual: ProfileCard: ProfileCard.update(profileLoaded(Swift.Result<Swift.String, Swift.Error>.failure(\
        StatoscopeTestingTests.ProfileFailure.offline))) handled offline
        """,
        """
        THEN_Reported(CacheUnreadable.self) on ProfileCard failed: the latest event or completion \
        did not report it
        expected: an error of type CacheUnreadable, reported by ProfileCard
        actual: ProfileCard: ProfileCard.update(profileLoaded(Swift.Result<Swift.String, Swift.Error>.failure(\
        StatoscopeTestingTests.ProfileFailure.offline))) handled offline
        """,
        """
        THEN_NothingReported failed
        expected: no handled error reported
        actual: ProfileCard: ProfileCard.update(profileLoaded(Swift.Result<Swift.String, Swift.Error>.failure(\
        StatoscopeTestingTests.ProfileFailure.offline))) handled offline
        """,
        """
        THEN_Reported(ProfileFailure.offline) on ProfileCard failed: the latest event or completion \
        did not report it
        expected: ProfileFailure.offline, reported by ProfileCard
        actual: ProfileCard.avatar: AvatarLoader.update(imageFailed) handled offline
        """,
    ]
}

@Suite struct ReportedVerbTests {
    @Test func aHandledErrorPassesItsStepAndThenReportedChecksIt() throws {
        let failures = try capturingFailures { try ReportedPlans.passing().runTest() }
        #expect(failures.map(\.message) == [])
    }

    @Test func aMissingOrWrongReportFailsItsCheckSayingWhatWasReported() throws {
        let failures = try capturingFailures { try ReportedPlans.failing().runTest() }
        #expect(failures.map(\.message) == ReportedPlans.expectedMessages)
        #expect(failures.map(\.kind) == Array(repeating: .wrongValue, count: 5))
    }

    @Test func aReportThatDoesNotSayItWasHandledStillFailsTheStep() throws {
        let failures = try capturingFailures {
            try ProfileCard.GIVEN { ProfileCard() }
                .WHEN(.refusedEvent)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.unexpectedThrow])
        #expect(
            failures.first?.message
                == """
                WHEN(.refusedEvent) on ProfileCard: an update threw unexpectedly
                expected: no error
                actual: ProfileCard: ProfileCard.update(refusedEvent) threw CacheUnreadable()
                """)
    }

    @Test func theSpecificationSaysWhatIsReported() throws {
        let plan = try ReportedPlans.passing()
        let text = plan.specification
        #expect(text.contains("- **Then** `ProfileFailure.offline` is reported as handled"), "\(text)")
        #expect(text.contains("an error of type ProfileFailure is reported as handled"), "\(text)")
        #expect(text.contains("no handled error is reported"), "\(text)")
        try plan.runTest()
    }
}

final class ReportedVerbXCTests: XCTestCase {
    func testAHandledErrorPassesItsStepAndThenReportedChecksIt() throws {
        try ReportedPlans.passing().runTest()
    }
}
