import Statoscope
import StatoscopeTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeObservationTests {
    /// Returns once the main actor ran every job queued on it before this call: an observation's
    /// next run is queued when what it read changes, so afterwards it has run, or never will.
    private func settle() async {
        await mainActorBarrier()
    }

    /// Observes `contacts`' names, counting the runs in `runs`.
    private func observeNames(of contacts: Contacts, counting runs: RunCount) -> ScopeObservation {
        contacts.observe { contacts in
            runs.value += 1
            _ = contacts.names
        }
    }

    @Test func runsAtOnceAndAgainAfterAChangeToWhatItRead() async {
        let contacts = Contacts()
        var seen: [[String]] = []
        let observation = contacts.observe { seen.append($0.names) }
        #expect(seen == [[]])
        contacts.send(.userRenamed("Ada", at: 0))
        await settle()
        #expect(seen == [[], ["Ada"]])
        withExtendedLifetime(observation) {}
    }

    @Test func doesNotRunForStateItDidNotRead() async {
        let contacts = Contacts()
        let runs = RunCount()
        let observation = observeNames(of: contacts, counting: runs)
        contacts.send(.userTappedAdd)  // changes `editor`, which the closure does not read
        contacts.send(.userDismissedEditor)  // changes `dismissals` and `editor`
        await settle()
        #expect(runs.value == 1)
        contacts.send(.userRenamed("Ada", at: 0))
        await settle()
        #expect(runs.value == 2)
        withExtendedLifetime(observation) {}
    }

    @Test func watchesWhatTheLatestRunRead() async {
        let contacts = Contacts()
        var seen: [Int] = []
        let observation = contacts.observe { contacts in
            // Reads `dismissals` only once a name exists.
            seen.append(contacts.names.isEmpty ? -1 : contacts.dismissals)
        }
        contacts.send(.userDismissedEditor)
        await settle()
        #expect(seen == [-1])
        contacts.send(.userRenamed("Ada", at: 0))
        await settle()
        contacts.send(.userDismissedEditor)
        await settle()
        #expect(seen == [-1, 1, 2])
        withExtendedLifetime(observation) {}
    }

    @Test func theChangesOfOneUpdateRunItOnce() async {
        let contacts = Contacts()
        var runs = 0
        let observation = contacts.observe { contacts in
            runs += 1
            _ = (contacts.dismissals, contacts.editor)
        }
        contacts.send(.userTappedAdd)
        await settle()
        #expect(runs == 2)
        contacts.send(.userDismissedEditor)  // changes `dismissals`, then `editor`
        await settle()
        #expect(runs == 3)
        withExtendedLifetime(observation) {}
    }

    @Test func seesAChildPresentedAndDismissed() async {
        let contacts = Contacts()
        var presented: [Bool] = []
        let observation = contacts.observe { presented.append($0.editor != nil) }
        contacts.send(.userTappedAdd)
        await settle()
        contacts.send(.userDismissedEditor)
        await settle()
        #expect(presented == [false, true, false])
        withExtendedLifetime(observation) {}
    }

    @Test func seesASensitivePropertyOfAnObservableScopeChange() async {
        let form = SignInForm()
        var seen: [String] = []
        let observation = form.observe { seen.append($0.password) }
        form.send(.userTypedPassword("hunter2"))
        await settle()
        form.send(.userTypedUser("ada"))  // not read: no run
        await settle()
        #expect(seen == ["", "hunter2"])
        withExtendedLifetime(observation) {}
    }

    @Test func runsAgainUntilWhatItReadStopsChangingWhenItSendsEvents() async {
        let level = Level()
        level.send(.set(9))
        var seen: [Int] = []
        // Keeps the level at 3 at most, as a view that corrects what it shows.
        let observation = level.observe { level in
            seen.append(level.value)
            if level.value > 3 { level.send(.set(level.value - 1)) }
        }
        #expect(seen == [9, 8, 7, 6, 5, 4, 3])
        level.send(.set(5))
        await settle()
        #expect(seen == [9, 8, 7, 6, 5, 4, 3, 5, 4, 3])
        #expect(level.value == 3)
        withExtendedLifetime(observation) {}
    }

    @Test func anEventThatChangesNothingItReadCostsOneMoreRun() async {
        let level = Level()
        var seen: [Int] = []
        let observation = level.observe { level in
            seen.append(level.value)
            level.send(.shown(level.value))
        }
        #expect(seen == [0, 0])
        level.send(.set(1))
        await settle()
        #expect(seen == [0, 0, 1, 1])
        #expect(level.shown == 1)
        withExtendedLifetime(observation) {}
    }

    @Test func aClosureThatNeverSettlesStopsAtTheLimitIsReportedAndStillWatches() async {
        let level = Level()
        let reports = ErrorReportCollector(for: level)
        var runs = 0
        let observation = level.observe { level in
            runs += 1
            if level.value >= 0 { level.send(.increment) }
        }
        #expect(runs == 100)
        #expect(level.value == 100)
        #expect(
            reports.reports.map(\.description) == [
                "Level: an observe closure of Level changed what it read on each of 100 runs in a row; it runs again at the next change"
            ])
        level.send(.set(-1))
        await settle()
        #expect(runs == 101, "a run that changes nothing it read settles")
        level.send(.set(0))
        await settle()
        #expect(runs == 201)
        #expect(reports.reports.count == 2)
        #expect(!observation.isCancelled)
        withExtendedLifetime(observation) {}
    }

    @Test func stopsWhenCancelled() async {
        let contacts = Contacts()
        let runs = RunCount()
        let observation = observeNames(of: contacts, counting: runs)
        observation.cancel()
        #expect(observation.isCancelled)
        contacts.send(.userRenamed("Ada", at: 0))
        await settle()
        #expect(runs.value == 1)
    }

    @Test func stopsWhenReleased() async {
        let contacts = Contacts()
        let runs = RunCount()
        var observation: ScopeObservation? = observeNames(of: contacts, counting: runs)
        #expect(observation != nil)
        observation = nil
        contacts.send(.userRenamed("Ada", at: 0))
        await settle()
        #expect(runs.value == 1)
    }

    @Test func stopsWhenTheScopeIsReleasedAndDoesNotKeepItAlive() async {
        var contacts: Contacts? = Contacts()
        weak let released = contacts
        var runs = 0
        let observation = contacts!.observe { _ in runs += 1 }
        contacts = nil
        #expect(released == nil)
        await settle()
        #expect(runs == 1)
        withExtendedLifetime(observation) {}
    }
}

/// How many times an observation ran.
@MainActor
final class RunCount {
    var value = 0
}
