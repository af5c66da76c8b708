import Statoscope

extension TestPlan {
    /// Checks that the latest event or completion made analytics track an event named `name`,
    /// with exactly `parameters` when they are given. A plan captures the events analytics would send
    /// whether or not the app installed `Analytics`, and keeps them to itself.
    ///
    /// <!-- compiled inside: final class Checkout: Scope { enum When: Codable, TrackedWhen { case userTappedBuy(items: Int) }; func update(_ when: When) throws {} }; func sample(plan: TestPlan<Checkout>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedBuy(items: 2))
    /// .THEN_Tracked("userTappedBuy", parameters: ["items": .int(2)])
    /// ```
    public func THEN_Tracked(
        _ name: String, parameters: [String: EventValue]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let expected = parameters.map { "\(name)\(EventValue.object($0))" } ?? name
        return try add(
            .check, .then, at: location, describe: { "`\(expected)` is tracked" },
            perform: { run, _ in
                let tracked = run.trackedByLatestAction
                let found = tracked.contains { event in
                    event.name == name && (parameters.map { $0 == event.parameters } ?? true)
                }
                guard !found else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    THEN_Tracked("\(name)") failed: the latest event or completion did not track it
                    expected: \(expected)
                    actual: \(AnalyticsText.list(tracked))
                    """)
            })
    }

    /// Checks that the latest event or completion made analytics track nothing: its event is not
    /// tracked, or its update threw.
    public func THEN_NothingTracked(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try add(
            .check, .then, at: location, describe: { "nothing is tracked" },
            perform: { run, _ in
                let tracked = run.trackedByLatestAction
                guard !tracked.isEmpty else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    THEN_NothingTracked failed
                    expected: no analytics event
                    actual: \(AnalyticsText.list(tracked))
                    """)
            })
    }
}

/// Analytics events in messages.
enum AnalyticsText {
    /// The events, as their descriptions, or "none".
    static func list(_ events: [AnalyticsEvent]) -> String {
        guard !events.isEmpty else { return "none" }
        return events.map(\.description).joined(separator: "; ")
    }
}
