import Observation
import Statoscope

// `@Observable` scopes, whose stored properties the macro turns into computed ones: the plans'
// messages and specifications must still name each property as written.

/// A profile screen: plain state, an optional and a list child, and an effect.
@Observable
final class ProfileScreen: Scope {
    var displayName = ""
    var isLoading = false
    var followerCount = 0
    @ObservationIgnored @Subscope var avatar = AvatarPicker()
    @ObservationIgnored @Subscope var editor: NameEditor? = nil
    @ObservationIgnored @Subscope var badges: [BadgeRow] = []

    enum When {
        case userOpensProfile
        case profileLoaded(Result<String, any Error>)
        case userTapsEdit
        case userEarnsBadge(String)
        case userTapsFollow
        case userClosesProfile
    }

    struct LoadProfile: Effect, Equatable {
        let userID: Int
        func runEffect() async throws -> String { "Ada" }
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpensProfile:
            isLoading = true
            effectsState.enqueue(LoadProfile(userID: 7).mapToResult().map(When.profileLoaded))
        case .profileLoaded(.success(let name)):
            isLoading = false
            displayName = name
        case .profileLoaded(.failure):
            isLoading = false
        case .userTapsEdit:
            editor = NameEditor()
        case .userEarnsBadge(let title):
            badges.append(BadgeRow(title: title))
        case .userTapsFollow:
            followerCount += 1
        case .userClosesProfile:
            isLoading = false
            effectsState.cancelEffect { $0 is LoadProfile }
        }
    }
}

@Observable
final class AvatarPicker: Scope {
    var selectedColor = "blue"
    @ObservationIgnored @Subscope var palette = Palette()

    enum When { case userPicks(String) }

    func update(_ when: When) throws {
        switch when {
        case .userPicks(let color): selectedColor = color
        }
    }
}

@Observable
final class NameEditor: Scope {
    var draft = ""
    var isSaved = false

    enum When {
        case userTypes(String)
        case userSaves
    }

    struct SaveName: Effect, Equatable {
        let name: String
        func runEffect() async throws {}
    }

    func update(_ when: When) throws {
        if case .userTypes(let text) = when {
            draft = text
        } else {
            effectsState.enqueue(SaveName(name: draft).map { _ in When.userTypes("") })
        }
    }
}

@Observable
final class BadgeRow: Scope {
    var title: String
    var isPinned = false

    init(title: String) {
        self.title = title
    }

    enum When { case userPins }

    func update(_ when: When) throws {
        isPinned = true
    }
}

/// A grandchild, for plans that address a subscope of a subscope.
@Observable
final class Palette: Scope {
    var shades: [String] = []

    enum When { case userAddsShade(String) }

    func update(_ when: When) throws {
        if case .userAddsShade(let shade) = when { shades.append(shade) }
    }
}
