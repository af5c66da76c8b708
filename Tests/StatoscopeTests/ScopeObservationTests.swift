import Statoscope
import StatoscopeTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2)))
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
