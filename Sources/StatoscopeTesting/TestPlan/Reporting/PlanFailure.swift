/// A failure a plan's run found, with the place in the test that it belongs to.
package struct PlanFailure: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; tests of the library match on it, users read the message.
    package enum Kind: String, Sendable, Equatable {
        /// A `THEN` found a value other than the expected one, or its checker threw.
        case wrongValue
        /// An effect is pending that the step said should not be.
        case unexpectedEffect
        /// An effect the step expected, or wanted to complete, is not pending.
        case missingEffect
        /// More than one pending effect matches a completion by type.
        case ambiguousEffect
        /// A completion's value is not of the type the pending effect produces.
        case mismatchedResult
        /// A stream verb is aimed at a pending effect that is not an open stream.
        case notAStream
        /// Effects are still pending when a line of a strict plan ends.
        case pendingEffects
        /// A scope the plan built or reached is still alive after its run.
        case retainCycle
        /// The plan was built and released without `runTest()`.
        case neverRun
        /// An update threw while handling a step's event, and the step did not expect it.
        case unexpectedThrow
        /// A step expected its event's update to throw, and it did not (or threw something else).
        case missingThrow
        /// The `GIVEN` builder threw.
        case givenThrew
        /// A step addresses a subscope through a key path whose value is nil.
        case unreachableScope
        /// A scope of the tree cannot reach an ancestor it declares with `@Superscope`, so the step
        /// that would send an event was not run: reading it would stop the test process.
        case missingAncestor
        /// Replaying the steps before a `FORK` did not go as it went on the line it forks from.
        case forkDiverged
        /// A replayed event could not be sent: its scope is not in the tree, or it does not decode.
        case replayFailed
        /// The plan was misused: run twice, for instance.
        case misuse
        /// Under strict state, a step changed a property that no check read before the next step.
        case uncheckedState
        /// Not a failure: what a lenient setting let pass, shown because the plan asked to see it.
        case skippedCheck
        /// A step read a dependency that the plan does not provide: nothing overrides it and its type
        /// declares no test value.
        case missingDependency
        /// A live test's `waitUntil` reached its bound before its condition held.
        case waitTimedOut
    }

    package let kind: Kind
    package let message: String
    package let location: StepLocation

    package init(_ kind: Kind, _ message: String, at location: StepLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): \(message)" }

    /// Whether this fails the test; a skipped check is only shown.
    package var failsTheTest: Bool { kind != .skippedCheck }
}
