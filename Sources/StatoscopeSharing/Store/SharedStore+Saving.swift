import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects

extension SharedStore {
    /// Changes a value, which `runtime`'s update does: readers see it at once, scopes observing it
    /// (but the writer) get their events once the update returns, and a persisted one is saved.
    /// Writing a value equal to the one held is no change.
    func change<Value>(
        _ box: SharedBox<Value>, to value: Value, by runtime: ScopeRuntime, key: SharedKey<Value>
    ) {
        guard box.change(to: value, by: runtime.scopeID), key.format != nil else { return }
        // Saved later, by a task that inherits nothing from this update: a failed save is reported
        // where the change was made.
        box.unsavedCauses.addCurrent()
        let entryKey = EntryKey(key)
        if !unsaved.contains(entryKey) { unsaved.append(entryKey) }
        changedInWindow = true
        scheduleSave(onClockOf: runtime)
    }

    /// Saves the first change after a quiet period at once, and opens a window of the write delay:
    /// the changes made in it are saved together, with their latest values, when it ends. While a
    /// test plan runs, the window lasts on the writer's plan clock, as its effects' waits do.
    private func scheduleSave(onClockOf runtime: ScopeRuntime) {
        guard case .coalesced(let delay) = schedule else { return }
        if ScopeRuntime.effectExecution == .recorded {
            guard let clock = runtime.planClock else { return writeHere() }
            // A window open on this line waits on the clock of the change that opened it, as it
            // does live; one of an earlier line is over.
            if let window = planWindow, let line = window.clock?.line, line === clock.line { return }
            writeHere()
            return openPlanWindow(lasting: delay, on: clock)
        }
        guard saveTimer == nil else { return }
        startSaving()
        // The clock is resolved once per window, and only then.
        openWindow(lasting: delay, on: runtime.resolve(EffectClock.self))
    }

    /// Waits `delay` on `clock`, then saves what changed meanwhile and opens another window, or, if
    /// nothing changed, ends: the next change is saved at once.
    private func openWindow(lasting delay: Duration, on clock: EffectClock) {
        changedInWindow = false
        if lifecycleObservers == nil { lifecycleObservers = observeAppLifecycle() }
        saveTimer = Task { [weak self] in
            try? await clock.sleep(for: delay)
            guard !Task.isCancelled, let self else { return }
            self.saveTimer = nil
            guard self.changedInWindow else { return }
            self.startSaving()
            self.openWindow(lasting: delay, on: clock)
        }
    }

    /// Opens a window of `delay` on a plan's clock: when the clock reaches its end, what changed
    /// meanwhile is saved, at that instant, and another window opens. A window of zero never opens:
    /// every change is saved at once. Saves are made on the main actor, so that a check right after
    /// the instant finds them made.
    private func openPlanWindow(lasting delay: Duration, on clock: PlanClock) {
        changedInWindow = false
        guard delay > .zero else {
            planWindow = nil
            return
        }
        let window = PlanWindow(clock: clock, end: clock.later(by: delay))
        planWindow = window
        clock.at(window.end) { [weak self, weak clock] in
            guard let self, let clock, self.planWindow == window else { return }
            self.planWindow = nil
            guard self.changedInWindow else { return }
            self.writeHere()
            self.openPlanWindow(lasting: delay, on: clock)
        }
    }

    /// Saves every unsaved change now, off the main actor, and returns once every save started so far
    /// has ended: call it when the app goes to the background or is about to end.
    public func flush() async {
        saveTimer?.cancel()
        saveTimer = nil
        planWindow = nil
        startSaving()
        await saving?.value
    }

    /// Saves the unsaved values off the main actor, where they are encoded too. The save holds what it
    /// writes and where, never the store: a store released meanwhile still has its values saved.
    func startSaving() {
        let batch = takeUnsaved()
        guard !batch.isEmpty else { return }
        let storage = self.storage
        let previous = saving
        let writer = self.writer
        saving = Task.detached {
            await previous?.value
            let outcomes = await withCheckedContinuation { continuation in
                writer.async { continuation.resume(returning: Self.write(batch, to: storage)) }
            }
            await Self.settle(outcomes)
        }
    }

    /// Saves every unsaved change now, on the caller's thread: what the store does when the app is
    /// about to end.
    func saveNow() {
        writeHere()
    }

    private func writeHere() {
        Self.settle(Self.write(takeUnsaved(), to: storage))
    }

    /// How a value's save ended; one that failed keeps where its changes were made.
    enum SaveOutcome: Sendable {
        case saved(any SharedEntry, Data)
        case notSaved(any SharedEntry, SharedValueNotSaved, causes: CausingIsolations)
    }

    /// Encodes and writes `batch` to `storage`, one value after the other.
    private nonisolated static func write(_ batch: [PendingSave], to storage: any SharedStorage)
        -> [SaveOutcome]
    {
        batch.map { item in
            do {
                let data = try item.encode()
                try storage.save(data, as: item.name)
                return .saved(item.entry, data)
            } catch {
                return .notSaved(
                    item.entry,
                    SharedValueNotSaved(
                        key: item.name, location: storage.location(of: item.name), reason: "\(error)"),
                    causes: item.causes)
            }
        }
    }

    /// Takes what was saved as what the storage holds, and reports what was not: the app keeps that
    /// value, the next save tries it again, and a reload does not replace it.
    private static func settle(_ outcomes: [SaveOutcome]) {
        for outcome in outcomes {
            switch outcome {
            case .saved(let entry, let data):
                entry.saved(data)
            case .notSaved(let entry, let error, let causes):
                causes.run { report(error, about: entry) }
                // Still unsaved: the next save's failure is reported where these changes were made too.
                entry.unsavedCauses.add(causes)
                entry.store?.keepUnsaved(entry.entryKey)
            }
        }
    }

    private func keepUnsaved(_ entryKey: EntryKey) {
        if !unsaved.contains(entryKey) { unsaved.append(entryKey) }
    }

    /// The unsaved values, each with what encodes it. A value the store must not save stays unsaved,
    /// and its refusal is reported once.
    private func takeUnsaved() -> [PendingSave] {
        var batch: [PendingSave] = []
        var refused: [EntryKey] = []
        for entryKey in unsaved {
            guard let entry = entries[entryKey] else { continue }
            if let refusal = entry.saveRefusal {
                refused.append(entryKey)
                guard !entry.saveRefusalReported else { continue }
                entry.saveRefusalReported = true
                entry.unsavedCauses.run {
                    Self.report(
                        SharedValueNotSaved(
                            key: entry.name, location: storage.location(of: entry.name), reason: refusal),
                        about: entry)
                }
            } else if let save = entry.pendingSave() {
                batch.append(save)
            }
        }
        unsaved = refused
        return batch
    }

    /// Reads again what the storage holds for every persisted value read so far, after saving this
    /// app's unsaved changes: a value another process saved replaces the one in use, a deleted one
    /// gives the default again, and the scopes observing it get their events. What this app saved
    /// itself is never taken for a change, and a change the app could not save is kept.
    public func reload() async {
        await flush()
        let unsaved = Set(self.unsaved)
        for (entryKey, entry) in entries {
            entry.reload(from: storage, keepingUnsavedChange: unsaved.contains(entryKey))
        }
    }
}
