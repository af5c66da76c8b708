import Statoscope
import StatoscopeTesting
import XCTest

// The effect verbs' former forms that took a subscope's key path first, before `WITH` said "on this
// child" for all of them. Each warns that it is deprecated, naming its `WITH` form (CI checks the
// warnings), and each still checks, or completes, what it did, on the scope the key path leads to.

@MainActor
final class Parcel: Scope {
    @Subscope var courier = Courier()
    @Subscope var spare: Courier? = Courier()

    enum When { case userShips }

    func update(_ when: When) throws {
        courier.effectsState.enqueue(Courier.Book(id: 1).map(Courier.When.booked))
        spare?.effectsState.enqueue(Courier.Book(id: 2).map(Courier.When.booked))
        courier.effectsState.enqueue(Courier.Track().map(Courier.When.tracked))
    }
}

@MainActor
final class Courier: Scope {
    var booked: [Int] = []
    var tracked = 0

    enum When {
        case booked(Int)
        case tracked(Int)
        case ticked
    }

    struct Book: Effect, Equatable {
        let id: Int
        func runEffect() async throws -> Int { id }
    }

    struct Track: StreamEffect, Equatable {
        func makeElements() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
    }

    func update(_ when: When) throws {
        switch when {
        case .booked(let id): booked.append(id)
        case .tracked(let step): tracked = step
        case .ticked: break
        }
    }
}

final class SubscopeVerbSpellingsTests: XCTestCase {
    func testTheKeyPathFirstFormsCheckWhatTheyChecked() throws {
        try Parcel.GIVEN { Parcel() }
            .THEN_NoEffects(\.courier)
            .THEN_NoEffects(\.spare)
            .THEN_NotEnqueued(\.courier, Courier.Book.self)
            .THEN_NotEnqueued(\.spare, Courier.Book.self)
            .WHEN(.userShips)
            .THEN_Enqueued(\.courier, Courier.Book(id: 1))
            .THEN_Enqueued(\.spare, Courier.Book(id: 2))
            .THEN_Enqueued(\.courier, parameter: \Courier.Book.id, equals: 1)
            .THEN_Enqueued(\.spare, parameter: \Courier.Book.id, equals: 2)
            .THEN_Enqueued(\.courier, Courier.Book.self, count: 1)
            .THEN_Enqueued(\.spare, Courier.Book.self, count: 1)
            .THEN_Enqueued(\.courier, Courier.Book(id: 1), count: 1)
            .THEN_Enqueued(\.spare, Courier.Book(id: 2), count: 1)
            .THEN_EffectStatus(\.courier, Courier.Book.self, is: .pending)
            .THEN_EffectStatus(\.spare, Courier.Book.self, is: .pending)
            .WHEN_StreamYields(\.courier, Courier.Track.self, 3)
            .THEN(\.courier.tracked, equals: 3)
            .WHEN_StreamEnds(\.courier, Courier.Track.self)
            .WHEN_EffectCompletes(\.courier, Courier.Book.self, with: 1)
            .THEN(\.courier.booked, equals: [1])
            .THEN_NotEnqueued(\.courier, Courier.Book(id: 1))
            .WHEN_EffectCompletes(\.spare, Courier.Book.self, with: 2)
            .THEN(\.spare?.booked, equals: [2])
            .THEN_NotEnqueued(\.spare, Courier.Book(id: 2))
            .THEN_NoEffects(\.courier)
            .THEN_NoEffects(\.spare)
            .runTest()
    }

    func testTheKeyPathFirstFormsFailNamingTheSubscope() throws {
        let failures = try capturingFailures {
            try Parcel.GIVEN { Parcel() }
                .WHEN(.userShips)
                .THEN_Enqueued(\.courier, Courier.Book(id: 9))
                .THEN_NoEffects(\.spare)
                .THEN_Cancelled(\.courier, Courier.Book.self)
                .runTest(assertNoPendingEffects: false)
        }
        XCTAssertEqual(failures.map(\.location.line), [#line - 5, #line - 4, #line - 3])
        XCTAssertTrue(
            failures[0].message.hasPrefix("THEN_Enqueued on Parcel.courier: no pending effect equals"),
            failures[0].message)
        XCTAssertTrue(
            failures[1].message.hasPrefix("THEN_NoEffects on Parcel.spare failed"), failures[1].message)
        XCTAssertTrue(failures[2].message.contains("Parcel.courier"), failures[2].message)
    }
}
