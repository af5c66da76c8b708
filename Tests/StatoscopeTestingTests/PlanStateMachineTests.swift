import StatoscopeTesting
import Testing

// The runner's rules, checked on plain data: no scope is built and no test library is involved.
// Steps are told apart by their line numbers.

private func step(_ line: UInt, _ role: PlanStep.Role = .action) -> PlanStep {
    PlanStep(
        role: role, keyword: .when, location: location(line), depth: 0, describe: { "" },
        perform: { _ in .passed })
}

private func location(_ line: UInt) -> StepLocation {
    StepLocation(fileID: "Tests/Plan.swift", filePath: "/Tests/Plan.swift", line: line, column: 1)
}

private func line(end: UInt, _ steps: [PlanStep]) -> PlanLine {
    let line = PlanLine(end: location(end))
    for step in steps { line.append(step) }
    return line
}

/// What the machine asked for, as text: "build", "replay 3", "perform 4", "finish 99", "done".
private func trace(
    _ main: PlanLine, strict: Bool = false, outcomes: [UInt: StepOutcome] = [:],
    buildOutcomes: [StepOutcome] = [], finishFailures: [PlanFailure] = []
) -> (trace: [String], failures: [PlanFailure]) {
    var machine = PlanStateMachine(main: main, given: location(1), strict: strict)
    var trace: [String] = []
    var builds = buildOutcomes
    var action = machine.start()
    while true {
        switch action {
        case .build:
            trace.append("build")
            action = machine.built(builds.isEmpty ? .passed : builds.removeFirst())
        case .replay(let step):
            trace.append("replay \(step.location.line)")
            action = machine.replayed(outcomes[step.location.line] ?? .passed)
        case .perform(let step):
            trace.append("perform \(step.location.line)")
            action = machine.performed(outcomes[step.location.line] ?? .passed)
        case .finish(let isStrict, let end):
            trace.append("finish \(end.line)\(isStrict ? " strict" : "")")
            action = machine.finished(finishFailures)
        case .done:
            trace.append("done")
            return (trace, machine.failures)
        }
    }
}

@Suite struct PlanStateMachineTests {
    @Test func runsEveryStepOfTheMainLineInOrderThenEnds() {
        let main = line(end: 99, [step(2), step(3, .check), step(4)])
        #expect(trace(main).trace == ["build", "perform 2", "perform 3", "perform 4", "finish 99", "done"])
    }

    @Test func aForkRunsAfterItsLineFromANewScopeReplayingOnlyTheActionsBeforeIt() {
        let branch = line(end: 5, [step(5), step(6, .check)])
        let main = line(end: 99, [step(2), step(3, .check), step(4), step(5, .fork(branch)), step(7)])
        #expect(
            trace(main).trace == [
                "build", "perform 2", "perform 3", "perform 4", "perform 7", "finish 99",
                "build", "replay 2", "replay 4", "perform 5", "perform 6", "finish 5", "done",
            ])
    }

    @Test func aNestedForkReplaysItsAncestorsUpToEachForkPoint() {
        let inner = line(end: 12, [step(12), step(13, .check)])
        let outer = line(end: 10, [step(10), step(11), step(12, .fork(inner)), step(14)])
        let main = line(end: 99, [step(2), step(10, .fork(outer)), step(3)])
        #expect(
            trace(main).trace == [
                "build", "perform 2", "perform 3", "finish 99",
                "build", "replay 2", "perform 10", "perform 11", "perform 14", "finish 10",
                "build", "replay 2", "replay 10", "replay 11", "perform 12", "perform 13", "finish 12",
                "done",
            ])
    }

    @Test func siblingForksDoNotSeeEachOther() {
        let first = line(end: 3, [step(3)])
        let second = line(end: 5, [step(5)])
        let main = line(end: 99, [step(2), step(3, .fork(first)), step(4), step(5, .fork(second))])
        #expect(
            trace(main).trace == [
                "build", "perform 2", "perform 4", "finish 99",
                "build", "replay 2", "perform 3", "finish 3",
                "build", "replay 2", "replay 4", "perform 5", "finish 5", "done",
            ])
    }

    @Test func aFailedCheckIsRecordedAtItsLineAndTheLineGoesOn() {
        let main = line(end: 99, [step(2, .check), step(3)])
        let (trace, failures) = trace(main, outcomes: [2: .failed(.wrongValue, "expected: 1\nactual: 2")])
        #expect(trace == ["build", "perform 2", "perform 3", "finish 99", "done"])
        #expect(failures == [PlanFailure(.wrongValue, "expected: 1\nactual: 2", at: location(2))])
    }

    @Test func aFailedActionEndsItsLineAndDropsTheForksAfterIt() {
        let early = line(end: 3, [step(3)])
        let late = line(end: 6, [step(6)])
        let main = line(end: 99, [step(2), step(3, .fork(early)), step(4), step(5), step(6, .fork(late))])
        let (trace, failures) = trace(main, outcomes: [4: .failed(.unexpectedThrow, "threw")])
        #expect(
            trace == [
                "build", "perform 2", "perform 4", "finish 99",
                "build", "replay 2", "perform 3", "finish 3", "done",
            ])
        #expect(failures == [PlanFailure(.unexpectedThrow, "threw", at: location(4))])
    }

    @Test func aReplayThatFailsDropsTheBranchWithAFailureAtItsFork() {
        let branch = line(end: 4, [step(4)])
        let main = line(end: 99, [step(2), step(4, .fork(branch))])
        var machine = PlanStateMachine(main: main, given: location(1), strict: false)
        _ = machine.start()
        _ = machine.built(.passed)
        _ = machine.performed(.passed)
        _ = machine.finished([])
        guard case .replay(let replayed) = machine.built(.passed) else {
            Issue.record("expected a replay")
            return
        }
        #expect(replayed.location.line == 2)
        guard case .finish(_, let end) = machine.replayed(.failed(.unexpectedThrow, "boom")) else {
            Issue.record("expected the branch to end")
            return
        }
        #expect(end.line == 4)
        #expect(machine.failures.map(\.kind) == [.forkDiverged])
        #expect(machine.failures.first?.location == location(4))
        #expect(machine.failures.first?.message.contains("line 2") == true)
        #expect(machine.failures.first?.message.contains("boom") == true)
    }

    @Test func aGivenThatThrowsFailsAtGivensLineAndSkipsTheLine() {
        let main = line(end: 99, [step(2), step(3)])
        let (trace, failures) = trace(main, buildOutcomes: [.failed(.givenThrew, "no database")])
        #expect(trace == ["build", "finish 99", "done"])
        #expect(failures == [PlanFailure(.givenThrew, "no database", at: location(1))])
    }

    @Test func strictnessIsPassedToEveryLinesEndAndItsFailuresAreKept() {
        let branch = line(end: 3, [step(3)])
        let main = line(end: 99, [step(3, .fork(branch))])
        let leftover = PlanFailure(.pendingEffects, "1 effect", at: location(99))
        let (trace, failures) = trace(main, strict: true, finishFailures: [leftover])
        #expect(trace == ["build", "finish 99 strict", "build", "perform 3", "finish 3 strict", "done"])
        #expect(failures == [leftover, leftover])
    }

    @Test func notesAreNeitherPerformedNorReplayed() {
        let branch = line(end: 4, [step(4)])
        let main = line(end: 99, [step(2, .note), step(3), step(4, .fork(branch))])
        #expect(
            trace(main).trace == [
                "build", "perform 3", "finish 99", "build", "replay 3", "perform 4", "finish 4", "done",
            ])
    }
}
