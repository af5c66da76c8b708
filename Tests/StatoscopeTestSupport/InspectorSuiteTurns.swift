import Testing

/// Runs a suite whose tests start inspectors while no other such suite runs, in whichever test target
/// it is: one inspector runs at a time in a process, and Swift Testing runs the suites of different
/// targets side by side, where `.serialized` orders only the tests of one suite.
public struct InspectorSuiteTurnTrait: SuiteTrait, TestScoping {
    fileprivate init() {}

    /// The suite as a whole takes the turn, once; its own tests keep their order.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite && testCase == nil ? self : nil
    }

    /// Runs the suite once no other suite holds the turn, and hands the turn on when it ends.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await InspectorSuiteTurn.process.take()
        do {
            try await function()
        } catch {
            await InspectorSuiteTurn.process.handOn()
            throw error
        }
        await InspectorSuiteTurn.process.handOn()
    }
}

extension Trait where Self == InspectorSuiteTurnTrait {
    /// Runs this suite while no other suite that starts inspectors runs: see ``InspectorSuiteTurnTrait``.
    public static var oneInspectorSuiteAtATime: Self { InspectorSuiteTurnTrait() }
}

/// Whose turn it is to start inspectors, suites waiting in the order they asked.
actor InspectorSuiteTurn {
    /// The process's one turn, since the process runs one inspector at a time: a test-only global,
    /// shared by every test target that links this module.
    static let process = InspectorSuiteTurn()

    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard isTaken else {
            isTaken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func handOn() {
        if waiting.isEmpty {
            isTaken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
