import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// How two `StreamEnd`s compare: errors of other types that print alike, class hierarchies, generic
// errors, an `Equatable` error that prints differently; and a live stream's end carried by an event.

/// Not `Equatable`, prints as `GarbledError(detail: "x")`.
struct GarbledError: Error {
    let detail: String
}

/// Another type, not `Equatable`, that prints exactly as `GarbledError` does.
struct GarbledErrorTwin: Error, CustomStringConvertible {
    let detail: String
    var description: String { "GarbledError(detail: \"\(detail)\")" }
}

/// An `Equatable` class error, and a subclass that inherits its equality.
class ClassFailure: Error, Equatable, CustomStringConvertible, @unchecked Sendable {
    let code: Int
    init(code: Int) { self.code = code }
    static func == (lhs: ClassFailure, rhs: ClassFailure) -> Bool { lhs.code == rhs.code }
    var description: String { "failure \(code)" }
}

final class SubclassFailure: ClassFailure, @unchecked Sendable {}

/// A non-`Equatable` class error, and a subclass that prints alike.
class PlainClassFailure: Error, CustomStringConvertible, @unchecked Sendable {
    var description: String { "plain failure" }
}

final class PlainSubclassFailure: PlainClassFailure, @unchecked Sendable {}

/// A generic error: `BoxedError<Int>` and `BoxedError<String>` are two types.
struct BoxedError<T: Sendable>: Error, CustomStringConvertible {
    let value: T
    var description: String { "boxed \(value)" }
}

/// `Equatable` by its code only, and printing its attempt too: equality goes by value.
struct CodedError: Error, Equatable, CustomStringConvertible {
    let code: Int
    let attempt: Int
    static func == (lhs: CodedError, rhs: CodedError) -> Bool { lhs.code == rhs.code }
    var description: String { "code \(code), attempt \(attempt)" }
}

/// `Equatable` when its payload is.
struct CarrierError<Payload: Sendable>: Error {
    let payload: Payload
}

extension CarrierError: Equatable where Payload: Equatable {}

/// A stream that yields once, then throws what it is given.
struct OnceThenFailingStream: StreamEffect {
    let failure: any Error

    func makeElements() -> AsyncThrowingStream<Int, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(1)
            continuation.finish(throwing: failure)
        }
    }
}

@MainActor
final class StreamEndScreen: Scope {
    var elements: [Int] = []
    var ends: [StreamEnd] = []

    enum When: Sendable, Equatable {
        case start(PrintedErrorBox)
        case element(Int)
        case ended(StreamEnd)
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let box):
            effectsState.enqueue(
                OnceThenFailingStream(failure: box.error).map(When.element).onEnd(When.ended))
        case .element(let value): elements.append(value)
        case .ended(let end): ends.append(end)
        }
    }
}

/// An error carried in an event, compared by what it prints.
struct PrintedErrorBox: Sendable, Equatable {
    let error: any Error
    static func == (lhs: PrintedErrorBox, rhs: PrintedErrorBox) -> Bool {
        "\(lhs.error)" == "\(rhs.error)"
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct StreamEndEqualityTests {
    @Test func nonEquatableFailuresOfDifferentTypesDifferEvenWhenTheyPrintAlike() {
        #expect("\(GarbledError(detail: "x"))" == "\(GarbledErrorTwin(detail: "x"))")
        #expect(StreamEnd.failed(GarbledError(detail: "x")) != .failed(GarbledErrorTwin(detail: "x")))
        #expect(StreamEnd.failed(GarbledErrorTwin(detail: "x")) != .failed(GarbledError(detail: "x")))
    }

    @Test func anEquatableClassFailureAndItsSubclassAreTwoTypesEitherWayRound() {
        let base = ClassFailure(code: 1)
        let sub = SubclassFailure(code: 1)
        #expect(base == sub, "the class's own equality says they are equal")
        #expect(StreamEnd.failed(base) != .failed(sub), "errors of two types compare equal")
        #expect(StreamEnd.failed(sub) != .failed(base), "errors of two types compare equal")
        #expect(StreamEnd.failed(sub) == .failed(SubclassFailure(code: 1)))
        #expect(StreamEnd.failed(sub) != .failed(SubclassFailure(code: 2)))
    }

    @Test func aNonEquatableClassFailureAndItsSubclassThatPrintAlikeAreTwoTypes() {
        #expect("\(PlainClassFailure())" == "\(PlainSubclassFailure())")
        #expect(StreamEnd.failed(PlainClassFailure()) != .failed(PlainSubclassFailure()))
        #expect(StreamEnd.failed(PlainSubclassFailure()) != .failed(PlainClassFailure()))
        #expect(StreamEnd.failed(PlainClassFailure()) == .failed(PlainClassFailure()))
    }

    @Test func genericErrorsOfTwoSpecializationsThatPrintAlikeAreTwoTypes() {
        #expect("\(BoxedError(value: 1))" == "\(BoxedError(value: "1"))")
        #expect(StreamEnd.failed(BoxedError(value: 1)) != .failed(BoxedError(value: "1")))
        #expect(StreamEnd.failed(BoxedError(value: 1)) == .failed(BoxedError(value: 1)))
    }

    @Test func anEquatableFailureComparesByValueNotByWhatItPrints() {
        #expect(StreamEnd.failed(CodedError(code: 7, attempt: 1)) == .failed(CodedError(code: 7, attempt: 2)))
        #expect(StreamEnd.failed(CodedError(code: 7, attempt: 1)) != .failed(CodedError(code: 8, attempt: 1)))
    }

    @Test func aConditionallyEquatableFailureComparesByValueOrByDescriptionAsItsTypeIs() {
        #expect(StreamEnd.failed(CarrierError(payload: 1)) == .failed(CarrierError(payload: 1)))
        #expect(StreamEnd.failed(CarrierError(payload: 1)) != .failed(CarrierError(payload: 2)))
        let garbled = CarrierError(payload: GarbledError(detail: "x"))
        #expect(StreamEnd.failed(garbled) == .failed(CarrierError(payload: GarbledError(detail: "x"))))
        #expect(StreamEnd.failed(garbled) != .failed(CarrierError(payload: GarbledError(detail: "y"))))
    }

    @Test func aCancellationErrorIsAFailureLikeAnyOther() {
        #expect(StreamEnd.failed(CancellationError()) == .failed(CancellationError()))
        #expect(StreamEnd.failed(CancellationError()) != .finished)
    }

    @Test func aLiveStreamsFailureOfANonEquatableErrorReachesUpdateAndComparesByType() async {
        let screen = StreamEndScreen()
        screen.send(.start(PrintedErrorBox(error: GarbledError(detail: "x"))))
        #expect(await screen.effectsState.settlesWithinTestPatience())
        #expect(screen.elements == [1])
        #expect(screen.ends == [.failed(GarbledError(detail: "x"))])
        #expect(screen.ends != [.failed(GarbledErrorTwin(detail: "x"))])
    }
}
