import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A dependency with only a live value: plans must provide it.
struct Pantry: Injectable, Equatable {
    var shelf: String
    static var defaultValue: Pantry { Pantry(shelf: "live") }
}

/// A dependency that declares a test value.
struct Weather: Injectable, Equatable {
    var sky: String
    static var defaultValue: Weather { Weather(sky: "live") }
    static var testValue: Weather { Weather(sky: "test") }
    static var previewValue: Weather { Weather(sky: "preview") }
}

/// A dependency that declares a preview value only: tests read it too.
struct Swatch: Injectable, Equatable {
    var colour: String
    static var defaultValue: Swatch { Swatch(colour: "live") }
    static var previewValue: Swatch { Swatch(colour: "preview") }
}

/// A dependency whose type says tests may read its live value.
struct Ruler: Injectable, Equatable {
    var unit: String
    static var defaultValue: Ruler { Ruler(unit: "live") }
    static var isProvidedByTests: Bool { true }
}

/// Reads its dependencies in `update`.
final class Larder: Scope {
    @Injected var pantry: Pantry
    @Injected var weather: Weather
    @Injected var palette: Swatch
    @Injected var ruler: Ruler
    @Injected var clock: EffectClock
    var seen = ""

    enum When {
        case readsPantry
        case readsTheOthers
        case startsStocktake
        case counted(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .readsPantry:
            seen = pantry.shelf
        case .readsTheOthers:
            _ = clock
            seen = "\(weather.sky) \(palette.colour) \(ruler.unit)"
        case .startsStocktake:
            effectsState.enqueue(Stocktake().map(When.counted))
        case .counted(let shelf):
            seen = shelf
        }
    }
}

/// Reads the pantry when it runs.
struct Stocktake: Effect, Equatable {
    @Injected var pantry: Pantry
    func runEffect() async throws -> String { pantry.shelf }
}

/// A root holding the larder, so that failures name a path below the root.
final class Kitchen: Scope {
    @Subscope var larder = Larder()

    enum When { case opened }

    func update(_ when: When) throws {}
}

@Suite struct TestDependenciesTests {
    @Test func aPlanThatReadsADependencyItDoesNotProvideFailsAtThatStep() throws {
        let plan = try Kitchen.GIVEN { Kitchen() }
        let readLine: UInt = #line + 1
        _ = try plan.WHEN(\.larder, .readsPantry)
        let failures = try capturingFailures {
            try plan.THEN(\.larder.seen, equals: "never checked").runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(failures.map(\.location.line) == [readLine])
        #expect(
            failures.first?.message == """
                WHEN(.readsPantry) on Kitchen.larder: Larder at Kitchen.larder read @Injected Pantry, which the \
                plan does not provide: nothing overrides it and Pantry declares no testValue, so the step read \
                its live value
                expected: Pantry injected (.injecting(_:), or inject in GIVEN's builder), a testValue declared \
                on Pantry, or .allowingLiveDependencies(Pantry.self)
                actual: the live Pantry.defaultValue
                """, "\(failures.first?.message ?? "no failure")")
    }

    @Test func anOverrideATestValueAPreviewValueOrAProvidedTypeIsRead() throws {
        let failures = try capturingFailures {
            try Kitchen.GIVEN { Kitchen() }
                .injecting(Pantry(shelf: "injected"))
                .WHEN(\.larder, .readsPantry)
                .THEN(\.larder.seen, equals: "injected")
                .WHEN(\.larder, .readsTheOthers)
                .THEN(\.larder.seen, equals: "test preview live")
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aPlanCanAllowOneTypeOrEveryTypeLive() throws {
        let failures = try capturingFailures {
            try Kitchen.GIVEN { Kitchen() }
                .allowingLiveDependencies(Pantry.self)
                .WHEN(\.larder, .readsPantry)
                .THEN(\.larder.seen, equals: "live")
                .runTest()
            try Kitchen.GIVEN { Kitchen() }
                .allowingEveryLiveDependency()
                .WHEN(\.larder, .readsPantry)
                .THEN(\.larder.seen, equals: "live")
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func everyForkIsHeldToTheSameRule() throws {
        let plan = try Larder.GIVEN { Larder() }
            .WHEN(.readsTheOthers)
        let forkLine: UInt = #line + 1
        _ = try plan.FORK(.readsPantry) { $0 }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(failures.map(\.location.line) == [forkLine])
    }

    @Test func anEffectsReadIsNotMadeInAPlan() throws {
        let failures = try capturingFailures {
            try Kitchen.GIVEN { Kitchen() }
                .WHEN(\.larder, .startsStocktake)
                .WITH(\.larder) { try $0.THEN_Enqueued(Stocktake()) }
                .WITH(\.larder) { try $0.WHEN_EffectCompletes(Stocktake.self, with: "counted") }
                .THEN(\.larder.seen, equals: "counted")
                .runTest()
        }
        #expect(failures == [])
    }

    @Test @MainActor func aPreviewContextReadsPreviewValuesAndALiveTreeLiveOnes() {
        let live = Kitchen()
        live.larder.send(.readsTheOthers)
        #expect(live.larder.seen == "live live live")
        let preview = Kitchen()
        preview.useDependencies(.preview)
        preview.larder.send(.readsTheOthers)
        #expect(preview.larder.seen == "preview preview live")
        preview.useDependencies(.live)
        preview.larder.send(.readsTheOthers)
        #expect(preview.larder.seen == "live live live")
    }

    @Test @MainActor func aLiveTestThatOptsInFailsOnAScopesRead() {
        let kitchen = Kitchen()
        let optInLine: UInt = #line + 1
        kitchen.requireTestDependencies()
        let failures = capturingFailures {
            kitchen.larder.send(.readsPantry)
            kitchen.larder.send(.readsTheOthers)
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(failures.map(\.location.line) == [optInLine])
        #expect(
            failures.first?.message.hasPrefix(
                "Larder at Kitchen.larder read @Injected Pantry, which the test does not provide") == true,
            "\(failures.first?.message ?? "no failure")")
        #expect(kitchen.larder.seen == "test preview live")
    }

    @Test @MainActor func aLiveTestThatOptsInFailsOnAnEffectsReadAndMayAllowATypeLive() async {
        let kitchen = Kitchen()
        let failures = await capturingFailuresAsync {
            kitchen.requireTestDependencies()
            kitchen.larder.send(.startsStocktake)
            await waitUntil("the stocktake is counted") { kitchen.larder.seen == "live" }
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(
            failures.first?.message.hasPrefix(
                "an effect of Kitchen.larder read @Injected Pantry, which the test does not provide") == true,
            "\(failures.first?.message ?? "no failure")")

        let allowed = Kitchen()
        let none = await capturingFailuresAsync {
            allowed.requireTestDependencies(allowingLive: Pantry.self)
            allowed.larder.send(.startsStocktake)
            allowed.larder.send(.readsPantry)
            await waitUntil("the stocktake is counted") { allowed.larder.seen == "live" }
        }
        #expect(none == [])
    }

    @Test func theDeclaredValuesFollowTheOrderTheDocsGive() {
        #expect(Weather.testValue == Weather(sky: "test"))
        #expect(Swatch.testValue == Swatch(colour: "preview"))
        #expect(Pantry.testValue == Pantry(shelf: "live"))
        #expect(Pantry.previewValue == Pantry(shelf: "live"))
        #expect(!Pantry.isProvidedByTests)
        #expect(EffectClock.isProvidedByTests)
    }
}
