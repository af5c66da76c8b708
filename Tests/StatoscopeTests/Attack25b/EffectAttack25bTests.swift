import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Attacks on what *Long-lived effects and time* promises: how two `StreamEnd`s compare (errors of
// other types that print alike, class hierarchies, generic errors, an `Equatable` error that prints
// differently), a live stream's end carried by an event, and retry multipliers that are not a number,
// infinite, huge or tiny, live on a manual clock.

/// Not `Equatable`, prints as `A25bGarbled(detail: "x")`.
struct A25bGarbled: Error {
    let detail: String
}

/// Another type, not `Equatable`, that prints exactly as `A25bGarbled` does.
struct A25bGarbledTwin: Error, CustomStringConvertible {
    let detail: String
    var description: String { "A25bGarbled(detail: \"\(detail)\")" }
}

/// An `Equatable` class error, and a subclass that inherits its equality.
class A25bClassFailure: Error, Equatable, CustomStringConvertible, @unchecked Sendable {
    let code: Int
    init(code: Int) { self.code = code }
    static func == (lhs: A25bClassFailure, rhs: A25bClassFailure) -> Bool { lhs.code == rhs.code }
    var description: String { "failure \(code)" }
}

final class A25bSubclassFailure: A25bClassFailure, @unchecked Sendable {}

/// A non-`Equatable` class error, and a subclass that prints alike.
class A25bPlainClassFailure: Error, CustomStringConvertible, @unchecked Sendable {
    var description: String { "plain failure" }
}

final class A25bPlainSubclassFailure: A25bPlainClassFailure, @unchecked Sendable {}

/// A generic error: `A25bBoxed<Int>` and `A25bBoxed<String>` are two types.
struct A25bBoxed<T: Sendable>: Error, CustomStringConvertible {
    let value: T
    var description: String { "boxed \(value)" }
}

/// `Equatable` by its code only, and printing its attempt too: equality goes by value.
struct A25bCoded: Error, Equatable, CustomStringConvertible {
    let code: Int
    let attempt: Int
    static func == (lhs: A25bCoded, rhs: A25bCoded) -> Bool { lhs.code == rhs.code }
    var description: String { "code \(code), attempt \(attempt)" }
}

/// `Equatable` when its payload is.
struct A25bCarrier<Payload: Sendable>: Error {
    let payload: Payload
}

extension A25bCarrier: Equatable where Payload: Equatable {}

/// A stream that yields once, then throws what it is given.
struct A25bFailingStream: StreamEffect {
    let failure: any Error

    func makeElements() -> AsyncThrowingStream<Int, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(1)
            continuation.finish(throwing: failure)
        }
    }
}

@MainActor
final class A25bStreamScreen: Scope {
    var elements: [Int] = []
    var ends: [StreamEnd] = []

    enum When: Sendable, Equatable {
        case start(A25bErrorBox)
        case element(Int)
        case ended(StreamEnd)
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let box):
            effectsState.enqueue(
                A25bFailingStream(failure: box.error).map(When.element).onEnd(When.ended))
        case .element(let value): elements.append(value)
        case .ended(let end): ends.append(end)
        }
    }
}

/// An error carried in an event, compared by what it prints.
struct A25bErrorBox: Sendable, Equatable {
    let error: any Error
    static func == (lhs: A25bErrorBox, rhs: A25bErrorBox) -> Bool {
        "\(lhs.error)" == "\(rhs.error)"
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EffectAttack25bTests {
    // MARK: - StreamEnd equality

    @Test func nonEquatableFailuresOfDifferentTypesDifferEvenWhenTheyPrintAlike() {
        #expect("\(A25bGarbled(detail: "x"))" == "\(A25bGarbledTwin(detail: "x"))")
        #expect(StreamEnd.failed(A25bGarbled(detail: "x")) != .failed(A25bGarbledTwin(detail: "x")))
        #expect(StreamEnd.failed(A25bGarbledTwin(detail: "x")) != .failed(A25bGarbled(detail: "x")))
    }

    @Test func anEquatableClassFailureAndItsSubclassAreTwoTypesEitherWayRound() {
        let base = A25bClassFailure(code: 1)
        let sub = A25bSubclassFailure(code: 1)
        #expect(base == sub, "the class's own equality says they are equal")
        #expect(StreamEnd.failed(base) != .failed(sub), "errors of two types compare equal")
        #expect(StreamEnd.failed(sub) != .failed(base), "errors of two types compare equal")
        #expect(StreamEnd.failed(sub) == .failed(A25bSubclassFailure(code: 1)))
        #expect(StreamEnd.failed(sub) != .failed(A25bSubclassFailure(code: 2)))
    }

    @Test func aNonEquatableClassFailureAndItsSubclassThatPrintAlikeAreTwoTypes() {
        #expect("\(A25bPlainClassFailure())" == "\(A25bPlainSubclassFailure())")
        #expect(StreamEnd.failed(A25bPlainClassFailure()) != .failed(A25bPlainSubclassFailure()))
        #expect(StreamEnd.failed(A25bPlainSubclassFailure()) != .failed(A25bPlainClassFailure()))
        #expect(StreamEnd.failed(A25bPlainClassFailure()) == .failed(A25bPlainClassFailure()))
    }

    @Test func genericErrorsOfTwoSpecializationsThatPrintAlikeAreTwoTypes() {
        #expect("\(A25bBoxed(value: 1))" == "\(A25bBoxed(value: "1"))")
        #expect(StreamEnd.failed(A25bBoxed(value: 1)) != .failed(A25bBoxed(value: "1")))
        #expect(StreamEnd.failed(A25bBoxed(value: 1)) == .failed(A25bBoxed(value: 1)))
    }

    @Test func anEquatableFailureComparesByValueNotByWhatItPrints() {
        #expect(StreamEnd.failed(A25bCoded(code: 7, attempt: 1)) == .failed(A25bCoded(code: 7, attempt: 2)))
        #expect(StreamEnd.failed(A25bCoded(code: 7, attempt: 1)) != .failed(A25bCoded(code: 8, attempt: 1)))
    }

    @Test func aConditionallyEquatableFailureComparesByValueOrByDescriptionAsItsTypeIs() {
        #expect(StreamEnd.failed(A25bCarrier(payload: 1)) == .failed(A25bCarrier(payload: 1)))
        #expect(StreamEnd.failed(A25bCarrier(payload: 1)) != .failed(A25bCarrier(payload: 2)))
        let garbled = A25bCarrier(payload: A25bGarbled(detail: "x"))
        #expect(StreamEnd.failed(garbled) == .failed(A25bCarrier(payload: A25bGarbled(detail: "x"))))
        #expect(StreamEnd.failed(garbled) != .failed(A25bCarrier(payload: A25bGarbled(detail: "y"))))
    }

    @Test func aCancellationErrorIsAFailureLikeAnyOther() {
        #expect(StreamEnd.failed(CancellationError()) == .failed(CancellationError()))
        #expect(StreamEnd.failed(CancellationError()) != .finished)
    }

    @Test func aLiveStreamsFailureOfANonEquatableErrorReachesUpdateAndComparesByType() async {
        let screen = A25bStreamScreen()
        screen.send(.start(A25bErrorBox(error: A25bGarbled(detail: "x"))))
        #expect(await screen.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(screen.elements == [1])
        #expect(screen.ends == [.failed(A25bGarbled(detail: "x"))])
        #expect(screen.ends != [.failed(A25bGarbledTwin(detail: "x"))])
    }

    // MARK: - Retry multipliers, live

    /// Runs `A25Retrier` with `multiplier`, initial delay 1 s and a cap of 5 s, failing three times,
    /// and checks that each wait is the one given (in milliseconds).
    private func checkWaits(multiplier: Double, maxDelay: Duration = .seconds(5), waits: [Int]) async {
        let clock = ManualEffectClock()
        let retrier = A25Retrier(
            [500, 500, 500].map { .failure(HTTPFailure(status: $0)) } + [.success(4)],
            policy: .exponentialBackoff(
                maxAttempts: 4, initialDelay: .seconds(1), multiplier: multiplier, maxDelay: maxDelay))
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        for (index, wait) in waits.enumerated() {
            let attempt = index + 1
            if wait == 0 {
                await waitUntil("attempt \(attempt + 1) starts at once", within: testPatience) {
                    retrier.server.attempts >= attempt + 1
                }
                continue
            }
            await waitUntil("wait \(attempt)", within: testPatience) {
                retrier.server.attempts == attempt && clock.sleeperCount == 1
            }
            clock.advance(by: .milliseconds(wait - 1))
            await mainActorBarrier()
            #expect(
                retrier.server.attempts == attempt, "multiplier \(multiplier): wait \(attempt) is \(wait) ms")
            clock.advance(by: .milliseconds(1))
        }
        #expect(await retrier.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(retrier.outcomes == ["saved 4"], "multiplier \(multiplier)")
        retrier.send(.cancel)
    }

    @Test func aMultiplierThatIsNotANumberCountsAsOne() async {
        await checkWaits(multiplier: .nan, waits: [1_000, 1_000, 1_000])
        await checkWaits(multiplier: -.nan, waits: [1_000, 1_000, 1_000])
    }

    @Test func anInfiniteOrHugeMultiplierReachesTheCapAfterTheFirstWait() async {
        await checkWaits(multiplier: .infinity, waits: [1_000, 5_000, 5_000])
        await checkWaits(multiplier: .greatestFiniteMagnitude, waits: [1_000, 5_000, 5_000])
        await checkWaits(multiplier: 1e300, waits: [1_000, 5_000, 5_000])
    }

    @Test func aTinyOrNegativeZeroMultiplierRetriesAtOnceAfterTheFirstWait() async {
        await checkWaits(multiplier: -0.0, waits: [1_000, 0, 0])
        await checkWaits(multiplier: .leastNonzeroMagnitude, waits: [1_000, 0, 0])
    }
}
