import Statoscope
import Testing

/// The profile screen of the examples, reduced to the guard that matters here.
@MainActor
final class ProfileLoader: Scope {
    var loading = false
    var email = ""

    enum When: Sendable {
        case systemShowsUserProfileView
        case networkFinishesLoadingProfile(email: String)
    }

    func update(_ when: When) throws {
        switch when {
        case .systemShowsUserProfileView:
            loading = true
        case .networkFinishesLoadingProfile(let email):
            guard loading else {
                throw InvalidStateError("profile arrived while not loading")
            }
            self.email = email
            loading = false
        }
    }
}

@MainActor
struct InvalidStateErrorTests {
    @Test func completionInAnUnexpectedStateIsReportedWithTheEventAndScope() async throws {
        let profile = ProfileLoader()
        let collector = ErrorReportCollector(for: profile)
        profile.send(.networkFinishesLoadingProfile(email: "a@b.c"))
        #expect(profile.email == "")
        let report = try #require(collector.reports.first)
        let error = try #require(report.error as? InvalidStateError)
        #expect(error.reason == "profile arrived while not loading")
        #expect(error.fileID == "StatoscopeTests/InvalidStateErrorTests.swift")
        #expect(
            error.description.hasPrefix("InvalidStateError at StatoscopeTests/InvalidStateErrorTests.swift:"))
        #expect(error.description.hasSuffix(": profile arrived while not loading"))
        #expect(report.scopeType is ProfileLoader.Type)
        #expect(report.scopeID == ObjectIdentifier(profile))
        guard case .update(let when) = report.source else {
            Issue.record("expected an update report")
            return
        }
        #expect("\(when)" == #"networkFinishesLoadingProfile(email: "a@b.c")"#)
    }

    @Test func expectedCompletionIsHandled() async {
        let profile = ProfileLoader()
        let collector = ErrorReportCollector(for: profile)
        profile.send(.systemShowsUserProfileView)
        profile.send(.networkFinishesLoadingProfile(email: "a@b.c"))
        #expect(profile.email == "a@b.c")
        #expect(collector.reports.isEmpty)
    }

    @Test func bareErrorNamesOnlyItsPlace() {
        let error = InvalidStateError()
        #expect(
            error.description
                == "InvalidStateError at StatoscopeTests/InvalidStateErrorTests.swift:\(#line - 1)")
    }
}
