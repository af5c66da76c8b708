// A UIKit view controller for the notes of Notes.swift. It imports UIKit, so the samples compiled with
// it are left to .ci/apple-typecheck, on the platforms whose UIKit has view controllers.
import Statoscope
import UIKit

// <!-- compiled with: Notes -->

final class NoteEditorViewController: UIViewController {
    let editor: NoteEditor

    init(editor: NoteEditor) {
        self.editor = editor
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("created in code only")
    }
}
