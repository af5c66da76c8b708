// The views of the notes of Notes.swift. It imports SwiftUI, so the samples compiled with it are left
// to .ci/apple-typecheck, which compiles them against the stand-ins of .ci/apple-standins.
import Statoscope
import SwiftUI

// <!-- compiled with: Notes -->

struct NoteEditorView: View {
    let editor: NoteEditor

    var body: some View {
        TextField("Text", text: editor.binding(\.text, send: { .userTypedText($0) }))
    }
}

struct NoteShareView: View {
    let share: NoteShare

    var body: some View {
        Text("Share")
    }
}
