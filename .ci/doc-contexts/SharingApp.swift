// The shared values that the sharing docs take as known: a persisted font size and an unread count,
// and a settings screen that reads the font size.
import Foundation
import Statoscope

extension SharedKey where Value == Int {
    static var fontSize: SharedKey<Int> { .persisted("fontSize", default: 14) }
    static var unreadCount: SharedKey<Int> { SharedKey("unreadCount", default: 0) }
}

final class SettingsScreen: Scope {
    @Shared(.fontSize) var fontSize: Int
    enum When { case userTappedLarger }
    func update(_ when: When) throws {
        switch when {
        case .userTappedLarger: fontSize += 1
        }
    }
}
