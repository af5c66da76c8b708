// The scopes that the Statoscope module's doc comments take as known: a profile screen, a search screen,
// and an app whose screens include them and the counter. What they load is in Services.swift.
// <!-- compiled with: Counter -->
// <!-- compiled with: Services -->
import Foundation
import Statoscope

final class ProfileScreen: Scope {
    @Injected var api: APIClient
    var loading = false
    var profile: Profile?
    var email = ""

    enum When {
        case userOpenedProfile
        case profileLoaded(Result<Profile, any Error>)
        case networkFinishesLoadingProfile(Profile)
        case userTypedEmail(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpenedProfile:
            loading = true
        case .profileLoaded(let result):
            loading = false
            profile = try? result.get()
        case .networkFinishesLoadingProfile(let profile):
            loading = false
            self.profile = profile
        case .userTypedEmail(let email):
            self.email = email
        }
    }
}

@Observable
final class SearchScreen: Scope {
    var results: [String] = []

    enum When {
        case userTypedQuery(String)
        case resultsArrived(Result<[String], any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTypedQuery(let query):
            effectsState.enqueue(Search(query).mapToResult().map(When.resultsArrived), key: "search")
        case .resultsArrived(let result):
            results = (try? result.get()) ?? []
        }
    }
}

final class Detail: Scope {
    enum When { case userTappedClose }
    func update(_ when: When) throws {}
}

final class Row: Scope {
    var title = ""
    enum When { case userRenamed(String) }
    func update(_ when: When) throws {
        switch when {
        case .userRenamed(let title): self.title = title
        }
    }
}

final class App: Scope {
    @Subscope var counter = Counter()
    @Subscope var profile = ProfileScreen()
    @Subscope var detail: Detail? = nil
    @Subscope var rows: [Row] = []
    var title = ""

    enum When {
        case counterChanged
        case userOpenedDetail
    }

    func update(_ when: When) throws {
        switch when {
        case .counterChanged: title = "\(counter.viewDisplaysTotalCount) taps"
        case .userOpenedDetail: detail = Detail()
        }
    }
}
