/// What a confirmation dialog (an action sheet on iPhone) says and the choices it offers, held in a
/// scope's state: the scope shows it by setting it, and it is gone once it is `nil`.
///
/// <!-- compiled inside: enum DialogStateSample { enum When: Equatable { case userChoseArchive, userChoseDelete, userCancelled }; static let sample = … } -->
/// ```swift
/// ConfirmationDialogState(
///     title: "What should happen to this note?",
///     titleVisibility: .visible,
///     buttons: [
///         AlertButton("Archive", send: When.userChoseArchive),
///         AlertButton("Delete", role: .destructive, send: .userChoseDelete),
///         AlertButton("Cancel", role: .cancel, send: .userCancelled),
///     ])
/// ```
///
/// It is a value, checked with `THEN` and tapped with `WHEN(_:tapping:)` in a test plan, as an
/// ``AlertState`` is. Present it with ``Scope/confirmationDialog(_:dismiss:)``.
public struct ConfirmationDialogState<Action> {
    /// The dialog's title, shown as `titleVisibility` says.
    public var title: String
    /// Whether the title is shown.
    public var titleVisibility: TitleVisibility
    /// The text under the title; nil for none.
    public var message: String?
    /// The choices, in order.
    public var buttons: [AlertButton<Action>]

    /// A dialog titled `title`, with `message` under it and `buttons` to choose from.
    public init(
        title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
        buttons: [AlertButton<Action>]
    ) {
        self.title = title
        self.titleVisibility = titleVisibility
        self.message = message
        self.buttons = buttons
    }

    /// Whether a dialog shows its title.
    public enum TitleVisibility: Hashable, Sendable {
        /// As the platform does by default: on iPhone, hidden unless there is a message.
        case automatic
        /// Always shown.
        case visible
        /// Never shown.
        case hidden
    }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
