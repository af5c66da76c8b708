import Foundation
import Statoscope
import StatoscopeSharing
import Testing

/// A storage in an app group's container: an app and its extension, each with its own store, read
/// what the other saved; an identifier that names no group, or a container the system does not
/// give, is an error saying which group and what to do.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct AppGroupStorageTests {
    @Test func anAppAndItsWidgetEachWithAStoreInTheGroupShareItsValues() async throws {
        let containers = AppGroupContainers.inside(temporaryDirectory())
        let appStore = SharedStore(
            storage: try JSONFileStorage.appGroup("group.com.example.notes", containers: containers))
        let widgetStore = SharedStore(
            storage: try JSONFileStorage.appGroup("group.com.example.notes", containers: containers))
        let app = KeyReader(PersistenceKeys.plain)
        app.inject(appStore)
        let widget = KeyReader(PersistenceKeys.plain)
        widget.inject(widgetStore)
        #expect(widget.value == 14)
        app.send(.set(20))
        await appStore.flush()
        await widgetStore.reload()
        #expect(widget.value == 20)
    }

    @Test func twoGroupsDoNotShare() throws {
        let containers = AppGroupContainers.inside(temporaryDirectory())
        let notes = try JSONFileStorage.appGroup("group.com.example.notes", containers: containers)
        let photos = try JSONFileStorage.appGroup("group.com.example.photos", containers: containers)
        #expect(notes.directory != photos.directory)
        #expect(notes.directory.lastPathComponent == "StatoscopeShared")
    }

    @Test func anIdentifierThatIsNoneIsAnErrorNamingItAndWhy() {
        let refused = [
            ("", #""""#, "is empty"),
            ("..", #""..""#, "names a folder's place, not a group"),
            ("group/../../elsewhere", #""group/../../elsewhere""#, "holds a path separator"),
            (#"group\a"#, #""group\\a""#, "holds a path separator"),
            (" ", #"" ""#, "holds whitespace or a control character"),
            ("group.a\nb", #""group.a\nb""#, "holds whitespace or a control character"),
            ("group.\u{0}x", #""group.\0x""#, "holds whitespace or a control character"),
            (
                "group." + String(repeating: "g", count: 250),
                "\"group.\(String(repeating: "g", count: 250))\"",
                "is longer than the 255 bytes a folder's name may have"
            ),
        ]
        for (identifier, quoted, problem) in refused {
            #expect {
                try JSONFileStorage.appGroup(identifier, containers: .inside(temporaryDirectory()))
            } throws: { error in
                let refusal = error as? AppGroupUnavailable
                return refusal?.identifier == identifier && refusal?.reason == .malformed
                    && "\(error)"
                        == "app group \(quoted) is not an identifier (it \(problem)): give the one of the App "
                        + "Groups capability, such as group.com.example.app"
            }
        }
        let longest = "group." + String(repeating: "g", count: 249)
        #expect(throws: Never.self) {
            try JSONFileStorage.appGroup(longest, containers: .inside(temporaryDirectory()))
        }
    }

    @Test func aGroupTheProcessIsNotSignedWithIsAnErrorSayingWhatToAdd() {
        #expect {
            try JSONFileStorage.appGroup(
                "group.com.example.notes", containers: AppGroupContainers { _ in nil })
        } throws: { error in
            "\(error)"
                == "app group \"group.com.example.notes\" has no container: add it to the App Groups "
                + "capability of this target, and of every app and extension that shares it"
        }
    }
}
