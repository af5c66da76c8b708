/// The report of changes an action made that no check read: a failure under strict state, a note
/// when the plan only shows what it skips.
enum UncheckedState {
    static func report(
        _ unchecked: (changes: [StateLedger.Change], at: StepLocation), settings: PlanSettings
    ) -> [PlanFailure] {
        let changes = unchecked.changes.map { "  \($0.path): \($0.before) → \($0.after)" }.joined(
            separator: "\n")
        let count = unchecked.changes.count
        let subject = "This step changed \(count) propert\(count == 1 ? "y" : "ies") that no THEN checked"
        if settings.strictState {
            return [
                PlanFailure(
                    .uncheckedState,
                    """
                    \(subject) before the next step (strict state)
                    expected: every change checked with THEN, AND, THEN_Nil or THEN_NotNil
                    actual: unchecked:
                    \(changes)
                    """, at: unchecked.at)
            ]
        }
        guard settings.showsSkipped else { return [] }
        return [
            PlanFailure(
                .skippedCheck,
                """
                \(subject), which strictState() would fail:
                \(changes)
                """, at: unchecked.at)
        ]
    }
}
