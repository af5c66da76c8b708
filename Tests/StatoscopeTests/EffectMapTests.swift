import Statoscope
import Testing

enum LoginError: UnknownErrorRepresentable, Equatable {
    case wrongPassword
    case unknownError
}

struct Offline: Error {}

struct LoginEffect: Effect, Equatable {
    let failure: LoginError?
    func runEffect() async throws -> String {
        if let failure { throw failure }
        return "token"
    }
}

struct EffectMapTests {
    @Test func mapTransformsTheResult() async throws {
        let effect = AnyEffect { 20 }.map { $0 + 1 }.map { "\($0)" }
        #expect(try await effect.runEffect() == "21")
    }

    @Test func unmappedErrorIsThrown() async {
        await #expect(throws: LoginError.wrongPassword) {
            try await LoginEffect(failure: .wrongPassword).map { $0.count }.runEffect()
        }
    }

    @Test func mapToResultKeepsTheFailure() async throws {
        let result = try await LoginEffect(failure: .wrongPassword).mapToResult().runEffect()
        #expect(throws: LoginError.wrongPassword) { try result.get() }
        let success = try await LoginEffect(failure: nil).mapToResult().runEffect()
        #expect(try success.get() == "token")
    }

    @Test func mapToResultWithErrorMapsAnyErrorWithTheClosure() async throws {
        struct Wrapped: Error, Equatable { let message: String }
        let result = try await AnyEffect<Int> { throw Offline() }
            .mapToResultWithError { Wrapped(message: "\($0)") }
            .runEffect()
        #expect(result == .failure(Wrapped(message: "Offline()")))
    }

    @Test func mapToResultWithErrorKeepsExpectedErrorsAndMapsTheRestToUnknown() async throws {
        let expected = try await LoginEffect(failure: .wrongPassword)
            .mapToResultWithError(LoginError.self)
            .runEffect()
        #expect(expected == .failure(.wrongPassword))
        let unexpected = try await AnyEffect<String> { throw Offline() }
            .mapToResultWithError(LoginError.self)
            .runEffect()
        #expect(unexpected == .failure(.unknownError))
        let success = try await LoginEffect(failure: nil).mapToResultWithError(LoginError.self).runEffect()
        #expect(success == .success("token"))
    }

    @Test func mapToResultWithErrorAfterAMapMapsWhatTheChainThrows() async throws {
        let failed = try await LoginEffect(failure: .wrongPassword).map { $0.count }
            .mapToResultWithError(LoginError.self)
            .runEffect()
        #expect(failed == .failure(.wrongPassword))
        let unexpected = try await AnyEffect<String> { throw Offline() }.map { $0.count }
            .mapToResultWithError(LoginError.self)
            .runEffect()
        #expect(unexpected == .failure(.unknownError))
        let succeeded = try await LoginEffect(failure: nil).map { $0.count }
            .mapToResultWithError(LoginError.self)
            .runEffect()
        #expect(succeeded == .success(5))
    }

    @Test func transformsAfterAResultMapSeeTheResult() async throws {
        let effect = LoginEffect(failure: .wrongPassword)
            .mapToResultWithError(LoginError.self)
            .map { result in (try? result.get()) ?? "no token" }
        #expect(try await effect.runEffect() == "no token")
        #expect(effect.pristineEquals(LoginEffect(failure: .wrongPassword)))
    }
}
