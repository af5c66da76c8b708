import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// What *Injecting dependencies* and *Writing test plans* promise of a context set on the same scope as
// a test's: set two and three times in every order, by a live test and by a plan's builder or steps,
// before a FORK, with `requireTestDependencies()` called twice, and read by effects; and a protocol
// missing from a scope the step does not address.

struct RootSky: Injectable {
    var name: String
    static var defaultValue: RootSky { RootSky(name: "live") }
    static var testValue: RootSky { RootSky(name: "test") }
    static var previewValue: RootSky { RootSky(name: "preview") }
}

struct RootTiles: Injectable {
    var name: String
    static var defaultValue: RootTiles { RootTiles(name: "live") }
    static var previewValue: RootTiles { RootTiles(name: "preview") }
}

struct RootLiveOnly: Injectable {
    var name: String
    static var defaultValue: RootLiveOnly { RootLiveOnly(name: "live") }
}

/// Reads the live-only dependency from an effect.
struct ReadRootLiveOnly: Effect, Equatable {
    @Injected var liveOnly: RootLiveOnly
    @Injected var sky: RootSky
    func runEffect() async throws -> String { "\(sky.name) \(liveOnly.name)" }
}

protocol Radio: Sendable {
    var band: String { get }
}

struct FakeRadio: Radio {
    var band: String
}

@MainActor
final class RadioReader: Scope {
    @Injected var radio: any Radio
    var heard = ""
    enum When: Sendable { case listen }
    func update(_ when: When) throws { heard = radio.band }
}

@MainActor
final class RootSkyReader: Scope {
    @Injected var sky: RootSky
    @Injected var tiles: RootTiles
    @Injected var liveOnly: RootLiveOnly
    @Subscope var child: RootSkyReader? = nil
    @Subscope var radio: RadioReader? = nil
    var seen = ""
    var looked = ""
    var tapped = 0

    enum When: Sendable {
        case read
        case readLiveOnly
        case present
        case use(DependencyContext)
        case lookUp
        case looked(String)
        case tap
        case addRadio
    }

    func update(_ when: When) throws {
        switch when {
        case .read: seen = "\(sky.name) \(tiles.name)"
        case .readLiveOnly: seen = liveOnly.name
        case .present: child = RootSkyReader()
        case .use(let context): useDependencies(context)
        case .lookUp: effectsState.enqueue(ReadRootLiveOnly().map(When.looked))
        case .looked(let text): looked = text
        case .tap: tapped += 1
        case .addRadio: radio = RadioReader()
        }
    }
}

@MainActor
func liveTestReadsAProtocolNothingProvides() {
    let failures = capturingFailures {
        let reader = RadioReader()
        reader.requireTestDependencies()
        reader.useDependencies(.preview)
        reader.send(.listen)
    }
    print("the read went on: \(failures.map(\.message))")
}

/// One way of setting the root's context in a live test.
enum ContextSetting: Sendable, CustomStringConvertible {
    case test
    case live
    case preview

    @MainActor func apply(to scope: RootSkyReader) {
        switch self {
        case .test: scope.requireTestDependencies()
        case .live: scope.useDependencies(.live)
        case .preview: scope.useDependencies(.preview)
        }
    }

    var description: String {
        switch self {
        case .test: "requireTestDependencies()"
        case .live: ".live"
        case .preview: ".preview"
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct TestDependencyContextOrderTests {
    nonisolated static let orders: [[ContextSetting]] = [
        [.test, .live, .preview], [.test, .preview, .live], [.live, .test, .preview],
        [.live, .preview, .test], [.preview, .test, .live], [.preview, .live, .test],
        [.test, .live], [.live, .test], [.test, .preview, .live, .preview],
    ]

    @Test(arguments: orders)
    func contextsSetOnALiveTestsRootInAnyOrderNeverReadALiveValueUnawares(order: [ContextSetting]) async {
        var seen = ""
        let failures = await capturingFailuresAsync {
            let reader = RootSkyReader()
            for setting in order { setting.apply(to: reader) }
            reader.send(.read)
            seen = reader.seen
            reader.send(.readLiveOnly)
        }
        #expect(!seen.contains("live"), "\(order): \(seen)")
        if order.last(where: { $0 != .test }) == .preview {
            #expect(
                seen == "preview preview", "\(order): the last context set, .preview, reads preview values")
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(order): \(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("RootLiveOnly"), "\(message)")
        #expect(message.contains("declares no testValue"), "\(message)")
    }

    @Test func anEffectOfALiveTestWhoseRootIsThenSetToLiveStillFailsOnALiveOnlyRead() async {
        var looked = ""
        let failures = await capturingFailuresAsync {
            let reader = RootSkyReader()
            reader.requireTestDependencies()
            reader.useDependencies(.live)
            reader.send(.lookUp)
            await waitUntil("the look-up ends", within: testPatience) { reader.looked != "" }
            looked = reader.looked
        }
        #expect(!looked.hasPrefix("live"), "\(looked)")
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("RootLiveOnly") == true, "\(failures.map(\.message))")
    }

    @Test func anEffectOfALiveTestSetToPreviewBeforeItOptsInReadsPreviewValues() async {
        var looked = ""
        let failures = await capturingFailuresAsync {
            let reader = RootSkyReader()
            reader.useDependencies(.preview)
            reader.requireTestDependencies()
            reader.send(.lookUp)
            await waitUntil("the look-up ends", within: testPatience) { reader.looked != "" }
            looked = reader.looked
        }
        #expect(looked == "preview live", "\(looked)")
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
    }

    @Test func requiringTestDependenciesTwiceReportsAReadOnce() async {
        let failures = await capturingFailuresAsync {
            let reader = RootSkyReader()
            reader.requireTestDependencies()
            reader.requireTestDependencies()
            reader.send(.readLiveOnly)
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
    }

    @Test func aChildSetToLiveThenPreviewThenLiveBelowALiveTestNamesItsContext() async throws {
        var seen = ""
        let failures = await capturingFailuresAsync {
            let reader = RootSkyReader()
            reader.requireTestDependencies()
            reader.send(.present)
            let child = reader.child
            child?.useDependencies(.live)
            child?.useDependencies(.preview)
            child?.useDependencies(.live)
            child?.send(.read)
            seen = child?.seen ?? ""
            child?.send(.readLiveOnly)
        }
        #expect(seen == "test preview", "\(seen)")
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("RootSkyReader.child"), "\(message)")
        #expect(message.contains("which a test does not honour"), "\(message)")
    }

    // MARK: - Plans

    @Test func aPlanRootSetToLiveThenPreviewInTheBuilderReadsPreviewValues() throws {
        let failures = try capturingFailures {
            try RootSkyReader.GIVEN {
                let reader = RootSkyReader()
                reader.useDependencies(.live)
                reader.useDependencies(.preview)
                return reader
            }
            .WHEN(.read)
            .THEN(\.seen, equals: "preview preview")
            .WHEN(.readLiveOnly)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("WHEN(.readLiveOnly)"), "\(message)")
        #expect(message.contains("its subtree is set to .preview"), "\(message)")
    }

    @Test func aPlanRootSetToPreviewThenLiveInTheBuilderIsNotReadLive() throws {
        let failures = try capturingFailures {
            try RootSkyReader.GIVEN {
                let reader = RootSkyReader()
                reader.useDependencies(.preview)
                reader.useDependencies(.live)
                return reader
            }
            .WHEN(.read)
            .THEN(\.seen, equals: "test preview")
            .WHEN(.readLiveOnly)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("which a test does not honour"), "\(message)")
    }

    @Test func aForkAfterAStepSetsTheRootToLiveNeverReadsALiveValue() throws {
        let failures = try capturingFailures {
            try RootSkyReader.GIVEN { RootSkyReader() }
                .WHEN(.use(.live))
                .FORK(.read) { branch in
                    try branch.THEN(\.seen) { seen in
                        guard !seen.contains("live") else { throw CheckFailure("read live: \(seen)") }
                    }
                }
                .FORK(.readLiveOnly) { branch in branch }
                .WHEN(.use(.preview))
                .FORK(.read) { branch in try branch.THEN(\.seen, equals: "preview preview") }
                .WHEN(.use(.live))
                .WHEN(.read)
                .THEN(\.seen, equals: "test preview")
                .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("RootLiveOnly") == true, "\(failures.map(\.message))")
    }

    @Test func aForkOfAPlanWhoseChildAStepSetToLiveFailsOnALiveOnlyRead() throws {
        let failures = try capturingFailures {
            try RootSkyReader.GIVEN { RootSkyReader() }
                .WHEN(.present)
                .WHEN(\.child, .use(.live))
                .FORK(.tap) { branch in try branch.WHEN(\.child, .readLiveOnly) }
                .WHEN(\.child, .read)
                .THEN(\.child?.seen, equals: "test preview")
                .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("RootSkyReader.child"), "\(message)")
    }

    // A plan's builder that also opts in, as a live test does, on the root the plan sets to test
    // values: one read the plan does not provide is one failure, of the step that made it.
    @Test func aPlanWhoseBuilderAlsoRequiresTestDependenciesReportsAReadOnceAtTheStep() throws {
        let failures = try capturingFailures {
            try RootSkyReader.GIVEN {
                let reader = RootSkyReader()
                reader.requireTestDependencies()
                reader.useDependencies(.live)
                return reader
            }
            .WHEN(.read)
            .THEN(\.seen, equals: "test preview")
            .WHEN(.readLiveOnly)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        let message = failures.first?.message ?? ""
        #expect(message.contains("WHEN(.readLiveOnly)"), "\(message)")
    }

    // "before each step that sends an event, the plan checks that every scope of its tree has the
    // protocol dependencies it declares": a step addressed to another scope fails too, and names the
    // scope that lacks it.
    @Test func aProtocolMissingInAScopeTheStepDoesNotAddressFailsTheStepNamingThatScope() throws {
        for context in [DependencyContext.live, .preview] {
            let failures = try capturingFailures {
                try RootSkyReader.GIVEN {
                    let reader = RootSkyReader()
                    reader.useDependencies(context)
                    return reader
                }
                .WHEN(.addRadio)
                .WHEN(.tap)
                .THEN(\.tapped, equals: 1)
                .runTest()
            }
            #expect(failures.map(\.kind) == [.missingDependency], "\(context): \(failures.map(\.message))")
            let message = failures.first?.message ?? ""
            #expect(message.contains("any Radio"), "\(message)")
            #expect(message.contains("RootSkyReader.radio"), "\(message)")
            #expect(message.contains("tap"), "\(message)")
        }
    }

    // "A scope's read then reports a MissingDependencyError … and stops the program with the same
    // message": a live test opted in to test dependencies has no step to fail.
    @Test func aLiveTestsScopeReadOfAProtocolNothingProvidesStopsTheProcessWithTheMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            await MainActor.run { liveTestReadsAProtocolNothingProvides() }
        }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(!output.contains("the read went on"), "\(output)")
        #expect(errors.contains("@Injected any Radio"), "\(errors)")
        #expect(errors.contains("RadioReader"), "\(errors)")
    }

    @Test func aProtocolInjectedInTheBuilderOfAPreviewRootIsReadWithoutFailing() throws {
        let failures = try capturingFailures {
            try RootSkyReader.GIVEN {
                let reader = RootSkyReader()
                reader.useDependencies(.preview)
                reader.inject(FakeRadio(band: "fm"), as: (any Radio).self)
                return reader
            }
            .WHEN(.addRadio)
            .WHEN(\.radio, .listen)
            .THEN(\.radio?.heard, equals: "fm")
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
