import Statoscope

extension TestPlan {
    /// Taps the button labelled `label` of the alert at `alert`, as the user does: sends the button's
    /// event, then checks that the alert is gone.
    ///
    /// <!-- compiled with: Notes -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Notes>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedDelete)
    /// .THEN(\.deleteAlert?.title, equals: "Delete this note?")
    /// .WHEN(\.deleteAlert, tapping: "Delete")
    /// ```
    ///
    /// The system hides an alert when one of its buttons is tapped, so the update of the button's
    /// event clears it or shows another: the step fails if the alert tapped is still there afterwards
    /// (for an alert a computed property makes, if any alert is), if no alert is shown, or if it has
    /// no such button (the message lists those it has). Under strict state, the step's check counts
    /// as reading the alert.
    public func WHEN(
        _ alert: @autoclosure @escaping @MainActor () -> KeyPath<S, AlertState<S.When>?>,
        tapping label: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try tapping(
            label, in: alert, kind: "alert", buttons: { $0?.buttons },
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Taps the button labelled `label` of the confirmation dialog at `dialog`, as the user does:
    /// sends the button's event, then checks that the dialog is gone.
    ///
    /// The step fails as `WHEN(_:tapping:)` for an alert does.
    public func WHEN(
        _ dialog: @autoclosure @escaping @MainActor () -> KeyPath<S, ConfirmationDialogState<S.When>?>,
        tapping label: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try tapping(
            label, in: dialog, kind: "confirmation dialog", buttons: { $0?.buttons },
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Adds a branch that starts by tapping the button labelled `label` of the alert at `alert`: what
    /// happens if the user chooses it instead of what the plan does next (see
    /// ``FORK(_:fileID:filePath:line:column:_:)``).
    public func FORK(
        _ alert: @autoclosure @escaping @MainActor () -> KeyPath<S, AlertState<S.When>?>,
        tapping label: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) {
            try $0.tapping(label, in: alert, kind: "alert", buttons: { $0?.buttons }, at: location)
        }
    }

    /// Adds a branch that starts by tapping the button labelled `label` of the confirmation dialog at
    /// `dialog`.
    public func FORK(
        _ dialog: @autoclosure @escaping @MainActor () -> KeyPath<S, ConfirmationDialogState<S.When>?>,
        tapping label: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) {
            try $0.tapping(
                label, in: dialog, kind: "confirmation dialog", buttons: { $0?.buttons }, at: location)
        }
    }

    /// Whether two reads of a dialog gave different buttons: a computed property makes it anew.
    private static func isMadeOnRead(_ first: [AlertButton<S.When>], again: [AlertButton<S.When>]?) -> Bool {
        guard let button = first.first, let other = again?.first else { return false }
        return !button.identity.isSame(as: other.identity)
    }

    /// The tap of both kinds of dialog, which differ in how their buttons are read.
    private func tapping<Dialog>(
        _ label: String, in dialog: @escaping @MainActor () -> KeyPath<S, Dialog?>, kind: String,
        buttons: @escaping @MainActor (Dialog?) -> [AlertButton<S.When>]?, at location: StepLocation
    ) throws -> Self {
        let path = self.path
        return try add(
            .action, .when, at: location,
            describe: {
                let keyPath = dialog()
                let property = KeyPathText.propertyPath(keyPath, root: S.self)
                // A button of a dialog the app declared `@Sensitive` is as secret as the dialog.
                let button =
                    SensitiveProperties.isSensitive(property, root: S.self)
                    ? "a button" : "“\(label)”"
                return "the user taps \(button) in \(Self.words(keyPath))"
            },
            perform: { run, scope in
                let keyPath = dialog()
                let step = {
                    "WHEN(\(KeyPathText.code(keyPath)), tapping: \(ValueText.inline(label))) on \(path.describe())"
                }
                guard let shown = buttons(scope[keyPath: keyPath]) else {
                    return .failed(
                        .wrongValue,
                        """
                        \(step()): no \(kind) is shown
                        expected: \(kind == "alert" ? "an" : "a") \(kind) with a button \(ValueText.inline(label))
                        actual: nil
                        """)
                }
                guard let button = shown.first(where: { $0.label == label }) else {
                    let labels = shown.map { ValueText.inline($0.label) }.joined(separator: ", ")
                    return .failed(
                        .wrongValue,
                        """
                        \(step()): the \(kind) has no button \(ValueText.inline(label))
                        expected: a button \(ValueText.inline(label))
                        actual: \(shown.isEmpty ? "no buttons" : "buttons \(labels)")
                        """)
                }
                run.clearPendingEffects(beforeEventTo: scope)
                do {
                    try scope.sendThrowing(button.action)
                } catch {
                    run.discardReportedErrors()
                    return .failed(
                        .unexpectedThrow,
                        """
                        \(step()): update threw unexpectedly
                        expected: no error
                        actual: \(ValueText.error(error))
                        """)
                }
                let outcome = run.outcomeOfReportedErrors(during: step())
                guard outcome == .passed else { return outcome }
                // Another dialog shown by the update (the next question) is not the one tapped; a
                // dialog a computed property makes anew on every read is the one tapped while shown.
                if let still = scope[keyPath: keyPath],
                    let stillButtons = buttons(still),
                    stillButtons.contains(where: { $0.identity.isSame(as: button.identity) })
                        || Self.isMadeOnRead(stillButtons, again: buttons(scope[keyPath: keyPath]))
                {
                    return .failed(
                        .wrongValue,
                        """
                        \(step()): the \(kind) is still shown after the update of \
                        \(EventText.code(button.action)); the system hides it on a tap, so that update clears it
                        expected: nil
                        actual: \(ValueText.inline(still))
                        """)
                }
                run.actionChecked(KeyPathText.propertyPath(keyPath, root: S.self), of: path.describe())
                return .passed
            })
    }
}
