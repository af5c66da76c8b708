import Foundation
import Statoscope
import StatoscopeTesting

/// What the matrix checks for crossings between the live app's tree and a context.
enum SeamResource: String, Codable, Sendable, CaseIterable, CustomStringConvertible {
    case sharedValue, valueDependency, protocolDependency, clock, appWideMiddleware, analyticsSink
    case errorHandler

    var description: String { rawValue }
}

/// A place a tree lives beside the live app's: each builds its own tree of ``SeamProbe``s and has it
/// read the resource, write the shared value and report an error.
enum SeamContext: String, Sendable, CaseIterable, CustomStringConvertible {
    case secondLiveRoot, testPlan, forkBranch, reproduce, previewTree, isolatedInstruments

    var description: String { rawValue }

    /// The events the context's tree handles, in order.
    static func events(for resource: SeamResource) -> [SeamProbe.When] {
        [.read(resource), .write(99), .fail]
    }

    /// What the context needs before the app sets its side of the resource up: a replay's recording.
    @MainActor
    func prepare(_ resource: SeamResource) throws -> String {
        guard self == .reproduce else { return "" }
        var text = ""
        let recorded = SeamProbe(log: SeamLog())
        recorded.inject(SharedStore(storage: InMemoryStorage()))
        recorded.inject(NamedSeamService(name: "context"), as: (any SeamService).self)
        let recorder = Recorder(recording: recorded) { text += $0 }
        for event in Self.events(for: resource) { recorded.send(event) }
        recorder.stop()
        return text
    }

    /// Runs the context's tree through the events, logging what it reads in `log`.
    @MainActor
    func run(_ resource: SeamResource, recording: String, log: SeamLog) async throws {
        let events = Self.events(for: resource)
        let service = NamedSeamService(name: "context")
        switch self {
        case .secondLiveRoot:
            let root = SeamProbe(log: log)
            root.inject(service, as: (any SeamService).self)
            for event in events { root.send(event) }
        case .previewTree:
            let root = SeamProbe(log: log)
            root.useDependencies(.preview)
            root.inject(service, as: (any SeamService).self)
            for event in events { root.send(event) }
        case .isolatedInstruments:
            withIsolatedInstruments {
                let root = SeamProbe(log: log)
                root.inject(service, as: (any SeamService).self)
                for event in events { root.send(event) }
            }
        case .testPlan:
            try ignoringPlanFailures {
                var plan = try SeamProbe.GIVEN { SeamProbe(log: log) }
                    .injecting(service, as: (any SeamService).self)
                for event in events { plan = try plan.WHEN(event) }
                try plan.runTest()
            }
        case .forkBranch:
            try ignoringPlanFailures {
                try SeamProbe.GIVEN { SeamProbe(log: log) }
                    .injecting(service, as: (any SeamService).self)
                    .FORK(events[0]) { branch in
                        try branch.WHEN(events[1]).WHEN(events[2])
                    }
                    .runTest()
            }
        case .reproduce:
            _ = try Recording(jsonLines: recording).reproduce {
                let root = SeamProbe(log: log)
                root.inject(service, as: (any SeamService).self)
                return root
            }
        }
    }

    /// The matrix checks what crosses, not what a plan checks: the plan's own failures (state it
    /// left unchecked, a reported error) are set aside.
    private func ignoringPlanFailures(_ body: () throws -> Void) throws {
        try PlanIssueReporter.$capture.withValue(.init { _ in }, operation: body)
    }
}
