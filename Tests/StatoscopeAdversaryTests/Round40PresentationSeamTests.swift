// Round 40 of the adversarial review: alerts, confirmation dialogs, destinations, navigation paths,
// animated sends, app groups and preview context, where they meet recording, replay, privacy,
// test plans, subclasses and re-entrant sends. Written from the public documentation only.

import Foundation
import Logging
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

// MARK: - Scopes under attack

@MainActor
private final class R40Box {
    var lines: [String] = []
    var reports: [ErrorReport] = []
    var animationRuns = 0
    var animationDepth = 0
}

private struct R40Forever: Effect, Equatable {
    func runEffect() async throws -> R40Editor.When {
        try await Task.sleep(for: .seconds(100_000))
        return .tick
    }
}

@MainActor
private final class R40Editor: IdentifiableScope {
    var title = ""
    var ticks = 0

    enum When: Codable, Sendable, Equatable {
        case appeared
        case typed(String)
        case tick
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared: effectsState.enqueue(R40Forever(), key: "forever")
        case .typed(let title): self.title = title
        case .tick: ticks += 1
        }
    }
}

@MainActor
private final class R40Detail: IdentifiableScope {
    enum When: Codable, Sendable, Equatable { case appeared }
    func update(_ when: When) throws {}
}

private struct R40Refused: Error, Equatable {}

@MainActor
private final class R40Shelf: Scope {
    enum Destination: ScopeDestination {
        case editor(R40Editor)
        case detail(R40Detail)
    }

    @Subscope var destination: Destination? = nil
    var titles = ["A", "B"]
    var alert: AlertState<When>?
    var dialog: ConfirmationDialogState<When>?
    var handled: [When] = []

    enum When: Codable, Sendable, Equatable {
        case openEditor
        case openDetail
        case close
        case awayAndBack
        case reassignSame
        case askDelete
        case confirmDelete
        case cancelDelete
        case dismissAlert
        case keepAlert
        case askDialog
        case dialogChoice
        case dismissDialog
        case replaceAlert
        case confirmReplaced
    }

    func update(_ when: When) throws {
        handled.append(when)
        switch when {
        case .openEditor: destination = .editor(R40Editor())
        case .openDetail: destination = .detail(R40Detail())
        case .close: destination = nil
        case .awayAndBack:
            guard case .editor(let editor) = destination else { return }
            destination = .detail(R40Detail())
            destination = nil
            destination = .editor(editor)
        case .reassignSame:
            guard case .editor(let editor) = destination else { return }
            destination = .editor(editor)
        case .askDelete:
            alert = AlertState(
                title: "Delete every recipe?", message: "This cannot be undone.",
                buttons: [
                    AlertButton("Delete", role: .destructive, send: .confirmDelete),
                    AlertButton("Cancel", role: .cancel, send: .cancelDelete),
                    AlertButton("Keep", send: .keepAlert),
                ])
        case .confirmDelete:
            titles = []
            alert = nil
        case .cancelDelete, .dismissAlert:
            alert = nil
        case .keepAlert:
            break  // an app bug: the button's update leaves the alert shown
        case .askDialog:
            dialog = ConfirmationDialogState(
                title: "Share?", titleVisibility: .visible,
                buttons: [
                    AlertButton("Share", send: .dialogChoice),
                    AlertButton("Cancel", role: .cancel, send: .dismissDialog),
                ])
        case .dialogChoice, .dismissDialog:
            dialog = nil
        case .replaceAlert:
            alert = AlertState(title: "Really?", buttons: [AlertButton("Yes", send: .confirmReplaced)])
        case .confirmReplaced:
            alert = nil
        }
    }
}

@MainActor
private final class R40Home: Scope {
    @Subscope var shelf: R40Shelf? = R40Shelf()
    enum When: Sendable { case closeShelf }
    func update(_ when: When) throws {
        shelf = nil
    }
}

// A subclass of a scope that holds the destination (the base class declares it).
@MainActor
private class R40BaseShelf: Scope {
    enum Destination: ScopeDestination {
        case editor(R40Editor)
    }

    @Subscope var destination: Destination? = nil

    enum When: Sendable { case open, close }

    func update(_ when: When) throws {
        switch when {
        case .open: destination = .editor(R40Editor())
        case .close: destination = nil
        }
    }
}

@MainActor
private final class R40SubShelf: R40BaseShelf {
    var note = "subclass"
}

@MainActor
private final class R40Stack: Scope {
    @Subscope var path: [R40Editor] = []
    var events: [String] = []
    var refusePushes = false

    enum When: Sendable {
        case popTo(Int)
        case push(R40Editor)
    }

    func update(_ when: When) throws {
        switch when {
        case .popTo(let depth):
            events.append("pop \(depth)")
            guard depth >= 0, depth <= path.count else { return }
            path.removeLast(path.count - depth)
        case .push(let screen):
            events.append("push \(screen.title)")
            if refusePushes { return }
            path.append(screen)
        }
    }
}

let r40Secret = "4111-1111-1111-SECRET"

// Internal, not private: a test plan's source names the root's type.
@MainActor
final class R40Pay: Scope {
    @Sensitive var secretAlert: AlertState<When>? = nil
    var payAlert: AlertState<When>? = nil
    var paid = 0

    enum When: Codable, Sendable, Equatable, SensitiveWhen {
        case show(card: String)
        case pay(card: String)
        case dismiss

        var isSensitive: Bool {
            switch self {
            case .show, .pay: true
            case .dismiss: false
            }
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .show(let card):
            secretAlert = AlertState(
                title: "Charge \(card)?", message: "Card \(card)",
                buttons: [AlertButton("Pay \(card)", send: .pay(card: card))])
            payAlert = AlertState(
                title: "Confirm payment",
                buttons: [
                    AlertButton("Pay", send: .pay(card: card)),
                    AlertButton("Cancel", role: .cancel, send: .dismiss),
                ])
        case .pay:
            paid += 1
            secretAlert = nil
            payAlert = nil
        case .dismiss:
            secretAlert = nil
            payAlert = nil
        }
    }
}

@MainActor
private final class R40Anim: Scope {
    let box: R40Box
    let animation: SendAnimation
    var animatedLog: [String] = []
    var value = 0

    init(box: R40Box) {
        self.box = box
        self.animation = SendAnimation { [box] send in
            box.animationRuns += 1
            box.animationDepth += 1
            send()
            box.animationDepth -= 1
        }
    }

    enum When: Sendable, Equatable {
        case plain
        case reentrant
        case animatedTarget
        case load
        case loadMappedAfter
        case loadKeyed
        case loaded(Int)
    }

    func update(_ when: When) throws {
        let inside = box.animationDepth > 0
        switch when {
        case .plain:
            animatedLog.append("plain:\(inside)")
        case .reentrant:
            animatedLog.append("reentrant:\(inside)")
            send(.animatedTarget, animation: animation)
            animatedLog.append("reentrant-returned")
        case .animatedTarget:
            animatedLog.append("target:\(inside)")
        case .load:
            effectsState.enqueue(R40Load(n: 1).map(When.loaded).animation(animation))
        case .loadMappedAfter:
            effectsState.enqueue(R40Load(n: 2).animation(animation).map(When.loaded))
        case .loadKeyed:
            effectsState.enqueue(R40Load(n: 3).map(When.loaded).animation(animation), key: "k")
        case .loaded(let n):
            value = n
            animatedLog.append("loaded \(n):\(inside)")
        }
    }
}

private struct R40Load: Effect, Equatable {
    let n: Int
    func runEffect() async throws -> Int { n }
}

private struct R40CaptureLog: LogHandler {
    let sink: @Sendable (String) -> Void
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        sink("\(event.message) \(event.metadata ?? [:])")
    }
}

private final class R40LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ line: String) {
        lock.lock()
        storage.append(line)
        lock.unlock()
    }
    var all: String {
        lock.lock()
        defer { lock.unlock() }
        return storage.joined(separator: "\n")
    }
}

private func r40Text(_ lines: [String]) -> String {
    lines.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
}

@MainActor
private func r40CollectReports(_ box: R40Box) -> InstrumentRegistration {
    ErrorReporting.addHandler { [box] report in box.reports.append(report) }
}

// MARK: - Alerts and confirmation dialogs

@Suite(.isolatedInstruments)
@MainActor
struct Round40AlertSeamTests {
    // UsingScopesInSwiftUIAndUIKit, "Ask with alerts and confirmation dialogs": "a tap sends the
    // button's event, and the system's hiding the alert in any other way sends the dismissal event."
    // SwiftUI hides an alert after a tap by writing `false` to `isPresented`: that hiding is the tap's.
    @Test func aTapFollowedByTheSystemHidingTheAlertSendsOnlyTheButtonsEvent() throws {
        let shelf = R40Shelf()
        shelf.send(.askDelete)
        let presentation = shelf.alert(\.alert, dismiss: .dismissAlert)
        #expect(presentation.isPresented.value)
        let delete = try #require(presentation.content?.buttons.first { $0.label == "Delete" })
        presentation.tap(delete)
        presentation.isPresented.value = false
        #expect(shelf.handled == [.askDelete, .confirmDelete])
        #expect(shelf.titles == [])
        #expect(shelf.alert == nil)
        #expect(!presentation.isPresented.value)
    }

    // Same article and section: "the system's hiding the alert in any other way sends the dismissal
    // event" — once per hiding: a second write of `false`, with nothing shown, hides nothing.
    @Test func theSystemHidingTheAlertSendsTheDismissalOnceAndAHiddenAlertSendsNothing() {
        let shelf = R40Shelf()
        let presentation = shelf.alert(\.alert, dismiss: .dismissAlert)
        presentation.isPresented.value = false  // nothing shown: nothing to hide
        shelf.send(.askDelete)
        presentation.isPresented.value = false
        presentation.isPresented.value = false
        #expect(shelf.handled == [.askDelete, .dismissAlert])
    }

    // Same section, for dialogs: "A ConfirmationDialogState and Scope/confirmationDialog(_:dismiss:)
    // do the same for .confirmationDialog(_:), with a titleVisibility."
    @Test func aConfirmationDialogTapSendsItsEventAndItsHidingTheDismissal() throws {
        let shelf = R40Shelf()
        shelf.send(.askDialog)
        let presentation = shelf.confirmationDialog(\.dialog, dismiss: .dismissDialog)
        #expect(presentation.content?.titleVisibility == .visible)
        let share = try #require(presentation.content?.buttons.first)
        presentation.tap(share)
        presentation.isPresented.value = false
        #expect(shelf.handled == [.askDialog, .dialogChoice])
        shelf.send(.askDialog)
        presentation.isPresented.value = false
        #expect(shelf.handled == [.askDialog, .dialogChoice, .askDialog, .dismissDialog])
    }

    // WritingTestPlans via UsingScopesInSwiftUIAndUIKit, "Ask with alerts and confirmation dialogs":
    // "a plan taps a button by its label in one step, which sends the button's event and checks that
    // the alert is gone". A button whose update leaves the alert shown must fail that step.
    @Test func aTapStepFailsWhenTheButtonsUpdateLeavesTheAlertShown() throws {
        withKnownIssue {
            try R40Shelf.GIVEN { R40Shelf() }
                .WHEN(.askDelete)
                .WHEN(\.alert, tapping: "Keep")
                .runTest()
        }
    }

    // Same section: a plan "taps a button by its label": a label the alert does not have, or an alert
    // that is not shown, cannot be tapped, and the step must fail rather than pass silently.
    @Test func tappingALabelTheAlertLacksOrAnAlertNotShownFailsTheStep() throws {
        withKnownIssue {
            try R40Shelf.GIVEN { R40Shelf() }
                .WHEN(.askDelete)
                .WHEN(\.alert, tapping: "Remove")
                .runTest()
        }
        withKnownIssue {
            try R40Shelf.GIVEN { R40Shelf() }
                .WHEN(\.alert, tapping: "Delete")
                .runTest()
        }
    }

    // CHANGELOG 0.1.0: "plans check what is shown and tap a button with WHEN(\.alert, tapping:),
    // FORK(\.alert, tapping:)"; WritingTestPlans: a FORK is a branch, the main line goes on from the
    // state before it. A tap in the branch must not dismiss the main line's alert.
    @Test func aTapInAForkLeavesTheMainLinesAlertShown() throws {
        try R40Shelf.GIVEN { R40Shelf() }
            .WHEN(.askDelete)
            .FORK(\.alert, tapping: "Cancel") { branch in
                try branch.THEN(\.titles, equals: ["A", "B"]).THEN_Nil(\.alert)
            }
            .THEN(\.alert?.title, equals: "Delete every recipe?")
            .WHEN(\.alert, tapping: "Delete")
            .THEN(\.titles, equals: [])
            .runTest()
    }

    // Same: the replaced alert is the one a tap reaches; the plan taps the alert shown now.
    @Test func aPlanTapsTheAlertThatReplacedTheFirst() throws {
        try R40Shelf.GIVEN { R40Shelf() }
            .WHEN(.askDelete)
            .WHEN(.replaceAlert)
            .THEN(\.alert?.buttons.count, equals: 1)
            .WHEN(\.alert, tapping: "Yes")
            .THEN(\.titles, equals: ["A", "B"])
            .runTest()
    }

    // MiddlewareAndAnalytics, "What stays private": "A value the app marks sensitive never appears in
    // anything the library prints or writes: event and effect log lines, state diffs, error reports,
    // Scope/subtreeDescription and debugDescription, recordings and flight recordings, analytics events,
    // and test plans' specifications. ... wherever the value sits: in an event, in a scope's state or in
    // an effect, at any depth (in a struct, an optional, a collection)." Here the secret sits in an
    // alert's title, message and label (a @Sensitive property) and in a button's SensitiveWhen event
    // (optional > struct > array > struct > enum case).
    @Test func aSecretInAnAlertNeverReachesDescriptionsLogsRecordingsOrFlightRecordings() throws {
        let lines = R40LockedLines()
        EventLogging.enable(
            logger: Logger(label: "r40") { _ in R40CaptureLog(sink: { lines.append($0) }) }, level: .trace,
            stateDiffs: true)
        defer { EventLogging.disable() }
        let pay = R40Pay()
        let box = R40Box()
        let recorder = Recorder(recording: pay) { [box] line in box.lines.append(line) }
        let flight = FlightRecorder(recording: pay, keepingLast: 50)
        pay.send(.show(card: r40Secret))
        let described = pay.subtreeDescription
        let presentation = pay.alert(\.payAlert, dismiss: .dismiss)
        let button = try #require(presentation.content?.buttons.first)
        presentation.tap(button)
        #expect(pay.paid == 1)
        let flightLines = flight.jsonLines()
        recorder.stop()
        flight.stop()
        let recording = r40Text(box.lines)
        #expect(!described.contains("4111"), "subtreeDescription: \(described)")
        #expect(!recording.contains("4111"), "recording: \(recording)")
        #expect(!flightLines.contains("4111"), "flight recording: \(flightLines)")
        #expect(!lines.all.contains("4111"), "log: \(lines.all)")
        let source = try TestPlanSource(jsonLines: recording, root: { R40Pay() }).swiftSource()
        #expect(!source.contains("4111"), "test plan source: \(source)")
    }

    // LivingDocumentation, "A plan as a specification": "A specification is a document, written to
    // disk, so it shows nothing the app marked sensitive: ... an event of a SensitiveWhen case or a
    // value holding one at any depth ... and the value a check expects of a property declared
    // @Sensitive ... all read <redacted>." An alert expected by THEN and a tap step included.
    @Test func aPlanWithASecretAlertPrintsNoSecretInItsSpecification() throws {
        let expected = AlertState<R40Pay.When>(
            title: "Confirm payment",
            buttons: [
                AlertButton("Pay", send: .pay(card: r40Secret)),
                AlertButton("Cancel", role: .cancel, send: .dismiss),
            ])
        let plan = try R40Pay.GIVEN { R40Pay() }
            .WHEN(.show(card: r40Secret))
            .THEN(\.payAlert, equals: expected)
            .THEN(\.secretAlert?.title, equals: "Charge \(r40Secret)?")
            .WHEN(\.payAlert, tapping: "Pay")
            .THEN(\.paid, equals: 1)
        let specification = plan.specification
        #expect(!specification.contains("4111"), "specification: \(specification)")
        try plan.runTest()
    }
}

// MARK: - One destination among several

@Suite(.isolatedInstruments)
@MainActor
struct Round40DestinationSeamTests {
    // UsingScopesInSwiftUIAndUIKit, "Show one destination among several": "The scope a case holds is a
    // child like any other: setting another case, or nil, dismisses the one shown and ends its work."
    // And "Present a sheet from a subscope": "an event sent to it afterwards is reported rather than
    // delivered."
    @Test func switchingToAnotherCaseEndsTheOldCasesWorkAndRefusesItsEvents() throws {
        let box = R40Box()
        let registration = r40CollectReports(box)
        defer { registration.remove() }
        let shelf = R40Shelf()
        shelf.send(.openEditor)
        guard case .editor(let editor) = shelf.destination else {
            Issue.record("no editor")
            return
        }
        editor.send(.appeared)
        #expect(editor.effectsState.effects.count == 1)
        shelf.send(.openDetail)
        #expect(editor.effectsState.effects.isEmpty)
        editor.send(.typed("late"))
        #expect(editor.title == "")
        #expect(box.reports.contains { $0.scopeID == ObjectIdentifier(editor) })
    }

    // ScopeTrees / HowStatoscopeWorks, "The life of an event": "a child unlinked is only leaving until
    // the update returns ... the children still unlinked are dismissed". A case switched away and back
    // to the same scope within one update is still shown, so its work goes on.
    @Test func aCaseSwitchedAwayAndBackInOneUpdateKeepsItsWork() throws {
        let shelf = R40Shelf()
        shelf.send(.openEditor)
        guard case .editor(let editor) = shelf.destination else {
            Issue.record("no editor")
            return
        }
        editor.send(.appeared)
        shelf.send(.awayAndBack)
        #expect(editor.effectsState.effects.count == 1)
        editor.send(.typed("still here"))
        #expect(editor.title == "still here")
        shelf.send(.reassignSame)
        #expect(editor.effectsState.effects.count == 1)
        editor.send(.typed("and here"))
        #expect(editor.title == "and here")
        shelf.send(.close)
    }

    // Same section: "When the system dismisses a case that is no longer shown, because the scope has
    // just set another, the binding sends nothing."
    @Test func theBindingOfACaseNoLongerShownSendsNothingWhenTheSystemDismissesIt() {
        let shelf = R40Shelf()
        shelf.send(.openEditor)
        let editorBinding = shelf.presentation(
            \.destination, case: R40Shelf.Destination.editor, dismiss: .close)
        let detailBinding = shelf.presentation(
            \.destination, case: R40Shelf.Destination.detail, dismiss: .close)
        #expect(editorBinding.value != nil)
        #expect(detailBinding.value == nil)
        shelf.send(.openDetail)
        #expect(editorBinding.value == nil)
        editorBinding.value = nil  // the sheet's dismissal, after the scope showed the detail
        #expect(shelf.handled == [.openEditor, .openDetail])
        guard case .detail = shelf.destination else {
            Issue.record("the detail was dismissed")
            return
        }
        detailBinding.value = nil  // the user dismisses what is shown
        #expect(shelf.handled == [.openEditor, .openDetail, .close])
    }

    // ScopeTrees (dismissal) and "Show one destination among several": a case's scope "is a child like
    // any other"; dismissing an ancestor ends the work of every scope below it.
    @Test func aParentsDismissalEndsTheWorkOfTheScopeItsDestinationHolds() throws {
        let box = R40Box()
        let registration = r40CollectReports(box)
        defer { registration.remove() }
        let home = R40Home()
        let shelf = try #require(home.shelf)
        shelf.send(.openEditor)
        guard case .editor(let editor) = shelf.destination else {
            Issue.record("no editor")
            return
        }
        editor.send(.appeared)
        #expect(editor.effectsState.effects.count == 1)
        home.send(.closeShelf)
        #expect(editor.effectsState.effects.isEmpty)
        editor.send(.typed("after"))
        #expect(editor.title == "")
        #expect(box.reports.contains { $0.scopeID == ObjectIdentifier(editor) })
    }

    // "Show one destination among several": "A step addressed at a case that is not shown fails,
    // naming the case that is."
    @Test func aStepAddressedAtACaseNotShownFailsNamingTheCaseShown() throws {
        try withKnownIssue {
            try R40Shelf.GIVEN { R40Shelf() }
                .WHEN(.openEditor)
                .THEN(\.destination, case: R40Shelf.Destination.detail)
                .runTest()
        } matching: { issue in
            String(describing: issue).contains("editor")
        }
        try withKnownIssue {
            try R40Shelf.GIVEN { R40Shelf() }
                .WHEN(.openDetail)
                .WHEN(\.destination, case: R40Shelf.Destination.editor, .typed("x"))
                .runTest()
        } matching: { issue in
            String(describing: issue).contains("detail")
        }
    }

    // Plans reach the scope of a case after it was switched away and back in one update.
    @Test func aPlanReachesTheSameCaseAfterItWasSwitchedAwayAndBack() throws {
        try R40Shelf.GIVEN { R40Shelf() }
            .WHEN(.openEditor)
            .WHEN(\.destination, case: R40Shelf.Destination.editor, .typed("Paella"))
            .WHEN(.awayAndBack)
            .THEN(\.destination, case: R40Shelf.Destination.editor)
            .WITH(\.destination, case: R40Shelf.Destination.editor) { editor in
                try editor.THEN(\.title, equals: "Paella")
            }
            .WHEN(.close)
            .THEN_Nil(\.destination)
            .runTest()
    }

    // "Show one destination among several" for a subclass of a scope: the destination declared by the
    // base class is a child like any other, dismissed with its work when cleared.
    @Test func aSubclassOfAScopeHoldingTheDestinationEndsItsWorkOnDismissal() throws {
        let box = R40Box()
        let registration = r40CollectReports(box)
        defer { registration.remove() }
        let shelf = R40SubShelf()
        shelf.send(.open)
        guard case .editor(let editor) = shelf.destination else {
            Issue.record("no editor")
            return
        }
        editor.send(.appeared)
        #expect(editor.effectsState.effects.count == 1)
        #expect(shelf.subtreeDescription.contains("R40Editor"), "description: \(shelf.subtreeDescription)")
        shelf.send(.close)
        #expect(editor.effectsState.effects.isEmpty)
        editor.send(.typed("late"))
        #expect(editor.title == "")
        #expect(box.reports.contains { $0.scopeID == ObjectIdentifier(editor) })
    }

    // RecordingAndReplay, "Record": "one line per event sent to a scope of the tree from outside any
    // update ... Each line names the scope by its path from the recorded root"; "Replay": a replay
    // reproduces the session. A session with an alert tapped, an alert hidden by the system and an
    // event to the scope of a destination's case replays to the same alert, case and child state.
    @Test func aSessionWithAlertsAndADestinationReplaysExactly() throws {
        let box = R40Box()
        let shelf = R40Shelf()
        let recorder = Recorder(recording: shelf) { [box] line in box.lines.append(line) }
        let alert = shelf.alert(\.alert, dismiss: .dismissAlert)
        shelf.send(.openEditor)
        guard case .editor(let editor) = shelf.destination else {
            Issue.record("no editor")
            return
        }
        editor.send(.typed("Paella"))
        shelf.send(.askDelete)
        let cancel = try #require(alert.content?.buttons.first { $0.label == "Cancel" })
        alert.tap(cancel)
        shelf.send(.askDelete)
        alert.isPresented.value = false
        shelf.send(.awayAndBack)
        editor.send(.typed("Paella 2"))
        shelf.send(.askDelete)
        recorder.stop()
        let recording = try Recording(jsonLines: r40Text(box.lines))
        let replayed = try recording.reproduce { R40Shelf() }
        #expect(replayed.handled == shelf.handled)
        #expect(replayed.alert == shelf.alert)
        #expect(replayed.titles == shelf.titles)
        guard case .editor(let replayedEditor) = replayed.destination else {
            Issue.record("the replay shows \(String(describing: replayed.destination)), not the editor")
            return
        }
        #expect(replayedEditor.title == "Paella 2")
    }
}

// MARK: - Navigation paths

@Suite(.isolatedInstruments)
@MainActor
struct Round40NavigationSeamTests {
    private func editor(_ title: String) -> R40Editor {
        let editor = R40Editor()
        editor.title = title
        return editor
    }

    // Guarantees, "A navigation link's push is an event": "one that replaces the top sends the pop to
    // what both paths share and then the pushes"; UsingScopesInSwiftUIAndUIKit: "Each popped screen's
    // work ends as its update removes it."
    @Test func aWriteThatPopsAndPushesAtOnceSendsThePopThenEachPush() throws {
        let stack = R40Stack()
        let path = stack.navigationPath(\.path, popTo: { .popTo($0) }, push: { .push($0) })
        let a = editor("a")
        let b = editor("b")
        let c = editor("c")
        let x = editor("x")
        let y = editor("y")
        path.value = [a, b, c]
        #expect(stack.events == ["push a", "push b", "push c"])
        for screen in [a, b, c] { screen.send(.appeared) }
        stack.events = []
        path.value = [a, x, y]
        #expect(stack.events == ["pop 1", "push x", "push y"])
        #expect(stack.path.map(\.title) == ["a", "x", "y"])
        #expect(b.effectsState.effects.isEmpty)
        #expect(c.effectsState.effects.isEmpty)
        #expect(a.effectsState.effects.count == 1)
        path.value = []
        #expect(stack.events.last == "pop 0")
        #expect(a.effectsState.effects.isEmpty)
    }

    // Guarantees, "A navigation link's push is an event": "a write that adds screens sends a push per
    // screen"; Guarantees, "Lists cost what changed": "a row listed twice that stays while one of its
    // places does". The same screen pushed twice keeps its work while it is still on the path.
    @Test func theSameScreenPushedTwiceKeepsItsWorkWhileOneOfItsPlacesStays() throws {
        let stack = R40Stack()
        let path = stack.navigationPath(\.path, popTo: { .popTo($0) }, push: { .push($0) })
        let a = editor("a")
        path.value = [a]
        a.send(.appeared)
        path.value = [a, a]
        #expect(stack.events == ["push a", "push a"])
        #expect(stack.path.count == 2)
        path.value = [a]
        #expect(stack.events == ["push a", "push a", "pop 1"])
        #expect(a.effectsState.effects.count == 1)
        a.send(.typed("alive"))
        #expect(a.title == "alive")
        stack.send(.popTo(0))
    }

    // Same guarantee: "a push the update refuses leaves the path as it was, and writing the path as
    // it is sends nothing" — also for a write of thousands of screens.
    @Test func aWriteOfThousandsOfScreensSendsOnePushEachAndARefusedOneLeavesThePath() throws {
        let stack = R40Stack()
        let path = stack.navigationPath(\.path, popTo: { .popTo($0) }, push: { .push($0) })
        let screens = (0..<2_000).map { editor("s\($0)") }
        path.value = screens
        #expect(stack.events.count == 2_000)
        #expect(stack.events.first == "push s0")
        #expect(stack.events.last == "push s1999")
        #expect(stack.path.count == 2_000)
        stack.events = []
        path.value = stack.path
        #expect(stack.events.isEmpty)
        stack.refusePushes = true
        path.value = stack.path + [editor("refused")]
        #expect(stack.path.count == 2_000)
        #expect(path.value.count == 2_000)
        stack.send(.popTo(0))
        #expect(stack.path.isEmpty)
    }
}

// MARK: - Animated sends

@Suite(.isolatedInstruments)
@MainActor
struct Round40AnimationSeamTests {
    // UsingScopesInSwiftUIAndUIKit, "Animate a change": "A SendAnimation says how a send is animated, and
    // it can be given to any send"; GettingStarted: "A send made while an update runs (from inside
    // update ...) is queued and handled, in order, after the running update returns." A re-entrant
    // animated send runs after the update that made it, and inside its animation.
    @Test func anAnimatedSendFromInsideAnUpdateRunsAfterItInsideTheAnimation() {
        let box = R40Box()
        let scope = R40Anim(box: box)
        scope.send(.reentrant)
        #expect(scope.animatedLog == ["reentrant:false", "reentrant-returned", "target:true"])
        #expect(box.animationRuns == 1)
    }

    // Same, from a scope's middleware (Guarantees: "events sent from a middleware are queued").
    @Test func anAnimatedSendFromAMiddlewareIsQueuedAndAnimated() {
        let box = R40Box()
        let scope = R40Anim(box: box)
        let registration = scope.addMiddleware { scope, when, next in
            if when == .plain { scope.send(.animatedTarget, animation: scope.animation) }
            try next(when)
        }
        defer { registration.remove() }
        scope.send(.plain)
        #expect(scope.animatedLog == ["plain:false", "target:true"])
        #expect(box.animationRuns == 1)
    }

    // "Animate a change": an effect given an animation has "its result ... then sent inside it, also
    // when a test plan completes the effect". Mapped before or after the animation, keyed or not.
    @Test func anAnimatedEffectCompletedByAPlanIsSentInsideItsAnimationMappedOrKeyed() throws {
        let box = R40Box()
        try R40Anim.GIVEN { R40Anim(box: box) }
            .WHEN(.load)
            .WHEN_EffectCompletes(R40Load.self, with: 1)
            .THEN(\.value, equals: 1)
            .WHEN(.loadMappedAfter)
            .WHEN_EffectCompletes(R40Load.self, with: 2)
            .THEN(\.value, equals: 2)
            .WHEN(.loadKeyed)
            .WHEN(.loadKeyed)
            .WHEN_EffectCompletes(R40Load.self, with: 3)
            .THEN(\.value, equals: 3)
            .THEN(\.animatedLog, equals: ["loaded 1:true", "loaded 2:true", "loaded 3:true"])
            .runTest()
        #expect(box.animationRuns == 3)
    }

    // RecordingAndReplay, "Record": "one line per event sent to a scope of the tree from outside any
    // update"; an animated send is a send: recorded once, and replayed to the same state.
    @Test func anAnimatedSendIsRecordedOnceAndReplays() throws {
        let box = R40Box()
        let shelf = R40Shelf()
        let recorder = Recorder(recording: shelf) { [box] line in box.lines.append(line) }
        let animation = SendAnimation { send in send() }
        shelf.send(.openEditor, animation: animation)
        shelf.send(.askDelete, animation: animation)
        recorder.stop()
        let recording = try Recording(jsonLines: r40Text(box.lines))
        #expect(recording.events.count == 2)
        let replayed = try recording.reproduce { R40Shelf() }
        #expect(replayed.handled == [.openEditor, .askDelete])
        #expect(replayed.alert == shelf.alert)
    }
}

// MARK: - App groups and preview context

@Suite(.isolatedInstruments)
@MainActor
struct Round40AppGroupAndPreviewTests {
    // Guarantees, "An app and its extensions share an app group's values": "a group that is no
    // identifier, or has no container, is an error naming it and what to do". Blank text and text with
    // control characters are no identifier; a refusal keeps the identifier it was given.
    @Test func anAppGroupThatIsNoIdentifierIsAnErrorNamingIt() {
        let identifiers = ["", " ", "\t", "group.\u{0}x", "group.a\nb", "../../tmp", "group.a/b"]
        for identifier in identifiers {
            do {
                let storage = try JSONFileStorage.appGroup(identifier)
                Issue.record(
                    "\(identifier.debugDescription) is no identifier, yet gave \(storage.directory.path)")
            } catch {
                #expect(error.identifier == identifier)
                #expect(error.reason == .malformed, "\(identifier.debugDescription): \(error.description)")
            }
        }
    }

    // Same promise: a group whose container cannot exist (a name of 10,000 characters, longer than any
    // file system allows) is refused, or its storage saves and loads; never a storage that cannot save.
    @Test func anAppGroupWhoseContainerCannotExistIsRefusedOrWorks() throws {
        let identifier = "group." + String(repeating: "g", count: 10_000)
        let storage: JSONFileStorage
        do {
            storage = try JSONFileStorage.appGroup(identifier)
        } catch {
            #expect(error.identifier == identifier)
            return
        }
        // Leave the machine as it was: the group's folder, and the folder of groups if the save made it.
        let groups = storage.directory.deletingLastPathComponent().deletingLastPathComponent()
        let groupsExisted = FileManager.default.fileExists(atPath: groups.path)
        defer {
            try? FileManager.default.removeItem(at: storage.directory.deletingLastPathComponent())
            if !groupsExisted,
                (try? FileManager.default.contentsOfDirectory(atPath: groups.path))?.isEmpty == true
            {
                try? FileManager.default.removeItem(at: groups)
            }
        }
        do {
            try storage.save(Data("1".utf8), as: "r40")
            #expect(try storage.load("r40") == Data("1".utf8))
        } catch {
            Issue.record("appGroup gave a storage that cannot save: \(error)")
        }
    }

    // UsingScopesInSwiftUIAndUIKit, "Preview a view" and Guarantees, "A preview reads preview values
    // with nothing set": "XCODE_RUNNING_FOR_PREVIEWS is 1 ... the variable's absence or any other value
    // is the live context".
    @Test func onlyTheValueOneOfThePreviewVariableIsPreviews() {
        let key = ProcessEnvironment.previewsKey
        #expect(key == "XCODE_RUNNING_FOR_PREVIEWS")
        #expect(ProcessEnvironment([key: "1"]).isRunningForPreviews)
        for other in ["0", "", "true", "YES", " 1", "1 ", "01", "1\n", "\u{FF11}"] {
            #expect(!ProcessEnvironment([key: other]).isRunningForPreviews, "\(other.debugDescription)")
        }
        #expect(!ProcessEnvironment([:]).isRunningForPreviews)
    }
}

// MARK: - Shared values where animations and destinations meet them

extension SharedKey where Value == Int {
    fileprivate static var r40Count: SharedKey<Int> { SharedKey("r40-count", default: 0) }
}

extension SharedKey where Value == String {
    fileprivate static var r40Draft: SharedKey<String> { .persisted("r40-draft", default: "") }
}

@MainActor
private final class R40Counter: Scope {
    @Shared(.r40Count) var count: Int
    var handled = 0
    enum When: Sendable { case bump }
    func update(_ when: When) throws {
        handled += 1
        count += 1
    }
}

@MainActor
private final class R40DraftEditor: IdentifiableScope {
    @Shared(.r40Draft) var draft: String
    enum When: Codable, Sendable { case typed(String) }
    func update(_ when: When) throws {
        switch when {
        case .typed(let text): draft = text
        }
    }
}

@MainActor
private final class R40Desk: Scope {
    enum Destination: ScopeDestination {
        case draft(R40DraftEditor)
        case other(R40Detail)
    }

    @Subscope var destination: Destination? = nil
    enum When: Codable, Sendable { case openDraft, openOther }
    func update(_ when: When) throws {
        switch when {
        case .openDraft: destination = .draft(R40DraftEditor())
        case .openOther: destination = .other(R40Detail())
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40SharedSeamTests {
    // SharingAndPersistingState, "Reading and changing a shared value": "A shared value changes only in
    // an update ... Any other write is refused: code outside any update: a view's closure ...; code
    // running around an update while an event is delivered". A SendAnimation's closure runs around the
    // update it animates: its writes, before or after it calls `send`, are refused and reported naming
    // the key, and the update's own write stands.
    @Test func aSharedValueWrittenByAnAnimationClosureAroundItsSendIsRefused() {
        let box = R40Box()
        let registration = r40CollectReports(box)
        defer { registration.remove() }
        let counter = R40Counter()
        counter.inject(SharedStore(storage: InMemoryStorage()))
        let animation = SendAnimation { [counter] send in
            counter.count = 100
            send()
            counter.count = 200
        }
        counter.send(.bump, animation: animation)
        #expect(counter.handled == 1)
        #expect(counter.count == 1)
        let refusals = box.reports.compactMap { $0.error as? SharedValueWriteRefused }
        #expect(refusals.count == 2, "\(box.reports.map(\.description))")
        #expect(refusals.allSatisfy { $0.key == "r40-count" })
    }

    // RecordingAndReplay, "Replay": "A replayed tree shares nothing with the live app. Its shared values
    // live in a store of its own, in memory, whatever store the builder injects ... Replaying beside a
    // running app changes none of its shared values, tells none of their readers, and writes no file."
    // The persisted value here is written by the scope of a destination's case.
    @Test func aReplayOfADestinationsPersistedWritesLeavesTheLiveValueAndItsFileAlone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "r40-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SharedStore(storage: JSONFileStorage(directory: directory), writeDelay: .zero)
        let desk = R40Desk()
        desk.inject(store)
        let box = R40Box()
        let recorder = Recorder(recording: desk) { [box] line in box.lines.append(line) }
        desk.send(.openDraft)
        guard case .draft(let editor) = desk.destination else {
            Issue.record("no draft")
            return
        }
        editor.send(.typed("recorded"))
        recorder.stop()
        editor.send(.typed("live after"))
        await store.flush()
        let file = directory.appendingPathComponent("r40-draft.json")
        let saved = try Data(contentsOf: file)
        #expect(String(decoding: saved, as: UTF8.self).contains("live after"))
        let recording = try Recording(jsonLines: r40Text(box.lines))
        let replayed = try recording.reproduce {
            let desk = R40Desk()
            desk.inject(store)
            return desk
        }
        guard case .draft(let replayedEditor) = replayed.destination else {
            Issue.record("the replay shows no draft")
            return
        }
        #expect(replayedEditor.draft == "recorded")
        #expect(editor.draft == "live after")
        #expect(store.value(of: .r40Draft) == "live after")
        await store.flush()
        #expect(try Data(contentsOf: file) == saved)
    }
}

// MARK: - An animated send is still one event

@Suite(.isolatedInstruments)
@MainActor
struct Round40AnimationContractTests {
    // Guarantees, "Events": "Every event is handled, once, in the order sent." An animation that calls
    // its `send` twice must not deliver the event twice.
    @Test func anAnimationThatCallsItsSendTwiceStillHandlesTheEventOnce() {
        let counter = R40Counter()
        counter.inject(SharedStore(storage: InMemoryStorage()))
        counter.send(
            .bump,
            animation: SendAnimation { send in
                send()
                send()
            })
        #expect(counter.handled == 1)
    }

    // Same promise: an animation that never calls its `send` must not lose the event silently: it is
    // handled once, or the loss is reported.
    @Test func anAnimationThatNeverCallsItsSendDoesNotLoseTheEventSilently() {
        let box = R40Box()
        let registration = r40CollectReports(box)
        defer { registration.remove() }
        let counter = R40Counter()
        counter.inject(SharedStore(storage: InMemoryStorage()))
        counter.send(.bump, animation: SendAnimation { _ in })
        #expect(counter.handled == 1 || !box.reports.isEmpty)
    }
}

// MARK: - Alerts under strict state

@MainActor
private final class R40Strict: Scope {
    var items = ["x"]
    var alert: AlertState<When>?
    enum When: Sendable, Equatable { case ask, confirm, cancel }
    func update(_ when: When) throws {
        switch when {
        case .ask:
            alert = AlertState(
                title: "Clear?",
                buttons: [
                    AlertButton("Clear", role: .destructive, send: .confirm),
                    AlertButton("Cancel", role: .cancel, send: .cancel),
                ])
        case .confirm:
            items = []
            alert = nil
        case .cancel:
            alert = nil
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40StrictAlertTests {
    // UsingScopesInSwiftUIAndUIKit, "Ask with alerts and confirmation dialogs": "a plan taps a button by
    // its label in one step, which sends the button's event and checks that the alert is gone".
    // WritingTestPlans, "Strict state": every change "must be read by a THEN, AND, THEN_Nil or
    // THEN_NotNil before the next event". The tap's own check of the alert's going is such a read, or
    // strict plans must repeat it after every tap; a FORK's tap is held to the same rule.
    @Test func aStrictPlanCountsTheTapsCheckThatTheAlertIsGone() throws {
        try R40Strict.GIVEN { R40Strict() }
            .strictState()
            .WHEN(.ask)
            .THEN_NotNil(\.alert)
            .FORK(\.alert, tapping: "Cancel") { branch in
                try branch.THEN(\.items, equals: ["x"])
            }
            .WHEN(\.alert, tapping: "Clear")
            .THEN(\.items, equals: [])
            .runTest()
    }
}

// MARK: - A secret alert in a scope type declared private to its file

@MainActor
private final class R40HiddenPay: Scope {
    @Sensitive var secretAlert: AlertState<When>? = nil
    var paid = 0

    enum When: Codable, Sendable, Equatable, SensitiveWhen {
        case show(card: String)
        case pay(card: String)

        var isSensitive: Bool { true }
    }

    func update(_ when: When) throws {
        switch when {
        case .show(let card):
            secretAlert = AlertState(
                title: "Charge \(card)?", message: "Card \(card)",
                buttons: [AlertButton("Pay", send: .pay(card: card))])
        case .pay:
            paid += 1
            secretAlert = nil
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40PrivateScopeSecretTests {
    // LivingDocumentation, "A plan as a specification": "it shows nothing the app marked sensitive: ...
    // and the value a check expects of a property declared @Sensitive (@Sensitive var password reads
    // "password is <redacted>", through subscopes and in an effect's parameters too) all read
    // <redacted>." Scopes of test files are often `private`: the rule must not depend on the type's
    // access level, nor on the check reading the sensitive property itself rather than a value inside it.
    @Test func aPrivateScopesSensitiveAlertNeverReachesItsPlansSpecification() throws {
        let plan = try R40HiddenPay.GIVEN { R40HiddenPay() }
            .WHEN(.show(card: r40Secret))
            .THEN(\.secretAlert?.title, equals: "Charge \(r40Secret)?")
            .THEN(\.secretAlert?.message, equals: "Card \(r40Secret)")
            .WHEN(\.secretAlert, tapping: "Pay")
            .THEN(\.paid, equals: 1)
        let specification = plan.specification
        #expect(!specification.contains("4111"), "specification: \(specification)")
        try plan.runTest()
    }

    // Same rule, same scope, for a check of the sensitive property whole.
    @Test func aPrivateScopesSensitivePropertyCheckedWholeReadsRedacted() throws {
        let plan = try R40HiddenPay.GIVEN { R40HiddenPay() }
            .WHEN(.show(card: r40Secret))
            .THEN(
                \.secretAlert,
                equals: AlertState(
                    title: "Charge \(r40Secret)?", message: "Card \(r40Secret)",
                    buttons: [AlertButton("Pay", send: .pay(card: r40Secret))]))
        let specification = plan.specification
        #expect(!specification.contains("4111"), "specification: \(specification)")
        try plan.runTest()
    }

    // LivingDocumentation, "Names as words": "Specifications and failure messages name every property as
    // it was written ... through subscopes, optional and list children (\.editor?.draft ...)".
    @Test func aPropertyReachedThroughAnOptionalAlertIsNamedAsWritten() throws {
        let plan = try R40Pay.GIVEN { R40Pay() }
            .WHEN(.show(card: "x"))
            .THEN(\.payAlert?.title, equals: "Confirm payment")
        #expect(!plan.specification.contains("property>"), "specification: \(plan.specification)")
        try plan.runTest()
    }

    // Same section: "The standard library's common properties (count, isEmpty, first, last, keys,
    // values) are named without symbols." An alert's first button, reached through the optional alert.
    @Test func anAlertsFirstButtonIsNamedAsWritten() throws {
        let plan = try R40Pay.GIVEN { R40Pay() }
            .WHEN(.show(card: "x"))
            .THEN(\.payAlert?.buttons.first?.label, equals: "Pay")
            .THEN(\.payAlert?.buttons.count, equals: 2)
        // Known issue (documented in LivingDocumentation): `first` and `last` are not named.
        withKnownIssue {
            #expect(!plan.specification.contains("property>"), "specification: \(plan.specification)")
        }
        try plan.runTest()
    }
}

// MARK: - A destination's session turned into a test plan

// Internal, not private: a test plan's source names these types.
@MainActor
final class R40PlanScreen: IdentifiableScope {
    var title = ""
    enum When: Sendable, Codable { case typed(String) }
    func update(_ when: When) throws {
        if case .typed(let title) = when { self.title = title }
    }
}

@MainActor
final class R40PlanDesk: Scope {
    enum Destination: ScopeDestination {
        case screen(R40PlanScreen)
        case other(R40PlanScreen)
    }

    @Subscope var destination: Destination? = nil
    enum When: Sendable, Codable { case open, openOther, close }
    func update(_ when: When) throws {
        switch when {
        case .open: destination = .screen(R40PlanScreen())
        case .openOther: destination = .other(R40PlanScreen())
        case .close: destination = nil
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40PlanSourceTests {
    // RecordingAndReplay, "From a recording to a test plan": the source has "each recorded event as a
    // WHEN at its scope's key path, and THEN checks of the state each step changed ... the plan passes
    // against the app that recorded the session". A destination's key path leads to an enum, not a
    // scope: its events and checks must go through the case (`WHEN(\.destination, case: ..., event)`,
    // `WITH(\.destination, case: ...)`, the verbs UsingScopesInSwiftUIAndUIKit documents), since
    // `WHEN(\.destination, .typed(...))` and `\.destination?.title` do not compile.
    @Test func aDestinationsSessionBecomesAPlanThatAddressesTheCaseShown() throws {
        let box = R40Box()
        let desk = R40PlanDesk()
        let recorder = Recorder(recording: desk) { [box] line in box.lines.append(line) }
        desk.send(.open)
        if case .screen(let screen) = desk.destination { screen.send(.typed("hello")) }
        desk.send(.openOther)
        if case .other(let screen) = desk.destination { screen.send(.typed("other")) }
        recorder.stop()
        let source = try TestPlanSource(jsonLines: r40Text(box.lines), root: { R40PlanDesk() }).swiftSource()
        // Known issue: the plan's source addresses a destination as a scope, not through its case.
        withKnownIssue {
            #expect(!source.contains("\\.destination?.title"), "source:\n\(source)")
            #expect(!source.contains("WHEN(\\.destination, .typed"), "source:\n\(source)")
            #expect(source.contains("case: R40PlanDesk.Destination.other"), "source:\n\(source)")
        }
    }
}

// MARK: - Privacy of a button's event through error reports and analytics

// No hand-written description: the library renders the error, and the rule holds for what it renders.
private struct R40PaymentDeclined: Error {
    let during: R40Pay.When
}

@MainActor
final class R40Checkout: Scope {
    var alert: AlertState<When>?
    var attempts = 0

    enum When: Codable, Sendable, Equatable, SensitiveWhen, TrackedWhen {
        case ask(card: String)
        case pay(card: String)
        case declined(R40Pay.When)
        case dismiss

        var isSensitive: Bool {
            switch self {
            case .ask, .pay: true
            case .declined, .dismiss: false
            }
        }
    }

    func update(_ when: When) throws {
        switch when {
        case .ask(let card):
            alert = AlertState(
                title: "Pay?",
                buttons: [
                    AlertButton("Pay", send: .pay(card: card)),
                    AlertButton("Cancel", role: .cancel, send: .dismiss),
                ])
        case .pay(let card):
            attempts += 1
            alert = nil
            reportHandled(R40PaymentDeclined(during: .pay(card: card)), during: when)
            throw R40PaymentDeclined(during: .pay(card: card))
        case .declined, .dismiss:
            alert = nil
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40ButtonPrivacyTests {
    // MiddlewareAndAnalytics, "What stays private": "A value the app marks sensitive never appears in
    // anything the library prints or writes: ... error reports ... analytics events". CHANGELOG 0.1.0:
    // "An error's text in every report redacts what the app marked sensitive (a thrown error holding a
    // SensitiveWhen case printed it)". The secret is the event of an alert's button, tapped; its update
    // reports a handled error and throws one, each holding a SensitiveWhen case.
    @Test func aTappedButtonsSecretNeverReachesErrorReportsOrAnalytics() async throws {
        let box = R40Box()
        let registration = r40CollectReports(box)
        defer { registration.remove() }
        let analytics = R40LockedLines()
        let sink = Analytics.install { event in analytics.append("\(event.description) \(event.parameters)") }
        defer { sink.remove() }
        let checkout = R40Checkout()
        checkout.send(.ask(card: r40Secret))
        let presentation = checkout.alert(\.alert, dismiss: .dismiss)
        let pay = try #require(presentation.content?.buttons.first)
        presentation.tap(pay)
        checkout.send(.declined(.pay(card: r40Secret)))
        await Analytics.waitUntilDelivered()
        #expect(checkout.attempts == 1)
        #expect(box.reports.count == 2, "\(box.reports.map(\.description))")
        #expect(box.reports.contains { $0.isHandled })
        for report in box.reports {
            #expect(!report.description.contains("4111"), "report: \(report.description)")
            #expect(!(report.flightRecording ?? "").contains("4111"))
        }
        #expect(!analytics.all.isEmpty)
        #expect(!analytics.all.contains("4111"), "analytics: \(analytics.all)")
    }
}

// MARK: - An animated effect of a dismissed case

@MainActor
private final class R40AnimatedCase: IdentifiableScope {
    let box: R40Box
    var value = 0
    init(box: R40Box) { self.box = box }
    enum When: Sendable, Equatable {
        case load
        case loaded(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .load:
            let box = box
            let animation = SendAnimation { send in
                box.animationRuns += 1
                send()
            }
            effectsState.enqueue(R40Load(n: 7).map(When.loaded).animation(animation), key: "load")
        case .loaded(let n): value = n
        }
    }
}

@MainActor
private final class R40AnimatedHost: Scope {
    enum Destination: ScopeDestination {
        case animated(R40AnimatedCase)
        case detail(R40Detail)
    }

    let box: R40Box
    @Subscope var destination: Destination? = nil
    init(box: R40Box) { self.box = box }
    enum When: Sendable { case open, switchAway }
    func update(_ when: When) throws {
        switch when {
        case .open: destination = .animated(R40AnimatedCase(box: box))
        case .switchAway: destination = .detail(R40Detail())
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40AnimatedCaseTests {
    // "Show one destination among several": "setting another case ... dismisses the one shown and ends
    // its work"; WritingTestPlans: THEN_Cancelled on a parent counts "the effects of the subscopes its
    // event dismissed", found "through the child's key path although the child is gone". An animated
    // effect so cancelled never animates.
    @Test func anAnimatedEffectOfACaseSwitchedAwayIsCancelledAndNeverAnimates() throws {
        let box = R40Box()
        try R40AnimatedHost.GIVEN { R40AnimatedHost(box: box) }
            .WHEN(.open)
            .WHEN(\.destination, case: R40AnimatedHost.Destination.animated, .load)
            .WITH(\.destination, case: R40AnimatedHost.Destination.animated) { animated in
                try animated.THEN_Enqueued(R40Load(n: 7))
            }
            .WHEN(.switchAway)
            .THEN(\.destination, case: R40AnimatedHost.Destination.detail)
            .THEN_NoEffects()
            .runTest()
        #expect(box.animationRuns == 0)
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40PrivateScopeOutputsTests {
    // MiddlewareAndAnalytics, "What stays private": "A value the app marks sensitive never appears in
    // anything the library prints or writes: event and effect log lines, state diffs, ...
    // Scope/subtreeDescription and debugDescription, recordings and flight recordings". The same
    // secret alert, in a scope type declared private to its file, tapped from its presentation.
    @Test func aPrivateScopesSecretAlertNeverReachesLogsDescriptionsOrRecordings() throws {
        let lines = R40LockedLines()
        EventLogging.enable(
            logger: Logger(label: "r40p") { _ in R40CaptureLog(sink: { lines.append($0) }) }, level: .trace,
            stateDiffs: true)
        defer { EventLogging.disable() }
        let pay = R40HiddenPay()
        let box = R40Box()
        let recorder = Recorder(recording: pay) { [box] line in box.lines.append(line) }
        let flight = FlightRecorder(recording: pay, keepingLast: 50)
        pay.send(.show(card: r40Secret))
        let described = pay.subtreeDescription + "\n" + String(describing: pay)
        let presentation = pay.alert(\.secretAlert, dismiss: .pay(card: "dismissed"))
        let button = try #require(presentation.content?.buttons.first)
        presentation.tap(button)
        #expect(pay.paid == 1)
        let flightLines = flight.jsonLines()
        recorder.stop()
        flight.stop()
        #expect(!described.contains("4111"), "description: \(described)")
        #expect(!r40Text(box.lines).contains("4111"), "recording: \(r40Text(box.lines))")
        #expect(!flightLines.contains("4111"), "flight recording: \(flightLines)")
        #expect(!lines.all.contains("4111"), "log: \(lines.all)")
    }
}

// MARK: - Handled errors reported by a button's update

private struct R40Flaky: Error, Equatable {}

@MainActor
private final class R40Retrying: Scope {
    var alert: AlertState<When>?
    var retries = 0
    var names = ["one", "two"]
    enum When: Sendable, Equatable { case ask, retry, giveUp }
    func update(_ when: When) throws {
        switch when {
        case .ask:
            alert = AlertState(
                title: "Offline",
                buttons: [
                    AlertButton("Retry", send: .retry), AlertButton("Give up", role: .cancel, send: .giveUp),
                ])
        case .retry:
            retries += 1
            alert = nil
            reportHandled(R40Flaky(), during: when)
        case .giveUp:
            alert = nil
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40TapReportTests {
    // WritingTestPlans, "Events and checks": "THEN_Reported(error) ... check that the latest event or
    // completion made the scope report an error it handled"; a tap is a step that sends the button's
    // event, in the main line and in a FORK, and neither sees the other's report.
    @Test func aHandledErrorReportedByATappedButtonIsTheTapsInEachLine() throws {
        try R40Retrying.GIVEN { R40Retrying() }
            .WHEN(.ask)
            .FORK(\.alert, tapping: "Retry") { branch in
                try branch.THEN_Reported(R40Flaky()).THEN(\.retries, equals: 1)
            }
            .THEN_NothingReported()
            .WHEN(\.alert, tapping: "Give up")
            .THEN_NothingReported()
            .THEN(\.retries, equals: 0)
            .WHEN(.ask)
            .WHEN(\.alert, tapping: "Retry")
            .THEN_Reported(R40Flaky.self)
            .runTest()
    }

    // LivingDocumentation, "Names as words": "The standard library's common properties (count, isEmpty,
    // first, last, keys, values) are named without symbols." Outside any alert, on a plain array.
    @Test func aListsFirstAndLastAreNamedAsWritten() throws {
        let plan = try R40Retrying.GIVEN { R40Retrying() }
            .THEN(\.names.first, equals: "one")
            .THEN(\.names.last, equals: "two")
            .THEN(\.alert?.buttons.last?.label, equals: nil)
        // Known issue (documented in LivingDocumentation): `first` and `last` are not named.
        withKnownIssue {
            #expect(!plan.specification.contains("property>"), "specification: \(plan.specification)")
        }
        try plan.runTest()
    }
}

// MARK: - Large alerts and subclasses in plans

@MainActor
private final class R40HugeAlert: Scope {
    var alert: AlertState<When>?
    var tapped = -1
    enum When: Sendable, Equatable {
        case ask(Int)
        case tapped(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .ask(let count):
            alert = AlertState(
                title: "Pick", buttons: (0..<count).map { AlertButton("b\($0)", send: .tapped($0)) })
        case .tapped(let index):
            tapped = index
            alert = nil
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct Round40LargeAndSubclassPlanTests {
    // LivingDocumentation, "A plan as a specification": "A list of more than five elements reads as its
    // first three and how many more there are, in the specification". An alert of 100,000 buttons,
    // checked whole and tapped by its last label. (At 100,000 buttons the specification measured
    // 6,478,193 characters and the test took 16 seconds; 1,000 shows the same.)
    @Test func anAlertOfAThousandButtonsIsTappedAndShortInTheSpecification() throws {
        let count = 1_000
        let expected = AlertState<R40HugeAlert.When>(
            title: "Pick", buttons: (0..<count).map { AlertButton("b\($0)", send: .tapped($0)) })
        let plan = try R40HugeAlert.GIVEN { R40HugeAlert() }
            .WHEN(.ask(count))
            .THEN(\.alert, equals: expected)
            .WHEN(\.alert, tapping: "b\(count - 1)")
            .THEN(\.tapped, equals: count - 1)
        let specification = plan.specification
        // Known issue: a list inside a value is not shortened yet.
        withKnownIssue {
            #expect(specification.count < 5_000, "specification of \(specification.count) characters")
        }
        try plan.runTest()
    }

    // "Show one destination among several", for a subclass: plans check and address the case of a
    // destination the base class declares, named as written.
    @Test func aPlanAddressesTheDestinationOfASubclassedScope() throws {
        let plan = try R40SubShelf.GIVEN { R40SubShelf() }
            .WHEN(.open)
            .THEN(\.destination, case: R40BaseShelf.Destination.editor)
            .WHEN(\.destination, case: R40BaseShelf.Destination.editor, .typed("sub"))
            .WITH(\.destination, case: R40BaseShelf.Destination.editor) { editor in
                try editor.THEN(\.title, equals: "sub")
            }
            .WHEN(.close)
            .THEN_Nil(\.destination)
        #expect(plan.specification.contains("destination"), "specification: \(plan.specification)")
        try plan.runTest()
    }
}
