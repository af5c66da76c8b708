// Generated from README.md by .ci/readme-samples: edit the README, then run that script.
// swift-format-ignore-file

import Foundation
import Observation
import Statoscope
import StatoscopeTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// README.md, line 91

@Observable
final class Counter: Scope {
    var viewDisplaysTotalCount = 0

    enum When {
        case userTappedIncrementButton
        case userTappedDecrementButton
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

@MainActor
func tapTwice(_ counter: Counter) {
    counter.send(.userTappedIncrementButton)
    counter.send(.userTappedIncrementButton)   // viewDisplaysTotalCount == 2
}

// README.md, line 129

struct DTO: Codable, Equatable {
    let count: Int
}

struct PostCount: Effect, Equatable {
    let count: Int
    func runEffect() async throws -> DTO {
        var request = URLRequest(url: URL(string: "https://example.com/counter")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(DTO(count: count))
        return try JSONDecoder().decode(DTO.self, from: try await URLSession.shared.data(for: request).0)
    }
}

@Observable
final class SyncedCounter: Scope {
    var count = 0
    var isSaving = false
    var error: String?

    enum When {
        case userTappedIncrementButton
        case serverSaved(Result<DTO, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            count += 1
            isSaving = true
            // A newer save replaces the one in flight: no bookkeeping by hand.
            effectsState.enqueue(PostCount(count: count).mapToResult().map(When.serverSaved), key: "save")
        case .serverSaved(let result):
            guard isSaving else { throw InvalidStateError("a save completed while none was in flight") }
            isSaving = false
            switch result {
            case .success(let saved): count = saved.count
            case .failure(let failure): error = "\(failure)"
            }
        }
    }
}

// README.md, line 193

final class SyncedCounterTests: XCTestCase {
    func testTappingSavesTheNewCount() throws {
        try SyncedCounter.GIVEN { SyncedCounter() }
            .THEN(\.count, equals: 0)
            .WHEN(.userTappedIncrementButton)
            .THEN(\.count, equals: 1)
            .THEN(\.isSaving, equals: true)
            .THEN_Enqueued(PostCount(count: 1))
            .FORK(.serverSaved(.failure(URLError(.notConnectedToInternet)))) { offline in
                try offline
                    .THEN(\.isSaving, equals: false)
                    .THEN_NotNil(\.error)
            }
            .WHEN_EffectCompletes(PostCount.self, with: DTO(count: 1))
            .THEN(\.isSaving, equals: false)
            .THEN_Nil(\.error)
            .runTest()
    }
}

// README.md, line 228
struct NamesAPI: Injectable {
    var loadName: @Sendable (Int) async throws -> String
    static var defaultValue: NamesAPI { NamesAPI { id in "row \(id)" } }
}

final class Home: Scope {
    @Subscope var counter = SyncedCounter()   // an owned child
    @Subscope var rows: [Row] = []            // a list of children
    @Subscope var detail: Row? = nil          // navigation: present, then dismiss
    var opened: [Int] = []

    enum When {
        case listLoaded(Int)
        case rowOpened(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .listLoaded(let count): rows = (0..<count).map { Row(id: $0) }
        case .rowOpened(let id): opened.append(id)
        }
    }
}

final class Row: Scope {
    let id: Int
    var name: String?
    @Superscope var home: Home                // the nearest ancestor of that type
    @Injected var api: NamesAPI               // the nearest injected value above, else the default

    init(id: Int) {
        self.id = id
    }

    enum When {
        case userTappedRow
        case nameLoaded(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedRow:
            home.send(.rowOpened(id))         // child to parent, through the parent's entry point
            let api = api
            let id = id
            effectsState.enqueue(AnyEffect { try await api.loadName(id) }.map(When.nameLoaded))
        case .nameLoaded(let name):
            self.name = name
        }
    }
}

@MainActor
func instrument(_ home: Home) -> [MiddlewareRegistration] {
    home.inject(NamesAPI { id in "mock \(id)" })         // home's subtree only
    EventLogging.enable(level: .info, stateDiffs: true)        // events, effects, state diffs
    print(home.subtreeDescription)                             // the tree's state, as text
    // Every instrument runs while its registration is kept: the caller keeps them. Analytics
    // tracks the events whose type conforms to TrackedWhen.
    return [
        ErrorReporting.addHandler { report in print(report.description) },
        Analytics.install { event in print(event.name, event.parameters) },
    ]
}
