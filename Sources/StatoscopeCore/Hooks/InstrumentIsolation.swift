import Logging

/// Runs `operation` with app-wide instruments of its own: those it installs see only what happens
/// inside it, and stop when it returns.
///
/// Tests run in parallel share the process, and so its app-wide instruments: a test counting the
/// events an app-wide middleware sees would count other tests' too. Inside `operation`:
///
/// - App-wide middleware (``Middleware/addAppWide(_:)``), analytics sinks (``Analytics/install(_:)``),
///   error handlers (``ErrorReporting/addHandler(_:)``) and event logging (``EventLogging/enable(logger:level:stateDiffs:)``)
///   installed here see only the events sent from here, the effects those events started (their
///   completions, stream elements and failures) and the errors reported meanwhile.
/// - Setting ``ErrorReporting/logger`` sets it for what happens here only.
/// - A flight recorder started here gives its record to the error reports made here only.
/// - When `operation` returns or throws, what it installed stops, as if each registration had been
///   removed, and event logging it enabled is off.
///
/// "From here" means from `operation` itself, from tasks it creates with `Task { }` (they inherit
/// it, as they inherit every task-local value), and from the effects its events start, their work
/// included. What the library does later for code run here happens here too: an analytics sink's
/// work for an event accepted here, and the save of a shared value changed here (a failed save is
/// reported here; one saving changes from several isolations, to the handlers of each). A
/// `Task.detached` does not inherit it, and neither does code run by another test, nor an
/// `isolated deinit`, which Swift runs without the task-local values of the code that released its
/// object.
///
/// Instruments installed outside, for the whole app, still see every event, this one's included.
/// Isolations nest: the instruments of an outer one see what happens in an inner one, not the other
/// way round.
///
/// <!-- compiled with: Counter -->
/// <!-- compiled inside: @MainActor func sample() -> Int { … return count } -->
/// ```swift
/// let count = withIsolatedInstruments {
///     var count = 0
///     let counting = Middleware.addAppWide { event, next in
///         count += 1
///         try next(event)
///     }
///     Counter().send(.userTappedIncrementButton)
///     counting.remove()
///     return count   // 1, whatever other tests send meanwhile
/// }
/// ```
///
/// In a Swift Testing suite, the `.isolatedInstruments` trait of `StatoscopeTesting` runs each
/// test so.
@MainActor
public func withIsolatedInstruments<Result>(_ operation: () throws -> Result) rethrows -> Result {
    let isolation = InstrumentIsolation(inside: InstrumentIsolation.current)
    defer { isolation.end() }
    return try InstrumentIsolation.$current.withValue(isolation) { try operation() }
}

/// Runs the asynchronous `operation` with app-wide instruments of its own: those it installs see only
/// what happens inside it, and stop when it returns. See ``withIsolatedInstruments(_:)-(()->Result)``.
@MainActor
public func withIsolatedInstruments<Result>(
    _ operation: @MainActor () async throws -> Result
) async rethrows -> Result {
    let isolation = InstrumentIsolation(inside: InstrumentIsolation.current)
    defer { isolation.end() }
    return try await InstrumentIsolation.$current.withValue(isolation) { try await operation() }
}

/// One run of ``withIsolatedInstruments(_:)-(()->Result)``: the instruments installed inside it, and
/// where events, effects and reports come from.
///
/// The current one is a task-local value, so that it follows the code that runs for a test, and
/// nothing else; effects keep the one they were started in, run their work and deliver inside it,
/// and work the library does later for code run in one (a store's save) keeps it too
/// (``CausingIsolations``). Instruments installed inside one check, for each event, that it is the
/// current one or encloses it; nothing else reads it, so an app that never isolates pays nothing.
package final class InstrumentIsolation: Sendable {
    /// The isolation the running code is in, if any.
    @TaskLocal package static var current: InstrumentIsolation?

    /// The isolation this one runs inside, if any.
    package let enclosing: InstrumentIsolation?
    /// The isolations this one runs inside, outermost first: an isolation's depth is its index here,
    /// so whether one runs inside another costs one comparison at any depth. Each one holds the one
    /// it runs inside, so none of these identifiers can name an object made since.
    private let ancestors: [ObjectIdentifier]
    /// For a joint isolation (see ``init(joining:outside:)``), the isolations it stands for at once;
    /// empty for a run of ``withIsolatedInstruments(_:)-(()->Result)``.
    private let joined: [InstrumentIsolation]
    /// What ends with it: the registrations of the instruments installed inside, and the modes set.
    @MainActor private var endings: [@MainActor () -> Void] = []
    /// The logger ``ErrorReporting`` writes to inside it, once set there.
    @MainActor package var errorLogger: Logger?
    @MainActor private var activity: InstrumentRegistration?

    @MainActor
    init(inside enclosing: InstrumentIsolation?) {
        self.enclosing = enclosing
        ancestors = enclosing.map { $0.ancestors + [ObjectIdentifier($0)] } ?? []
        joined = []
        activity = InstrumentHooks.isolations.add(self)
    }

    /// An isolation that stands for several at once, for work that code in each of them caused (a
    /// save made of changes from two tests): the instruments of each of `members`, and of the
    /// isolations around them, count what happens in it as theirs. It runs inside the innermost
    /// isolation around all of them (none, with `outside`, when code outside any isolation caused
    /// the work too), whose logger and flight recorder serve it: one member's are not another's.
    /// Nothing is installed in it, and it never ends: the isolations it joins do.
    @MainActor
    package init(joining members: [InstrumentIsolation], outside: Bool) {
        enclosing = outside ? nil : Self.innermostEnclosing(all: members)
        ancestors = enclosing.map { $0.ancestors + [ObjectIdentifier($0)] } ?? []
        joined = members
    }

    /// The innermost of `members` and the isolations around them that encloses each of them, if any.
    private static func innermostEnclosing(all members: [InstrumentIsolation]) -> InstrumentIsolation? {
        var candidate = members.first
        while let enclosing = candidate {
            if members.allSatisfy({ enclosing.includes($0) }) { return enclosing }
            candidate = enclosing.enclosing
        }
        return nil
    }

    /// The current isolation, to keep for code that runs later (an effect's completion); nil, without
    /// reading the task-local value, while no isolation runs.
    @MainActor
    package static func capture() -> InstrumentIsolation? {
        InstrumentHooks.isolations.isEmpty ? nil : current
    }

    /// Whether the running code is inside this isolation, or inside one nested in it.
    package var includesCurrent: Bool {
        guard let current = Self.current else { return false }
        return includes(current)
    }

    /// Whether `other` is this isolation or runs inside it, or is a joint isolation standing for one
    /// that is.
    private func includes(_ other: InstrumentIsolation) -> Bool {
        let depth = ancestors.count
        return other === self
            || (depth < other.ancestors.count && other.ancestors[depth] == ObjectIdentifier(self))
            || other.joined.contains { includes($0) }
    }

    /// Takes out the instrument `registration` installed when the isolation ends, if it still runs.
    /// Kept weakly: dropping the registration still stops the instrument at once.
    @MainActor
    package func endsWith(_ registration: InstrumentRegistration) -> InstrumentRegistration {
        endings.append { [weak registration] in registration?.remove() }
        return registration
    }

    /// Runs `ending` when the isolation ends.
    @MainActor
    package func onEnd(_ ending: @escaping @MainActor () -> Void) {
        endings.append(ending)
    }

    /// Stops what was installed inside, most recent first.
    @MainActor
    func end() {
        while let ending = endings.popLast() { ending() }
        errorLogger = nil
        activity?.remove()
        activity = nil
    }
}
