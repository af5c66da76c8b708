import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A dependency with a live value only.
struct LiveOnlyVault: Injectable {
    var secret: String
    static var defaultValue: LiveOnlyVault { LiveOnlyVault(secret: "live") }
}

/// A dependency with a test value.
struct Forecast: Injectable {
    var sky: String
    static var defaultValue: Forecast { Forecast(sky: "live") }
    static var testValue: Forecast { Forecast(sky: "test") }
}

/// Reads its dependencies while it is made.
@MainActor
final class EagerReader: Scope {
    @Injected var vault: LiveOnlyVault
    @Injected var forecast: Forecast
    var seenAtInit: String
    init() {
        seenAtInit = ""
        seenAtInit = "\(vault.secret) \(forecast.sky)"
    }
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Reads the live-only dependency in its update.
@MainActor
final class VaultReader: Scope {
    @Injected var vault: LiveOnlyVault
    var seen = ""
    enum When: Sendable { case read }
    func update(_ when: When) throws { seen = vault.secret }
}

@MainActor
final class VaultParent: Scope {
    @Subscope var child = VaultReader()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

final class SeenText: @unchecked Sendable {
    var value = ""
}

/// The dependencies' contexts inside a plan.
struct PlanSky: Injectable {
    var name: String
    static var defaultValue: PlanSky { PlanSky(name: "live") }
    static var testValue: PlanSky { PlanSky(name: "test") }
    static var previewValue: PlanSky { PlanSky(name: "preview") }
}

struct PlanTiles: Injectable {
    var name: String
    static var defaultValue: PlanTiles { PlanTiles(name: "live") }
    static var previewValue: PlanTiles { PlanTiles(name: "preview") }
}

struct PlanBuzzer: Injectable {
    var name: String
    static var defaultValue: PlanBuzzer { PlanBuzzer(name: "live") }
    static var isProvidedByTests: Bool { true }
}

struct PlanLiveOnly: Injectable {
    var name: String
    static var defaultValue: PlanLiveOnly { PlanLiveOnly(name: "live") }
}

@MainActor
final class PlanSkyReader: Scope {
    @Injected var sky: PlanSky
    @Injected var tiles: PlanTiles
    @Injected var buzzer: PlanBuzzer
    @Injected var liveOnly: PlanLiveOnly
    @Subscope var child: PlanSkyReader? = nil
    var seen = ""

    enum When: Sendable {
        case read
        case readLiveOnly
        case present
    }

    func update(_ when: When) throws {
        switch when {
        case .read: seen = "\(sky.name) \(tiles.name) \(buzzer.name)"
        case .readLiveOnly: seen = liveOnly.name
        case .present: child = PlanSkyReader()
        }
    }
}

/// Dependency contexts set on a subtree inside a plan, or inside a live test that requires test
/// dependencies: a preview subtree reads preview values, a type provided by tests its live value, and
/// a live-only type fails in every context, naming it; a dependency read while `GIVEN` builds the
/// scope is never its live value unawares.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct TestDependencyContextSubtreeTests {
    @Test func aDependencyReadWhileGivenBuildsTheScopeIsNotItsLiveValueUnawares() throws {
        let seen = SeenText()
        let failures = try capturingFailures {
            try EagerReader.GIVEN { EagerReader() }
                .THEN(\.seenAtInit) { seen.value = $0 }
                .runTest()
        }
        #expect(
            !seen.value.contains("live") || failures.contains { $0.kind == .missingDependency },
            "the builder read \"\(seen.value)\" and the plan did not fail: \(failures.map(\.message))")
    }

    @Test func aSubtreeSetToPreviewOrLiveInsideAPlanStillFailsOnALiveRead() throws {
        for context in [DependencyContext.preview, .live] {
            let failures = try capturingFailures {
                try VaultParent.GIVEN {
                    let parent = VaultParent()
                    parent.child.useDependencies(context)
                    return parent
                }
                .WHEN(\.child, .read)
                .runTest()
            }
            #expect(
                failures.contains { $0.kind == .missingDependency },
                "\(context): the plan read the live LiveOnlyVault without failing: \(failures.map(\.message))"
            )
        }
    }

    @Test func aLiveTestRequiringTestDependenciesFailsOnALiveRead() async {
        let failures = await capturingFailuresAsync {
            let parent = VaultParent()
            parent.requireTestDependencies()
            parent.child.send(.read)
        }
        #expect(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
    }

    @Test func aLiveTestRequiringTestDependenciesStillFailsOnALiveReadBelowAPreviewSubtree() async {
        let failures = await capturingFailuresAsync {
            let parent = VaultParent()
            parent.requireTestDependencies()
            parent.child.useDependencies(.preview)
            parent.child.send(.read)
        }
        #expect(
            failures.contains { $0.kind == .missingDependency },
            "the live test read the live LiveOnlyVault without failing: \(failures.map(\.message))")
    }

    // MARK: Contexts inside a plan

    @Test func aPreviewSubtreeInAPlanReadsPreviewValuesAndATypeProvidedByTestsLive() throws {
        let failures = try capturingFailures {
            try PlanSkyReader.GIVEN {
                let reader = PlanSkyReader()
                reader.useDependencies(.preview)
                return reader
            }
            .WHEN(.read)
            .THEN(\.seen, equals: "preview preview live")
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aPreviewSubtreeBelowTheRootInAPlanReadsPreviewValuesAndATypeProvidedByTestsLive() throws {
        let failures = try capturingFailures {
            try PlanSkyReader.GIVEN {
                let reader = PlanSkyReader()
                reader.child = PlanSkyReader()
                reader.child?.useDependencies(.preview)
                return reader
            }
            .WHEN(\.child, .read)
            .THEN(\.child?.seen, equals: "preview preview live")
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aLiveSubtreeBelowAPreviewOneInAPlanNeverReadsALiveValueUnawares() throws {
        let failures = try capturingFailures {
            try PlanSkyReader.GIVEN {
                let reader = PlanSkyReader()
                reader.useDependencies(.preview)
                reader.child = PlanSkyReader()
                reader.child?.useDependencies(.live)
                return reader
            }
            .WHEN(\.child, .read)
            .THEN(\.child?.seen) { seen in
                guard !(seen ?? "").hasPrefix("live"), !(seen ?? "").contains(" live ") else {
                    throw CheckFailure("a .live subtree read a live value in a plan: \(seen ?? "nil")")
                }
            }
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aLiveOnlyTypeFailsInEveryContextOfAPlanNamingTheContext() throws {
        for (context, name) in [(DependencyContext.preview, ".preview"), (.live, ".live")] {
            let failures = try capturingFailures {
                try PlanSkyReader.GIVEN {
                    let reader = PlanSkyReader()
                    reader.child = PlanSkyReader()
                    reader.child?.useDependencies(context)
                    return reader
                }
                .WHEN(\.child, .readLiveOnly)
                .runTest()
            }
            #expect(failures.map(\.kind) == [.missingDependency], "\(context): \(failures.map(\.message))")
            let message = failures.first?.message ?? ""
            #expect(message.contains("PlanLiveOnly"), "\(message)")
            #expect(message.contains("PlanSkyReader.child"), "\(message)")
            #expect(message.contains("its subtree is set to \(name)"), "\(message)")
        }
    }

    @Test func aForkReadsTheSameContextsAsItsLine() throws {
        let failures = try capturingFailures {
            try PlanSkyReader.GIVEN {
                let reader = PlanSkyReader()
                reader.useDependencies(.preview)
                return reader
            }
            .WHEN(.present)
            .FORK(.present) { branch in
                try branch.WHEN(\.child, .read).THEN(\.child?.seen, equals: "preview preview live")
            }
            .FORK(.present) { branch in try branch.WHEN(\.child, .readLiveOnly) }
            .runTest()
        }
        #expect(failures.contains { $0.kind == .missingDependency }, "\(failures.map(\.message))")
        #expect(!failures.contains { $0.kind == .wrongValue }, "\(failures.map(\.message))")
    }

    // MARK: Contexts in a live test that requires test dependencies

    @Test func aLiveTestsPreviewSubtreeReadsPreviewValuesAndFailsOnALiveOnlyRead() async {
        let failures = await capturingFailuresAsync {
            let reader = PlanSkyReader()
            reader.requireTestDependencies()
            reader.send(.present)
            reader.child?.useDependencies(.preview)
            reader.child?.send(.read)
            #expect(reader.child?.seen == "preview preview live")
            reader.child?.send(.readLiveOnly)
        }
        #expect(failures.map(\.kind) == [.missingDependency], "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("PlanLiveOnly") == true, "\(failures.map(\.message))")
    }

    @Test func aLiveTestWhoseRootIsThenSetToLiveStillFailsOnALiveOnlyRead() async {
        for context in [DependencyContext.live, .preview] {
            let failures = await capturingFailuresAsync {
                let reader = PlanSkyReader()
                reader.requireTestDependencies()
                reader.useDependencies(context)
                reader.send(.readLiveOnly)
            }
            #expect(
                failures.map(\.kind) == [.missingDependency],
                "\(context): the live test read a live value unawares: \(failures.map(\.message))")
        }
    }
}
