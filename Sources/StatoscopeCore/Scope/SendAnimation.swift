/// How a `send` is animated: the view framework's animation that the event's update, and the views
/// that follow it, run inside.
///
/// A send made by a view can be wrapped in `withAnimation` by the view itself; an effect's result
/// arrives later, with no view around it. Give the send, or the effect, an animation instead: on
/// Apple platforms, `.swiftUI(_:)` for a SwiftUI `Animation` and `.uiView(duration:)` for a UIKit
/// animation; anywhere, an animation of your own made with ``init(_:)``:
///
/// <!-- compiled with: Counter -->
/// <!-- compiled inside: @MainActor func sample(counter: Counter) { … } -->
/// ```swift
/// let logged = SendAnimation { send in
///     print("animating")
///     send()
/// }
/// counter.send(.userTappedIncrementButton, animation: logged)
/// ```
///
/// The ``ScopeObservation`` of a UIKit or AppKit view that the update changes runs inside the same
/// animation, so that the view's changes are animated too.
public struct SendAnimation: Sendable {
    private let perform: @MainActor @Sendable (_ send: @escaping @MainActor () -> Void) -> Void

    /// An animation that runs `send` inside `perform`: `perform` calls `send` once, before it returns,
    /// within whatever animation or transaction it sets up.
    ///
    /// The event is handled once whatever `perform` does: a second call of `send` does nothing, and
    /// if `perform` returns without calling it, the event is sent after it returns, without the
    /// animation, and ``ErrorReporting`` receives an ``AnimationNeverSent`` naming the scope and the
    /// event.
    ///
    /// `perform` runs as part of the send it animates, not as the event's update: an event it sends
    /// before it calls `send` is queued behind the animated one, which was sent first, and handled
    /// after it; a change it makes to a shared value is refused.
    public init(_ perform: @escaping @MainActor @Sendable (_ send: @escaping @MainActor () -> Void) -> Void) {
        self.perform = perform
    }

    /// The animation the send under way runs inside, if any: what an observation that the send's
    /// update changes runs inside too. Set for the duration of ``animate(_:)`` only.
    @TaskLocal package static var current: SendAnimation?

    /// Runs `body` once, inside the animation, as the current one; if the animation returns without
    /// calling its `send`, `body` runs after it, outside it, and the result is false.
    @MainActor
    @discardableResult
    package func animate(_ body: @escaping @MainActor () -> Void) -> Bool {
        // A class, not a captured variable: the animation may keep `send` and call it later, when
        // the event has already run.
        final class Once {
            var ran = false
        }
        let once = Once()
        Self.$current.withValue(self) {
            perform {
                guard !once.ran else { return }
                once.ran = true
                body()
            }
        }
        guard !once.ran else { return true }
        once.ran = true
        body()
        return false
    }
}

extension Scope {
    /// Sends an event like ``send(_:)``, with its update, and the changes views make of it, inside
    /// `animation`.
    ///
    /// Sent while an update is running (from inside an update or a middleware), the event is queued
    /// like any re-entrant `send`, and its update runs in its turn, inside the animation.
    ///
    /// The animation's code runs as part of this send: an event it sends before it calls its `send`
    /// is queued behind this one, and handled after it.
    public func send(_ when: When, animation: SendAnimation) {
        send(when, animation: animation) { Dispatcher.reportAnimationNeverSent(when, scope: self) }
    }

    /// Sends an event like ``send(_:animation:)``, with `neverSent` called, once the event was sent
    /// anyway, if the animation returns without calling its `send`: an effect's result reports that
    /// as the effect's.
    package func send(
        _ when: When, animation: SendAnimation, ifNeverSent neverSent: @escaping @MainActor () -> Void
    ) {
        guard !Dispatcher.isUpdating else {
            return Dispatcher.queueEvent(when, to: self, animation: animation, ifNeverSent: neverSent)
        }
        if !Dispatcher.sendAnimated(when, to: self, animation: animation) {
            neverSent()
        }
    }
}
