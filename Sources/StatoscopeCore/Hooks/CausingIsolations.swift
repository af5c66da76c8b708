/// The isolations of instruments (``withIsolatedInstruments(_:)-(()->Result)``) whose code caused
/// work the library does later, in a task of its own: what that work reports is reported where its
/// causes ran, as if reported from there.
///
/// A change to a persisted value is saved later, by the store's own task, which inherits nothing
/// from the update that made the change: the change remembers where it was made, and a failed save
/// is reported there. Several changes saved together may come from several isolations: the report
/// then reaches the instruments of each (see ``InstrumentIsolation/init(joining:outside:)``).
package struct CausingIsolations: Sendable {
    /// The isolations the causes ran in, each once, in the order first met.
    private var isolations: [InstrumentIsolation] = []
    /// Whether a cause ran outside any isolation.
    private var outside = false

    package init() {}

    /// Counts the running code among the causes: its isolation, or none.
    @MainActor
    package mutating func addCurrent() {
        guard let isolation = InstrumentIsolation.capture() else {
            outside = true
            return
        }
        if !isolations.contains(where: { $0 === isolation }) { isolations.append(isolation) }
    }

    /// Counts the causes of `other` among these.
    package mutating func add(_ other: CausingIsolations) {
        outside = outside || other.outside
        for isolation in other.isolations where !isolations.contains(where: { $0 === isolation }) {
            isolations.append(isolation)
        }
    }

    /// Runs `body`, which reports what the caused work met, in the isolation of the causes: the one
    /// they ran in, a joint one when they ran in several, or none when none ran in any.
    @MainActor
    package func run(_ body: () -> Void) {
        if isolations.isEmpty {
            guard InstrumentIsolation.capture() != nil else { return body() }
            return InstrumentIsolation.$current.withValue(nil, operation: body)
        }
        let isolation =
            isolations.count == 1 && !outside
            ? isolations[0] : InstrumentIsolation(joining: isolations, outside: outside)
        InstrumentIsolation.$current.withValue(isolation, operation: body)
    }
}
