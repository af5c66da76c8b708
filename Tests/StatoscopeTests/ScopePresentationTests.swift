import Statoscope
import Testing

@MainActor
struct ScopePresentationTests {
    @Test func presentsTheChildWhileItIsSet() async {
        let contacts = Contacts()
        let sheet = contacts.presentation(\.editor, dismiss: .userDismissedEditor)
        #expect(sheet.value == nil)
        contacts.send(.userTappedAdd)
        #expect(sheet.value === contacts.editor)
        #expect(sheet.value != nil)
    }

    @Test func theSystemDismissingTheChildSendsTheChosenEvent() async {
        let contacts = Contacts()
        let sheet = contacts.presentation(\.editor, dismiss: .userDismissedEditor)
        contacts.send(.userTappedAdd)
        sheet.value = nil  // what SwiftUI does when the user swipes the sheet down
        #expect(contacts.dismissals == 1)
        #expect(contacts.editor == nil)
        #expect(sheet.value == nil)
    }

    @Test func clearingAnAbsentChildSendsNothing() async {
        let contacts = Contacts()
        let sheet = contacts.presentation(\.editor, dismiss: .userDismissedEditor)
        sheet.value = nil
        #expect(contacts.dismissals == 0)
    }

    @Test func writingAChildThroughTheBindingChangesNothing() async {
        let contacts = Contacts()
        let sheet = contacts.presentation(\.editor, dismiss: .userDismissedEditor)
        sheet.value = ContactEditor()
        #expect(contacts.editor == nil)
        #expect(contacts.dismissals == 0)
    }
}
