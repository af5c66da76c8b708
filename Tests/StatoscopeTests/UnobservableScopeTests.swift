import Observation
import Statoscope
import StatoscopeTestSupport
import StatoscopeView
import Testing

/// A scope written without `@Observable`: views that read it never redraw.
final class PlainTally: Scope {
    private(set) var count = 0
    @Subscope var child: PlainTally? = nil

    enum When {
        case userTappedAdd
        case userOpenedChild
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedAdd: count += 1
        case .userOpenedChild: child = PlainTally()
        }
    }
}

@MainActor
struct UnobservableScopeTests {
    @Test func aScopeWithoutObservableIsNamedWithWhatToAdd() {
        let problem = UnobservableScope(PlainTally())
        #expect(
            problem?.description
                == "a view reads PlainTally, which is neither @Observable nor an ObservableObject, so no view redraws when its state changes: add @Observable to the declaration of PlainTally"
        )
    }

    @Test func anObservableScopeIsNoProblem() {
        #expect(UnobservableScope(NoteEditor()) == nil)
    }

    @Test func isReportedOncePerTypeInATree() async {
        var reports: [String] = []
        let registration = ErrorReporting.addHandler { report in
            if report.error is UnobservableScope { reports.append("\(report.source) \(report.error)") }
        }
        let tally = PlainTally()
        tally.send(.userOpenedChild)
        tally.reportIfViewsCannotObserve()
        tally.reportIfViewsCannotObserve()
        tally.child?.reportIfViewsCannotObserve()
        NoteEditor().reportIfViewsCannotObserve()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("observation a view reads PlainTally, which is neither") == true)
        // Another tree reports its own.
        PlainTally().reportIfViewsCannotObserve()
        #expect(reports.count == 2)
        withExtendedLifetime(registration) {}
    }
}
