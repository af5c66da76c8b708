/// A value a step holds until the plan runs: an expected value, a result to complete an effect with.
///
/// Such values need not be `Sendable`, yet the step's closures run on the main actor. They cross to
/// it safely: a plan is built on the test's thread and run on the main actor while that thread waits
/// in `runTest()`, so no two threads ever use the value at once. Hence `@unchecked Sendable`; the
/// nonisolated suites that complete effects with values (`EffectVerbsTests`, `ForkTests`) exercise
/// that hand-over in CI's ThreadSanitizer run.
// SAFETY: Sound as the comment above says: one thread at a time, since the builder waits in
// `runTest()` while the main actor runs the plan.
struct Captured<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
