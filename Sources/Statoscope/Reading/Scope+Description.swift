extension Scope {
    /// Writes the scope as `print(scope)`, `String(describing: scope)` and `"\(scope)"` show it: its
    /// own `description` when it conforms to `CustomStringConvertible` (else its own
    /// `debugDescription` when it conforms to `CustomDebugStringConvertible`), otherwise its state as
    /// ``debugDescription`` lists it, sensitive values redacted.
    ///
    /// The state is read on the main actor only: asked for on another thread, a scope writes its
    /// type's name (or a `description` it declared `nonisolated`). A scope met while another is
    /// being described, in its state or an event it holds, writes its type's name, so a description
    /// stays one block and a cycle ends.
    public nonisolated func write<Target: TextOutputStream>(to target: inout Target) {
        guard MainQueue.isCurrent, !ScopeDescriptionWriting.isWriting else {
            if let own = self as? any CustomStringConvertible {
                return target.write(own.description)
            }
            return target.write("\(type(of: self))")
        }
        // SAFETY: Sound: the guard above found the caller on the main queue, where the main actor
        // runs, so the scope, which lives on the main actor, is read where it lives and never leaves.
        nonisolated(unsafe) let scope = self
        // SAFETY: Sound for the same reason: this is the main queue.
        let text = MainActor.assumeIsolated {
            ScopeDescriptionWriting.$isWriting.withValue(true) { scope.describedOnTheMainActor() }
        }
        target.write(text)
    }

    /// The scope's own description if it has one, else the state's.
    private func describedOnTheMainActor() -> String {
        // The user's own conformance, isolated or not, is readable here, on the main actor.
        if let own = self as? any CustomStringConvertible { return own.description }
        if let own = self as? any CustomDebugStringConvertible { return own.debugDescription }
        return debugDescription
    }
}
