import Foundation
import Statoscope
import Testing

/// A reader whose loads fail and fall back to what it had, reporting what went wrong.
@MainActor
final class Reader: Scope {
    var text = ""
    var textWhenReported: [String] = []
    var showsRetry = false

    enum When: Sendable {
        case userOpenedArticle
        case userOpenedArticleFromClosure
        case articleLoaded(String)
        case articleFailed(Result<String, any Error>)
    }

    struct ArticleUnavailable: Error, Equatable {}

    /// Loads an article, and falls back to the cached one when the network fails.
    struct LoadArticle: Effect, Equatable {
        let cached: String

        func runEffect() async throws -> String {
            do {
                throw ArticleUnavailable()
            } catch {
                await ErrorReporting.reportHandled(error)
                return cached
            }
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpenedArticle:
            effectsState.enqueue(LoadArticle(cached: "cached").map(When.articleLoaded))
        case .userOpenedArticleFromClosure:
            effectsState.enqueue(
                AnyEffect {
                    await ErrorReporting.reportHandled(ArticleUnavailable())
                    return "from closure"
                }.map(When.articleLoaded))
        case .articleLoaded(let text):
            self.text = text
        case .articleFailed(.failure(let error)):
            showsRetry = true
            reportHandled(error, during: when)
        case .articleFailed(.success(let text)):
            self.text = text
        }
    }
}

/// A sign-in form whose failures carry what the user typed, which no report may show.
@MainActor
final class PasswordForm: Scope {
    enum When: Codable, Sendable, SensitiveWhen {
        case signInFailed(password: Sensitive<String>)
        case userTypedPassword(String)
        case userSubmitted(String)

        var isSensitive: Bool {
            if case .userTypedPassword = self { return true }
            return false
        }
    }

    /// A refusal carrying the token that was refused.
    struct TokenRefused: Error {
        let token: Sensitive<String>
    }

    /// A refusal carrying the event refused, whose sensitive case no report may show either.
    struct PasswordRejected: Error {
        let event: When
    }

    func update(_ when: When) throws {
        switch when {
        case .signInFailed(let password):
            reportHandled(TokenRefused(token: Sensitive("token-\(password.value)")), during: when)
        case .userTypedPassword:
            reportHandled(PasswordRejected(event: when), during: when)
        case .userSubmitted(let password):
            throw PasswordRejected(event: .userTypedPassword(password))
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct HandledErrorReportTests {
    @Test func anUpdateReportsAHandledErrorToTheErrorHandlersOfItsIsolation() {
        let reports = withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            let reader = Reader()
            reader.send(.articleFailed(.failure(Reader.ArticleUnavailable())))
            #expect(reader.showsRetry)
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reports.count == 1)
        let report = reports.first
        #expect(report?.isHandled == true)
        #expect(report?.error as? Reader.ArticleUnavailable == Reader.ArticleUnavailable())
        #expect(report?.scopePath == "Reader")
        if case .update(let when) = report?.source, case .articleFailed(.failure) = when as? Reader.When {
        } else {
            Issue.record("the source is the update and its event: \(String(describing: report?.source))")
        }
        #expect(
            report?.description
                == "Reader: Reader.update(articleFailed(Swift.Result<Swift.String, Swift.Error>.failure("
                + "StatoscopeTests.Reader.ArticleUnavailable()))) handled ArticleUnavailable()")
    }

    @Test func anEffectsWorkReportsAHandledErrorForItsScopeBeforeItsResultArrives() async {
        let reader = Reader()
        let reports = await withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { report in
                reader.textWhenReported.append(reader.text)
                reports.append(report)
            }
            reader.send(.userOpenedArticle)
            await reader.effectsState.waitUntilSettled()
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reader.text == "cached")
        #expect(reader.textWhenReported == [""], "reported while the effect ran, before its result")
        #expect(reports.count == 1)
        let report = reports.first
        #expect(report?.isHandled == true)
        #expect(report?.scopeID == ObjectIdentifier(reader))
        #expect(report?.error as? Reader.ArticleUnavailable == Reader.ArticleUnavailable())
        if case .effect(let effect) = report?.source {
            #expect(effect as? Reader.LoadArticle == Reader.LoadArticle(cached: "cached"))
        } else {
            Issue.record("the source is the effect: \(String(describing: report?.source))")
        }
        #expect(
            report?.description
                == "Reader: effect LoadArticle(cached: \"cached\") of Reader handled ArticleUnavailable()")
    }

    @Test func aClosureEffectReportsAHandledErrorToo() async {
        let reader = Reader()
        let reports = await withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            reader.send(.userOpenedArticleFromClosure)
            await reader.effectsState.waitUntilSettled()
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reader.text == "from closure")
        #expect(reports.map(\.isHandled) == [true])
        #expect(
            reports.map(\.description) == [
                "Reader: effect AnyEffect<String> of Reader handled ArticleUnavailable()"
            ])
    }

    @Test func aHandledErrorReportedOutsideAnyEffectIsLoggedSayingWhyNoHandlerHearsOfIt() async {
        let log = CapturedLog()
        let reports = await withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            await ErrorReporting.reportHandled(Reader.ArticleUnavailable())
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reports.isEmpty)
        #expect(
            log.lines == [
                "error ErrorReporting.reportHandled(_:) was called from code that no effect runs, so no scope is "
                    + "known to report it for: ArticleUnavailable(); from update, call reportHandled(_:during:) "
                    + "on the scope"
            ])
    }

    @Test func aHandledReportRedactsWhatTheAppMarkedSensitiveInItsTextLogAndFlightRecording() {
        let log = CapturedLog()
        let reports = withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            let form = PasswordForm()
            let flightRecorder = FlightRecorder(recording: form)
            form.send(.signInFailed(password: Sensitive("hunter2")))
            form.send(.userTypedPassword("swordfish"))
            withExtendedLifetime((registration, flightRecorder)) {}
            return reports
        }
        #expect(
            reports.map(\.description) == [
                "PasswordForm: PasswordForm.update(signInFailed(password: <redacted>)) handled "
                    + "TokenRefused(token: <redacted>)",
                "PasswordForm: PasswordForm.update(userTypedPassword(<redacted>)) handled "
                    + "PasswordRejected(event: StatoscopeTests.PasswordForm.When.userTypedPassword(<redacted>))",
            ])
        #expect(log.lines == reports.map { "warning \($0.description)" })
        let recordings = reports.map { $0.flightRecording ?? "" }
        #expect(recordings.allSatisfy { $0.contains("signInFailed") }, "\(recordings)")
        for text in recordings + reports.map(\.description) + log.lines {
            #expect(!text.contains("hunter2") && !text.contains("swordfish"), "\(text)")
        }
    }

    /// Every report renders its error as it renders events: an error that holds a case the app
    /// marked sensitive shows the case's name only, thrown as well as handled.
    @Test func aThrownErrorHoldingASensitiveCaseIsRedactedInItsReport() {
        let reports = withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            PasswordForm().send(.userSubmitted("swordfish"))
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reports.map(\.isHandled) == [false])
        #expect(
            reports.map(\.description) == [
                "PasswordForm: PasswordForm.update(userSubmitted(\"swordfish\")) threw "
                    + "PasswordRejected(event: StatoscopeTests.PasswordForm.When.userTypedPassword(<redacted>))"
            ])
    }
}
