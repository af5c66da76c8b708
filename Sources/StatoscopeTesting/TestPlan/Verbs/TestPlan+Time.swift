import Statoscope

extension TestPlan {
    /// Moves the plan's clock forward by `duration`: the effects waiting for a quiet period
    /// (`EffectKeyPolicy.debounce`) or for their next attempt (a `RetryPolicy`) that become due
    /// start, and can then be completed; the delayed events that become due
    /// (`effectsState.enqueue(_:after:key:)`) are sent, and each `RepeatingTimer` delivers the ticks
    /// due meanwhile, in order, each at its instant: what their updates enqueue is measured from that
    /// instant. A step delivers at most a million ticks and delayed events: beyond, it fails.
    ///
    /// A plan runs on virtual time: its clock starts at zero with each line and moves only here, so
    /// nothing in a plan waits on the wall clock. It only moves forward: a negative `duration` fails
    /// the step. It stops at `.seconds(Int64.max)`, far beyond any live clock: time passing beyond
    /// leaves it there, and throttles' intervals go on.
    ///
    /// The clock it moves is the one the scope it is aimed at waits on: the plan's, shared by every
    /// scope that injects no `EffectClock`, or, inside `WITH`, the virtual time of a subtree that
    /// injects a clock of its own, which no other step moves.
    ///
    /// <!-- compiled with: Debounce -->
    /// <!-- compiled inside: func sample(plan: TestPlan<SearchScreen>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTyped("swi"))
    /// .THEN_Scheduled(Search.self)
    /// .WHEN_TimePasses(.milliseconds(300))
    /// .WHEN_EffectCompletes(Search.self, with: ["swift"])
    /// ```
    public func WHEN_TimePasses(
        _ duration: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try add(
            .action, .when, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "`\(duration)` passes" },
            perform: { run, scope in
                guard duration >= .zero else {
                    return .failed(
                        .misuse,
                        """
                        WHEN_TimePasses(\(duration)) failed
                        expected: a duration of zero or more
                        actual: \(duration): the plan's clock only moves forward
                        """)
                }
                let clock = run.clock(of: scope)
                let ticks = clock.timerTicks(within: duration)
                guard ticks <= PlanClock.mostTicksAtOnce else {
                    return .failed(
                        .misuse,
                        """
                        WHEN_TimePasses(\(duration)) failed
                        expected: at most \(PlanClock.mostTicksAtOnce) timer ticks in one step
                        actual: the running timers would tick more than that; let less time pass at once
                        """)
                }
                guard clock.advance(by: duration) else {
                    return .failed(
                        .misuse,
                        """
                        WHEN_TimePasses(\(duration)) failed
                        expected: at most \(PlanClock.mostTicksAtOnce) timer ticks and delayed events in one step
                        actual: the timers and delayed events, with those their updates started, delivered more \
                        than that; the plan's clock stopped at \(clock.now)
                        """)
                }
                return run.outcomeOfReportedErrors(during: "WHEN_TimePasses(\(duration))")
            })
    }

    /// Checks that an effect of type `E` is pending and has not started yet: it waits for the
    /// plan's clock to reach the end of its quiet period, of its trailing throttle's window, of its
    /// retry policy's wait before the next attempt, or, for a `DelayedEvent`, of its delay.
    public func THEN_Scheduled<E: Effect>(
        _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "a `\(E.self)` is scheduled, not started" },
            perform: { _, scope in
                let entries = PendingEffects.entries(of: scope).filter { $0.payload.pristine is E }
                if entries.contains(where: { PendingEffects.startTime(of: $0) != nil }) { return .passed }
                return .failed(
                    .missingEffect,
                    """
                    THEN_Scheduled(\(E.self).self) on \(path.describe()) failed
                    expected: a \(E.self) waiting to start
                    actual: \(entries.isEmpty ? "no \(E.self) is pending" : "every pending \(E.self) has started")
                    """)
            })
    }
}
