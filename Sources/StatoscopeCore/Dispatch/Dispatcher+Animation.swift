/// Animated sends: the code of a ``SendAnimation`` runs as part of the send it animates.
///
/// An animation may send events of its own before it calls its `send`; the animated event was sent
/// first, so it is handled first: what the animation sends meanwhile waits in the queue, as a send
/// made while an update runs does. And the animation's code is not the event's update: a change it
/// makes to shared state is refused, as one made by code around an update is.
extension Dispatcher {
    /// Sends `when` to `scope` inside `animation`, outside any update; returns false when the
    /// animation returned without calling its `send`, which then ran after it.
    ///
    /// The animation's code runs as if an update were running, so that what it sends is queued; its
    /// `send` lets the event in as the outermost update, which settles that queue once the event's
    /// update has returned.
    static func sendAnimated<S: Scope>(_ when: S.When, to scope: S, animation: SendAnimation) -> Bool {
        gate |= updating
        sendState.updatingScope = ObjectIdentifier(scope)
        return animate(animation) {
            // The outermost `send` takes the full path if the animation queued anything, and that
            // path settles the queue after the event.
            gate &= ~updating
            scope.send(when)
        }
    }

    /// Runs `animation` around `send` (see ``SendAnimation/animate(_:)``), its own code marked as code
    /// around an update: a change it makes to shared state while an update runs is refused. `send`
    /// runs unmarked, as the caller left the mark.
    static func animate(_ animation: SendAnimation, around send: @escaping @MainActor () -> Void) -> Bool {
        let saved = sendState.writeGuard
        sendState.writeGuard = saved | instrumentRuns
        defer { sendState.writeGuard = saved }
        return animation.animate {
            let around = sendState.writeGuard
            sendState.writeGuard = saved
            defer { sendState.writeGuard = around }
            send()
        }
    }
}
