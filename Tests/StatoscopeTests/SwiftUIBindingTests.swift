#if canImport(SwiftUI)
    import Statoscope
    import SwiftUI
    import Testing

    /// Every presentation modifier the bindings are made for, given the bindings as a view writes them.
    private struct ContactsView: View {
        let contacts: Contacts

        var body: some View {
            NavigationStack(path: contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) {
                VStack {
                    Button("Add") { contacts.send(.userTappedAdd) }
                }
                .navigationDestination(for: ContactCard.self) { card in
                    Text(card.name)
                }
                .sheet(item: contacts.presentation(\.editor, dismiss: .userDismissedEditor)) { editor in
                    EditorView(editor: editor)
                }
                .navigationDestination(item: contacts.presentation(\.editor, dismiss: .userDismissedEditor)) {
                    editor in
                    EditorView(editor: editor)
                }
            }
        }
    }

    // A platform guard names the platform and its condition in .ci/apple-typecheck, which simulates
    // each platform on Linux (.ci/apple-standins/README.md).
    #if !os(tvOS) && !os(watchOS) && !STANDIN_TVOS && !STANDIN_WATCHOS
        /// `popover` exists everywhere but on tvOS and watchOS.
        private struct PopoverView: View {
            let contacts: Contacts

            var body: some View {
                Text("Contacts")
                    .popover(item: contacts.presentation(\.editor, dismiss: .userDismissedEditor)) { editor in
                        EditorView(editor: editor)
                    }
            }
        }
    #endif

    #if !os(macOS) && !STANDIN_MACOS
        /// `fullScreenCover` exists everywhere but on macOS.
        private struct CoverView: View {
            let contacts: Contacts

            var body: some View {
                Text("Contacts")
                    .fullScreenCover(item: contacts.presentation(\.editor, dismiss: .userDismissedEditor)) {
                        editor in
                        EditorView(editor: editor)
                    }
            }
        }
    #endif

    private struct EditorView: View {
        let editor: ContactEditor

        var body: some View {
            TextField("Name", text: editor.binding(\.draft, send: { .userTyped($0) }))
        }
    }

    @MainActor
    struct SwiftUIBindingTests {
        @Test func theSameCallGivesASwiftUIBindingWhereOneIsExpected() async {
            let editor = ContactEditor()
            let draft = editor.binding(\.draft, send: { .userTyped($0) })
            draft.value = "Ada"
            #expect(editor.draft == "Ada")
            let field: Binding<String> = editor.binding(\.draft, send: { .userTyped($0) })
            field.wrappedValue = "Grace"
            #expect(editor.draft == "Grace")
            #expect(field.wrappedValue == "Grace")
        }

        @Test func theSystemDismissingASheetSendsTheChosenEvent() async {
            let contacts = Contacts()
            contacts.send(.userTappedAdd)
            let sheet: Binding<ContactEditor?> = contacts.presentation(
                \.editor, dismiss: .userDismissedEditor)
            #expect(sheet.wrappedValue === contacts.editor)
            sheet.wrappedValue = nil
            #expect(contacts.dismissals == 1)
            #expect(contacts.editor == nil)
        }

        @Test func theBackButtonSendsThePop() async {
            let contacts = Contacts()
            contacts.send(.userOpened(name: "Ada"))
            contacts.send(.userOpened(name: "Grace"))
            let path: Binding<[ContactCard]> = contacts.navigationPath(
                \.path, popTo: { .userWentBack(toDepth: $0) })
            path.wrappedValue.removeLast()
            #expect(contacts.path.map(\.name) == ["Ada"])
        }
    }
#endif
