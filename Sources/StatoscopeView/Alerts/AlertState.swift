/// What an alert says and the buttons it offers, held in a scope's state: the scope shows an alert by
/// setting it, and the alert is gone once it is `nil`.
///
/// <!-- compiled inside: enum AlertStateSample { enum When: Equatable { case userConfirmedDelete, userCancelledDelete }; static func sample(name: String) -> AlertState<When> { … } } -->
/// ```swift
/// AlertState(
///     title: "Delete \(name)?",
///     message: "This cannot be undone.",
///     buttons: [
///         AlertButton("Delete", role: .destructive, send: .userConfirmedDelete),
///         AlertButton("Cancel", role: .cancel, send: .userCancelledDelete),
///     ])
/// ```
///
/// It is a value: a test plan checks what the alert says with `THEN` on the property that holds it
/// (comparing whole alerts needs an `Equatable` `When`), and taps a button with
/// `WHEN(_:tapping:)`. Present it with ``Scope/alert(_:dismiss:)``.
public struct AlertState<Action> {
    /// The alert's title.
    public var title: String
    /// The text under the title; nil for none.
    public var message: String?
    /// The buttons, in order. With none, the system shows an OK button, whose tap dismisses the alert.
    public var buttons: [AlertButton<Action>]

    /// An alert titled `title`, with `message` under it and `buttons` to choose from.
    public init(title: String, message: String? = nil, buttons: [AlertButton<Action>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
