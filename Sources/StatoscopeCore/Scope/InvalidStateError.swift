/// Thrown by `update` when an event arrives in a state where it makes no sense.
///
/// Anything can happen while an effect runs: the user may have navigated away, or cancelled, or
/// triggered the same request twice. An update that receives a completion it did not expect throws
/// this error instead of guessing; ``ErrorReporting`` receives it with the event and the scope.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: extension ProfileScreen { func invalidStateSample(_ when: When) throws { switch when { … self.profile = profile; default: break } } } -->
/// ```swift
/// case .networkFinishesLoadingProfile(let profile):
///     guard loading else { throw InvalidStateError("profile arrived while not loading") }
/// ```
public struct InvalidStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the event makes no sense in the current state.
    public let reason: String
    /// The file that threw the error.
    public let fileID: String
    /// The line that threw the error.
    public let line: UInt

    /// Creates the error, recording where it was thrown.
    public init(_ reason: String = "", fileID: StaticString = #fileID, line: UInt = #line) {
        self.reason = reason
        self.fileID = "\(fileID)"
        self.line = line
    }

    /// The reason with the place it was thrown.
    public var description: String {
        let place = "\(fileID):\(line)"
        return reason.isEmpty
            ? "InvalidStateError at \(place)" : "InvalidStateError at \(place): \(reason)"
    }
}
