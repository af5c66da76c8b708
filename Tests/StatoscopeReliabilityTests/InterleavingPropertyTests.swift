import PropertyBased
import Statoscope
import StatoscopeTestSupport
import Testing

/// Random programs of sends, effects started, completed in any order, failed, cancelled by
/// predicate, by key and all at once, keyed effects enqueued by updates that throw, streams fed,
/// ended and failed by the program, debounced and throttled effects on a clock the program
/// advances, and children replaced and released while all that is in flight, run against the
/// library and against a reference model.
@MainActor
// A thousand programs take minutes under a sanitizer on a loaded machine.
@Suite(.timeLimit(.minutes(20)), .serialized)
struct InterleavingPropertyTests {
    static let programCount = 1_000

    @Test func libraryBehavesAsTheReferenceModel() async {
        await propertyCheck(count: Self.programCount, input: Gen.int(in: 0...9_999).array(of: 1...60)) {
            numbers in
            // Each program runs on the main actor that every test of the process shares: letting
            // the others' jobs run between programs keeps a loaded machine's other tests moving.
            await Task.yield()
            await ProgramRun(steps: numbers.map(ProgramStep.init)).check()
        }
    }
}
