import Statoscope
import StatoscopeCore

/// A scope as small as an app's: what the path checks send their events to.
@MainActor
private final class Tally: Scope {
    var count = 0

    enum When { case userTapped }

    func update(_ when: When) throws {
        count += 1
    }
}

/// A scope whose state reads no ancestor, though it declares one, as a screen built before its parent
/// does.
@MainActor
private final class Banner: Scope {
    @Superscope var tally: Tally
    var shown = 0

    enum When { case appeared }

    func update(_ when: When) throws {
        shown += 1
    }
}

/// That this process runs the library as an app does: the testing library is not linked, so the
/// first event leaves `send` on its fast path. Run first: the first event of the process is theirs.
extension Checks {
    static var appPath: [NamedCheck] {
        [
            NamedCheck(
                "the testing library's failure reporter is not in the process", noTestReporterIsLinked),
            NamedCheck("the first event leaves send on the fast path", theFirstEventLeavesSendOnTheFastPath),
            NamedCheck(
                "a scope missing an ancestor it never reads gets its events",
                aScopeMissingAnAncestorItNeverReadsGetsItsEvents),
        ]
    }

    static func noTestReporterIsLinked(_ check: Check) {
        check.expect(
            "the type named \(TestFailures.reporterTypeName)",
            _typeByName(TestFailures.reporterTypeName) == nil,
            expected: "none", got: "\(String(describing: _typeByName(TestFailures.reporterTypeName)))")
        check.expect(
            "TestFailures.reporter", TestFailures.reporter == nil, expected: "nil",
            got: "\(String(describing: TestFailures.reporter))")
    }

    static func theFirstEventLeavesSendOnTheFastPath(_ check: Check) {
        check.expectPath("before any event", SendPath.awaitsFirstEvent, expected: "firstEvent set")
        let tally = Tally()
        tally.send(.userTapped)
        check.expectPath(
            "after the first event", !SendPath.checksAncestors, expected: "checkingAncestors clear")
        check.expectPath("after the first event", !SendPath.awaitsFirstEvent, expected: "firstEvent clear")
        check.expectPath("after the first event", SendPath.isOpen, expected: "open")
        tally.send(.userTapped)
        check.expect("the count after two taps", tally.count, equals: 2)
        check.expectPath("after the second event", SendPath.isOpen, expected: "open")
    }

    /// A process that runs tests refuses this event (a test gives a scope every ancestor it
    /// declares); an app delivers it.
    static func aScopeMissingAnAncestorItNeverReadsGetsItsEvents(_ check: Check) {
        let banner = Banner()
        var reports: [ErrorReport] = []
        let reporting = ErrorReporting.addHandler { reports.append($0) }
        defer { reporting.remove() }
        banner.send(.appeared)
        check.expect("the banner's events handled", banner.shown, equals: 1)
        check.expect("the errors reported", reports.map { "\($0.error)" }, equals: [])
    }
}
