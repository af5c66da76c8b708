/// A button of an alert or a confirmation dialog, held in a scope's state: its label, its role, and
/// the event a tap sends.
///
/// <!-- compiled inside: enum AlertButtonSample { enum When: Equatable { case userConfirmedDelete, userCancelledDelete }; static let sample: [AlertButton<When>] = [ … ] } -->
/// ```swift
/// AlertButton("Delete", role: .destructive, send: .userConfirmedDelete),
/// AlertButton("Cancel", role: .cancel, send: .userCancelledDelete),
/// ```
///
/// The update of the event a button sends clears the alert: the system has already hidden it.
public struct AlertButton<Action> {
    /// What the button says.
    public var label: String
    /// What kind of button it is, which the system shows by its style and place; nil for a plain one.
    public var role: Role?
    /// The event a tap sends.
    public var action: Action
    /// Which button this is, apart from what it says: its copies share it, a button made again does
    /// not. A tap finds the button in the dialog shown by it, so a tap on a button of a dialog since
    /// hidden or replaced sends nothing.
    package let identity = AlertButtonIdentity()

    /// A button labelled `label` that sends `action` when tapped.
    public init(_ label: String, role: Role? = nil, send action: Action) {
        self.label = label
        self.role = role
        self.action = action
    }

    /// The purpose of a button, as the system shows it.
    public enum Role: Hashable, Sendable {
        /// Cancels what the alert asks about; the system places and styles it as such, and picks it
        /// when the user cancels with the keyboard.
        case cancel
        /// Destroys data or cannot be undone; the system shows it in red.
        case destructive
    }
}

extension AlertButton: Equatable where Action: Equatable {}
extension AlertButton: Hashable where Action: Hashable {}
extension AlertButton: Sendable where Action: Sendable {}

extension AlertButton: CustomReflectable {
    /// The label, the role and the event: what the button shows and sends, without its identity.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["label": label, "role": role as Any, "action": action], displayStyle: .struct)
    }
}

/// The identity of an ``AlertButton``: the same for its copies, another for each button made. It takes
/// no part in comparing or hashing buttons, which compare by what they show and send.
package struct AlertButtonIdentity: Hashable, Sendable {
    private final class Token: Sendable {}
    private let token = Token()

    /// Whether `other` is the identity of this button or of a copy of it.
    package func isSame(as other: Self) -> Bool { token === other.token }

    package static func == (lhs: Self, rhs: Self) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}
