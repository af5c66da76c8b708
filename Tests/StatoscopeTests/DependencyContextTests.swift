import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A dependency with a live, a test and a preview value.
struct ContextWeather: Injectable {
    var sky: String
    static var defaultValue: ContextWeather { ContextWeather(sky: "live") }
    static var testValue: ContextWeather { ContextWeather(sky: "test") }
    static var previewValue: ContextWeather { ContextWeather(sky: "preview") }
}

/// A dependency with a live and a preview value.
struct ContextAtlas: Injectable {
    var tiles: String
    static var defaultValue: ContextAtlas { ContextAtlas(tiles: "live") }
    static var previewValue: ContextAtlas { ContextAtlas(tiles: "preview") }
}

/// A dependency with a live value only.
struct ContextDialer: Injectable {
    var line: String
    static var defaultValue: ContextDialer { ContextDialer(line: "live") }
}

/// Reads the weather from an effect.
struct ContextLookUp: Effect, Equatable {
    @Injected var weather: ContextWeather
    @Injected var atlas: ContextAtlas
    func runEffect() async throws -> String { "\(weather.sky) \(atlas.tiles)" }
}

/// Reads three dependencies, and may hold a child that does the same.
@MainActor
final class ContextReader: Scope {
    @Injected var weather: ContextWeather
    @Injected var atlas: ContextAtlas
    @Injected var dialer: ContextDialer
    @Subscope var child: ContextReader? = nil
    var seen = ""
    var looked = ""

    enum When: Sendable {
        case read
        case lookUp
        case looked(String)
        case present
    }

    func update(_ when: When) throws {
        switch when {
        case .read: seen = "\(weather.sky) \(atlas.tiles) \(dialer.line)"
        case .lookUp: effectsState.enqueue(ContextLookUp().map(When.looked))
        case .looked(let text): looked = text
        case .present: child = ContextReader()
        }
    }
}

/// The live and preview dependency contexts set at several levels of a live tree: the lowest wins, an
/// injection wins over it, a context set after a read changes the next read, and an effect reads the
/// values of its subtree's context.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct DependencyContextTests {
    @Test func aPreviewRootReadsPreviewValuesElseTheLiveOnes() {
        let root = ContextReader()
        root.useDependencies(.preview)
        root.send(.read)
        #expect(root.seen == "preview preview live")
    }

    @Test func aContextSetLowerInTheTreeWinsOutsideTests() throws {
        let root = ContextReader()
        root.useDependencies(.preview)
        root.send(.present)
        let child = try #require(root.child)
        child.useDependencies(.live)
        child.send(.present)
        let grandchild = try #require(child.child)
        grandchild.useDependencies(.preview)
        child.send(.read)
        grandchild.send(.read)
        #expect(child.seen == "live live live")
        #expect(grandchild.seen == "preview preview live")
    }

    @Test func anInjectionWinsOverTheContext() {
        let root = ContextReader()
        root.useDependencies(.preview)
        root.inject(ContextWeather(sky: "injected"))
        root.send(.present)
        root.child?.send(.read)
        #expect(root.child?.seen == "injected preview live")
    }

    @Test func aContextSetAfterAReadChangesTheNextRead() {
        let root = ContextReader()
        root.send(.read)
        #expect(root.seen == "live live live")
        root.useDependencies(.preview)
        root.send(.read)
        #expect(root.seen == "preview preview live", "the cached answer outlived the context change")
    }

    @Test func anEffectInAPreviewSubtreeReadsThePreviewValues() async {
        let root = ContextReader()
        root.send(.present)
        root.child?.useDependencies(.preview)
        root.child?.send(.lookUp)
        root.send(.lookUp)
        await waitUntil("both look-ups end", within: testPatience) {
            root.looked != "" && root.child?.looked != ""
        }
        #expect(root.looked == "live live")
        #expect(root.child?.looked == "preview preview")
    }
}

/// The context a launcher names in the app's environment, as UI tests launch an app.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct LaunchedDependencyContextTests {
    @Test func anUnsetOrEmptyOrLiveVariableIsTheLiveContext() throws {
        for environment in [[:], ["STATOSCOPE_DEPENDENCIES": ""], ["STATOSCOPE_DEPENDENCIES": "live"]] {
            let root = ContextReader()
            root.useDependencies(try .launched(environment: environment))
            root.send(.read)
            #expect(root.seen == "live live live", "\(environment)")
        }
    }

    @Test func aLaunchInThePreviewContextReadsPreviewValues() throws {
        let root = ContextReader()
        root.useDependencies(try .launched(environment: ["STATOSCOPE_DEPENDENCIES": "preview"]))
        root.send(.read)
        #expect(root.seen == "preview preview live")
    }

    @Test func aLaunchInTheTestContextReadsTestValuesAndLogsEachLiveReadOnce() async throws {
        let log = CapturedLog()
        try await withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            let root = ContextReader()
            root.useDependencies(try .launched(environment: ["STATOSCOPE_DEPENDENCIES": "test"]))
            root.send(.read)
            root.send(.read)
            #expect(root.seen == "test preview live")
            await waitUntil("the live read is logged") { !log.lines.isEmpty }
            await mainActorBarrier()
        }
        #expect(
            log.lines == [
                "error launched with STATOSCOPE_DEPENDENCIES=test, but ContextDialer declares no testValue: "
                    + "ContextReader at ContextReader read @Injected ContextDialer and got its live value"
            ])
    }

    @Test func anUnknownContextIsAnErrorNamingTheVariableAndItsValues() {
        #expect {
            try DependencyContext.launched(environment: ["STATOSCOPE_DEPENDENCIES": "staging"])
        } throws: { error in
            "\(error)" == #"STATOSCOPE_DEPENDENCIES is "staging": it takes live, preview or test"#
        }
    }
}
