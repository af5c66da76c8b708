import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore

/// Writes a plan's steps while it replays the recording: each event, then the checks of what it
/// changed, read from the tree the replay builds.
@MainActor
struct TestPlanWriter<Root: Scope> {
    private let replay: Replay<Root>
    private let fault: RecordingError?
    private let checks: TestPlanSource<Root>.Checks
    /// The plan's lines after `GIVEN`, each a verb or a comment, without indentation.
    private(set) var lines: [String] = []
    /// A comment for each dependency a scope of the tree reads, whenever that scope appears: they
    /// go right after `GIVEN`, where `.injecting(_:)` would.
    private var dependencies: [String] = []
    private var usesDecoding = false
    /// The steps alone, without checks or comments: what a plan that ends the process sends.
    private var sentSteps: [String] = []
    /// The step the recorded run ended after, when it ended without stopping its recorder: written,
    /// not sent, since it may end the process.
    private(set) var endingStep: String?

    init(recording: Recording, fault: RecordingError?, root: Root, checks: TestPlanSource<Root>.Checks) throws
    {
        replay = try Replay(recording, into: root)
        self.fault = fault
        self.checks = checks
    }

    mutating func writeSteps() {
        let start = StateSnapshot(of: replay.root)
        noteDependencies(of: start)
        var before = start
        var isStopped = false
        while !replay.isFinished {
            let recording = replay.recording
            if recording.lastEventEndedItsRun, replay.replayedEventCount == recording.events.count - 1 {
                isStopped = !writeEndingStep(before: before)
                break
            }
            // A step that stops the plan leaves `before` as the state its last written step made.
            guard writeNextStep(before: before) else {
                isStopped = true
                break
            }
            let after = StateSnapshot(of: replay.root)
            noteDependencies(of: after)
            if checks == .afterEachStep { writeChecks(from: before, to: after) }
            before = after
        }
        if checks == .atTheEnd { writeChecks(from: start, to: before) }
        if !isStopped, let fault {
            lines.append("// \(fault): the plan stops here, where the recording stops being replayable")
        }
    }

    /// Writes the event the recorded run ended after, without sending it: in the plan as a comment
    /// naming it, and as the last step of ``endingStep``. False when it cannot be written.
    private mutating func writeEndingStep(before: StateSnapshot) -> Bool {
        guard let step = nextStep(before: before, sending: false) else { return false }
        let send = step.keyPath.map { ".WHEN(\($0), \(step.whenSource))" } ?? ".WHEN(\(step.whenSource))"
        lines.append(
            "// line \(step.event.line): \(step.path) received the recorded run's last event, and the run ended without stopping its recorder: if it ended in an update, it was this one."
        )
        lines.append("// Sent here, it could end this test's process too; the exit test below sends it:")
        lines.append("// \(send)")
        endingStep = send
        return true
    }

    /// Replays the next event and writes it; false when it could not be replayed or written, and
    /// the plan stops there with a comment saying why.
    private mutating func writeNextStep(before: StateSnapshot) -> Bool {
        let thrown = ThrownErrors()
        let watching = InstrumentHooks.updateFailures.add { _, error in thrown.errors.append(error) }
        defer { watching.remove() }
        guard let step = nextStep(before: before, sending: true) else { return false }
        let (event, path, keyPath, whenSource) = step
        if let error = thrown.errors.first {
            lines.append(
                "// line \(event.line): here \(path)'s update threw \(type(of: error)), as it did in the recorded session"
            )
            let send =
                keyPath.map { ".WITH(\($0)) { try $0.WHEN_Throws(\(whenSource)) }" }
                ?? ".WHEN_Throws(\(whenSource))"
            lines.append(send)
            sentSteps.append(send)
        } else {
            let delivered = event.deliveringEffect.map { ", delivered by \($0)" } ?? ""
            lines.append("// line \(event.line): \(path)\(delivered)")
            let send = keyPath.map { ".WHEN(\($0), \(whenSource))" } ?? ".WHEN(\(whenSource))"
            lines.append(send)
            sentSteps.append(send)
        }
        return true
    }

    /// Replays the next event (sent or not) and gives what its step is written from; nil, with a
    /// comment saying why, when it cannot be replayed or written as source.
    private mutating func nextStep(
        before: StateSnapshot, sending: Bool
    ) -> (event: RecordedEvent, path: String, keyPath: String?, whenSource: String)? {
        var sent: (scope: any Scope, when: any Sendable)?
        let event: RecordedEvent
        do {
            guard let stepped = try replay.step(observing: { sent = ($0, $1) }, sending: sending) else {
                return nil
            }
            event = stepped
        } catch {
            lines.append("// \(error): the plan stops here, before this event")
            return nil
        }
        let rootName = "\(type(of: replay.root))"
        let path = ([rootName] + event.path).joined(separator: ".")
        guard let sent else { return nil }
        let expression = SwiftValueSource.expression(for: sent.when)
        guard case .source(let whenSource) = expression else {
            if case .unwritable(let reason) = expression {
                lines.append(
                    "// line \(event.line): the event sent to \(path) cannot be written as Swift source (\(reason)): the plan stops here"
                )
            }
            return nil
        }
        usesDecoding = usesDecoding || whenSource.contains("\(SwiftValueSource.decodingFunction)(")
        return (event, path, scopeKeyPath(path: path, names: event.path, in: before), whenSource)
    }

    /// `\.counter`, `\.liveCount?.detail`; nil for the root itself.
    private func scopeKeyPath(path: String, names: [String], in snapshot: StateSnapshot) -> String? {
        guard !names.isEmpty else { return nil }
        var prefix = snapshot.scope(at: path)?.prefix ?? names.map { "." + $0 }.joined()
        if prefix.hasSuffix("?") { prefix.removeLast() }
        return "\\" + prefix
    }

    /// Notes each dependency a scope reads (`@Injected`): the plan runs no effect, but an update
    /// that reads one needs it injected.
    private mutating func noteDependencies(of snapshot: StateSnapshot) {
        for scope in snapshot.scopes {
            for name in scope.injected {
                let comment =
                    "// \(scope.typeName) reads the dependency `\(name)` (@Injected): inject it with .injecting(_:) if an update reads it"
                if !dependencies.contains(comment) { dependencies.append(comment) }
            }
        }
    }

    private mutating func writeChecks(from before: StateSnapshot, to after: StateSnapshot) {
        for scope in after.scopes {
            let earlier = before.scope(at: scope.path).flatMap { $0.object == scope.object ? $0 : nil }
            for holder in scope.holders {
                let old = earlier?.holders.first { $0.name == holder.name }
                guard old?.count != holder.count else { continue }
                let keyPath = "\\\(scope.prefix).\(holder.name)"
                if holder.isOptional {
                    lines.append(holder.count == 0 ? ".THEN_Nil(\(keyPath))" : ".THEN_NotNil(\(keyPath))")
                } else {
                    lines.append(".THEN(\(keyPath).count, equals: \(holder.count))")
                }
            }
            for property in scope.properties {
                let old = earlier?.properties.first { $0.name == property.name }
                guard old?.fingerprint != property.fingerprint else { continue }
                writeCheck(of: property, in: scope)
            }
        }
    }

    private mutating func writeCheck(of property: StateSnapshot.Property, in scope: StateSnapshot.ScopeState)
    {
        let name = "\(scope.path).\(property.name)"
        let keyPath = "\\\(scope.prefix).\(property.name)"
        if let reason = property.uncheckable {
            lines.append("// \(name) changed: not checked, since it is \(reason)")
            return
        }
        if property.value is any SensitiveValue {
            lines.append("// \(name) changed: it is sensitive, so the plan does not write it")
            return
        }
        guard SwiftValueSource.isEquatable(property.value) else {
            lines.append(
                "// \(name) changed: \(type(of: property.value)) is not Equatable; check it with THEN(\(keyPath)) { ... }"
            )
            return
        }
        let mirror = Mirror(reflecting: property.value)
        if mirror.displayStyle == .optional, mirror.children.isEmpty {
            lines.append(".THEN_Nil(\(keyPath))")
            return
        }
        switch SwiftValueSource.expression(for: property.value) {
        case .source(let text) where SwiftValueSource.spellsNaN(text):
            lines.append("// \(name) changed to NaN, which equals nothing, not even itself: not checked")
        case .source(let text):
            usesDecoding = usesDecoding || text.contains("\(SwiftValueSource.decodingFunction)(")
            lines.append(".THEN(\(keyPath), equals: \(text))")
        case .unwritable(let reason):
            lines.append("// \(name) changed: \(reason)")
        }
    }

    /// The whole file: a header comment, the imports, the test, and the decoding function if the
    /// plan uses it.
    func file(testName: String, rootTypeName: String, rootInitializer: String, imports: [String]) -> String {
        let count = replay.recording.events.count
        var text = """
            // swift-format-ignore-file
            // A test plan of a session of \(rootTypeName), written by TestPlanSource from its recording \
            (\(count) event\(count == 1 ? "" : "s")).
            // Each completion is sent as the event its effect delivered, as the recording holds it; the
            // effects stay pending, since a plan runs none, so the plan is not strict about effects.


            """
        var modules = Set(["Statoscope", "StatoscopeTesting", "Testing"] + imports)
        if usesDecoding { modules.insert("Foundation") }
        text += modules.sorted().map { "import \($0)\n" }.joined()
        text += """

            @Test func \(testName)() throws {
                try \(rootTypeName).GIVEN { \(rootInitializer) }
                    .strictEffects(false)
                    .strictState(false)

            """
        for line in dependencies + lines {
            text += "        \(line)\n"
        }
        text += "        .runTest()\n}\n"
        if let endingStep {
            // Exit tests run on the platforms that start processes; the test sends the steps again,
            // without the checks, in a process of its own.
            text += """

                #if os(macOS) || os(Linux) || os(Windows)
                /// The recorded run ended after its last event, without stopping its recorder: this
                /// test checks that sending it ends the process, in a process of its own.
                @Test func \(testName)EndsTheProcess() async {
                    await #expect(processExitsWith: .failure) {
                        try await MainActor.run {
                            try \(rootTypeName).GIVEN { \(rootInitializer) }
                                .strictEffects(false)
                                .strictState(false)

                """
            for line in sentSteps + [endingStep] {
                text += "                \(line)\n"
            }
            text += "                .runTest()\n        }\n    }\n}\n#endif\n"
        }
        if usesDecoding {
            text += """

                /// A value as the recording holds it, decoded as the type the plan expects there.
                private func \(SwiftValueSource.decodingFunction)<Value: Decodable>(_ json: String) throws -> Value {
                    let decoder = JSONDecoder()
                    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
                    return try decoder.decode(Value.self, from: Data(json.utf8))
                }

                """
        }
        return text
    }
}

/// The errors updates threw during one step, as the dispatcher tells them.
@MainActor
private final class ThrownErrors {
    var errors: [any Error] = []
}
