import Statoscope
import StatoscopeTestSupport
import Testing

// The tree issue's worked example: an app with a list of rows and an optional detail; the app
// injects a mock API, and a single row injects a different one for the detail it opens.

struct ProfileAPI: Injectable {
    var name: String
    var load: @Sendable (Int) async throws -> String
    static var defaultValue: ProfileAPI {
        ProfileAPI(name: "live") { _ in throw Unreachable() }
    }
    static func mock(_ name: String) -> ProfileAPI {
        ProfileAPI(name: name) { id in "\(name) profile \(id)" }
    }
    struct Unreachable: Error {}
}

@MainActor
final class ProfileDetail: Scope {
    let id: Int
    var profile: String?
    var loading = false
    @Injected var api: ProfileAPI

    init(id: Int) {
        self.id = id
    }

    enum When: Sendable {
        case appeared
        case loaded(String)
    }

    struct LoadProfile: Effect, Equatable {
        let id: Int
        @Injected var api: ProfileAPI
        func runEffect() async throws -> String { try await api.load(id) }
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared:
            loading = true
            effectsState.enqueue(LoadProfile(id: id).map(When.loaded))
        case .loaded(let profile):
            guard loading else { throw InvalidStateError("profile arrived while not loading") }
            self.profile = profile
            loading = false
        }
    }
}

@MainActor
final class ProfileRow: Scope {
    let id: Int
    @Subscope var detail: ProfileDetail? = nil
    @Superscope var app: ProfileApp

    init(id: Int) {
        self.id = id
    }

    enum When: Sendable {
        case userTappedRow
        case userClosedDetail
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedRow:
            detail = ProfileDetail(id: id)
            detail?.send(.appeared)
            app.send(.rowOpened(id))
        case .userClosedDetail:
            detail = nil
        }
    }
}

@MainActor
final class ProfileApp: Scope {
    @Subscope var rows: [ProfileRow] = []
    @Subscope var detail: ProfileDetail? = nil
    var openedRows: [Int] = []

    enum When: Sendable {
        case listLoaded([Int])
        case userOpenedOwnProfile
        case rowOpened(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .listLoaded(let ids):
            rows = ids.map { ProfileRow(id: $0) }
        case .userOpenedOwnProfile:
            detail = ProfileDetail(id: 0)
            detail?.send(.appeared)
        case .rowOpened(let id):
            openedRows.append(id)
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct WorkedExampleTests {
    @Test func detailsUseTheAPIInjectedNearestAboveThem() async throws {
        let app = ProfileApp()
        app.inject(ProfileAPI.mock("app mock"))
        app.send(.listLoaded([1, 2, 3]))
        app.rows[1].inject(ProfileAPI.mock("row mock"))

        app.send(.userOpenedOwnProfile)
        app.rows[0].send(.userTappedRow)
        app.rows[1].send(.userTappedRow)

        let ownDetail = try #require(app.detail)
        let firstDetail = try #require(app.rows[0].detail)
        let secondDetail = try #require(app.rows[1].detail)
        #expect(ownDetail.api.name == "app mock")
        #expect(firstDetail.api.name == "app mock")
        #expect(secondDetail.api.name == "row mock")
        #expect(secondDetail.scopePath == "ProfileApp.rows[1].detail")

        await ownDetail.effectsState.waitUntilSettled()
        await firstDetail.effectsState.waitUntilSettled()
        await secondDetail.effectsState.waitUntilSettled()
        #expect(ownDetail.profile == "app mock profile 0")
        #expect(firstDetail.profile == "app mock profile 1")
        #expect(secondDetail.profile == "row mock profile 2")
        #expect(app.openedRows == [1, 2])
    }

    @Test func closingADetailWhileItLoadsCancelsItsEffect() async throws {
        let app = ProfileApp()
        let gate = Gate()
        app.inject(
            ProfileAPI(name: "slow") { id in
                await gate.wait()
                return "slow \(id)"
            })
        app.send(.listLoaded([7]))
        let row = app.rows[0]
        row.send(.userTappedRow)
        let runtime = try #require(row.detail?.runtime)
        #expect(runtime.effects.count == 1)
        row.send(.userClosedDetail)
        #expect(row.detail == nil)
        #expect(runtime.effects.isEmpty, "the released detail's load was cancelled")
        await gate.open()
        await drainCompletions(of: runtime)
    }

    @Test func replacingTheListUnlinksTheOldRows() async {
        let app = ProfileApp()
        app.send(.listLoaded([1, 2]))
        let kept = app.rows[1]
        weak let dropped = app.rows[0]
        app.rows = [kept]
        #expect(dropped == nil)
        #expect(kept.scopePath == "ProfileApp.rows[0]")
    }
}
