import Statoscope
import Testing

@testable import StatoscopeTesting

// In a plain test (no plan), an event to a scope that cannot reach an ancestor it declares fails the
// test with the message and is not delivered: the update that would read the ancestor never runs, so
// the process goes on to report every other test.

@MainActor
@Suite struct MissingAncestorPlainTests {
    @Test func theTestingLibraryIsFoundByTheCoreInATestProcess() {
        #expect(TestFailures.reporter != nil, "looked up as \(TestFailures.reporterTypeName)")
        #expect(_typeByName(TestFailures.reporterTypeName) == TestFailureReporter.self)
    }

    @Test func anEventToAScopeWithoutItsAncestorFailsTheTestAndIsNotDelivered() {
        let dome = Dome()
        withKnownIssue {
            dome.telescope.lens.send(.sights)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                == "@Superscope: no ancestor of type Observatory above Lens at Dome.telescope.lens; link "
                + "Lens below a Observatory with @Subscope before reading it; the event was not delivered"
        }
        #expect(dome.telescope.lens.sightings == 0, "the update did not run")
    }

    @Test func sendUnsafeThrowsTheMissingAncestor() throws {
        let lens = Lens()
        withKnownIssue {
            #expect(throws: MissingSuperscopeError.self) { try lens.sendThrowing(.sights) }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("was never linked below a parent")
        }
        #expect(lens.sightings == 0)
    }

    @Test func aScopeThatReachesItsAncestorGetsItsEvents() {
        let lens = Lens()
        let observatory = Observatory()
        lens.injectSuperscopeForTesting(observatory)
        lens.send(.sights)
        #expect(lens.sightings == 1)
        #expect(observatory.sightings == 1)
    }

    @Test func anEventQueuedByAnotherUpdateIsCheckedToo() {
        let relay = Relay()
        withKnownIssue {
            relay.send(.forward)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("above Lens")
        }
        #expect(relay.lens.sightings == 0)
        #expect(relay.forwarded == 1)
    }
}

/// Sends to a lens that has no observatory from inside its own update.
private final class Relay: Scope {
    @Subscope var lens = Lens()
    var forwarded = 0

    enum When { case forward }

    func update(_ when: When) throws {
        forwarded += 1
        lens.send(.sights)
    }
}
