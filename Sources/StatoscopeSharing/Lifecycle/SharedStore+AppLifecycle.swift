import Foundation

extension SharedStore {
    /// Saves what is pending when the app goes to the background (in a task, off the main actor,
    /// with time asked of the system for it) or is about to end (at once, since no task would run
    /// after it).
    func observeAppLifecycle() -> [any NSObjectProtocol] {
        let lifecycle = self.lifecycle
        return lifecycle.moments.map { moment in
            lifecycle.center.addObserver(forName: moment.name, object: nil, queue: lifecycle.queue) {
                [weak self] notification in
                // SAFETY: Sound because the notification is read only inside the `assumeIsolated` below,
                // which runs on this same thread, at once, and keeps nothing of it after returning.
                nonisolated(unsafe) let notification = notification
                // SAFETY: Sound because the platform's observer is added with `queue: .main`, so the
                // notification center calls this block on the main queue, the main actor's executor,
                // and one added with no queue is called where its notification is posted, which
                // `AppLifecycle.queue` requires to be the main actor; were it ever called elsewhere,
                // `assumeIsolated` stops the process rather than run main-actor code off the main
                // actor.
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if moment.appEnds {
                        self.saveNow()
                    } else {
                        self.flushInBackground(after: notification)
                    }
                }
            }
        }
    }

    /// Saves what is pending, asking the system for the time the save takes; the time is given back
    /// when the save ends, or when the system takes it back first.
    private func flushInBackground(after notification: Notification) {
        let time = BackgroundTime()
        time.end = lifecycle.requestBackgroundTime(notification) { time.finish() }
        Task {
            await self.flush()
            time.finish()
        }
    }
}
