import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// Reads its dependencies while it is made.
final class EagerLarder: Scope {
    @Injected var pantry: Pantry
    @Injected var weather: Weather
    var seenAtInit = ""

    init() {
        seenAtInit = "\(pantry.shelf) \(weather.sky)"
    }

    enum When { case noop }

    func update(_ when: When) throws {}
}

/// A kitchen whose larder is made while the kitchen is.
final class EagerKitchen: Scope {
    @Subscope var larder = EagerLarder()

    enum When { case noop }

    func update(_ when: When) throws {}
}

@Suite struct TestDependencyContextTests {
    @Test func aReadWhileGivenBuildsTheScopeFailsGivenNamingTheTypeAndTheScope() throws {
        let givenLine: UInt = #line + 1
        let plan = try EagerLarder.GIVEN { EagerLarder() }
        let failures = try capturingFailures {
            try plan.THEN(\.seenAtInit, equals: "live test").runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(failures.map(\.location.line) == [givenLine])
        #expect(
            failures.first?.message == """
                GIVEN: EagerLarder at EagerLarder read @Injected Pantry, which the plan does not provide: \
                nothing overrides it and Pantry declares no testValue, so the step read its live value
                expected: Pantry injected (.injecting(_:), or inject in GIVEN's builder), a testValue declared \
                on Pantry, or .allowingLiveDependencies(Pantry.self)
                actual: the live Pantry.defaultValue
                """, "\(failures.first?.message ?? "no failure")")
    }

    @Test func aReadWhileGivenBuildsTheScopeGetsThePlansValuesAndTestValues() throws {
        let failures = try capturingFailures {
            try EagerKitchen.GIVEN { EagerKitchen() }
                .injecting(Pantry(shelf: "injected"))
                .THEN(\.larder.seenAtInit, equals: "injected test")
                .runTest()
            try EagerLarder.GIVEN { EagerLarder() }
                .allowingLiveDependencies(Pantry.self)
                .THEN(\.seenAtInit, equals: "live test")
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aPreviewSubtreeInAPlanReadsPreviewValuesAndFailsOnALiveRead() throws {
        let plan = try Kitchen.GIVEN {
            let kitchen = Kitchen()
            kitchen.larder.useDependencies(.preview)
            return kitchen
        }
        .WHEN(\.larder, .readsTheOthers)
        .THEN(\.larder.seen, equals: "preview preview live")
        let readLine: UInt = #line + 1
        _ = try plan.WHEN(\.larder, .readsPantry)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(failures.map(\.location.line) == [readLine])
        #expect(
            failures.first?.message.hasPrefix(
                """
                WHEN(.readsPantry) on Kitchen.larder: Larder at Kitchen.larder read @Injected Pantry (its \
                subtree is set to .preview and Pantry declares no previewValue), which the plan does not \
                provide
                """) == true, "\(failures.first?.message ?? "no failure")")
    }

    @Test func aLiveSubtreeInAPlanIsNotHonoured() throws {
        let failures = try capturingFailures {
            try Kitchen.GIVEN {
                let kitchen = Kitchen()
                kitchen.larder.useDependencies(.live)
                return kitchen
            }
            .WHEN(\.larder, .readsTheOthers)
            .THEN(\.larder.seen, equals: "test preview live")
            .WHEN(\.larder, .readsPantry)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(
            failures.first?.message.hasPrefix(
                """
                WHEN(.readsPantry) on Kitchen.larder: Larder at Kitchen.larder read @Injected Pantry (its \
                subtree is set to .live, which a test does not honour), which the plan does not provide
                """) == true, "\(failures.first?.message ?? "no failure")")
    }

    @Test @MainActor func aLiveTestRequiringTestDependenciesKeepsItsRuleBelowAPreviewSubtree() {
        let kitchen = Kitchen()
        kitchen.requireTestDependencies()
        kitchen.larder.useDependencies(.preview)
        let failures = capturingFailures {
            kitchen.larder.send(.readsTheOthers)
            kitchen.larder.send(.readsPantry)
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(
            failures.first?.message.hasPrefix(
                """
                Larder at Kitchen.larder read @Injected Pantry (its subtree is set to .preview and Pantry \
                declares no previewValue), which the test does not provide
                """) == true, "\(failures.first?.message ?? "no failure")")
        #expect(kitchen.larder.seen == "live")
    }

    @Test func aPreviewContextOnTheRootGivenBuildsReadsPreviewValuesAndFailsOnALiveRead() throws {
        let failures = try capturingFailures {
            try Larder.GIVEN {
                let larder = Larder()
                larder.useDependencies(.preview)
                return larder
            }
            .WHEN(.readsTheOthers)
            .THEN(\.seen, equals: "preview preview live")
            .WHEN(.readsPantry)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.missingDependency])
        #expect(
            failures.first?.message.hasPrefix(
                """
                WHEN(.readsPantry) on Larder: Larder at Larder read @Injected Pantry (its subtree is set to \
                .preview and Pantry declares no previewValue), which the plan does not provide
                """) == true, "\(failures.first?.message ?? "no failure")")
    }

    @Test @MainActor func aContextAndALiveTestsRuleSetOnOneScopeBothApplyInEitherOrder() {
        for previewFirst in [true, false] {
            let larder = Larder()
            if previewFirst {
                larder.useDependencies(.preview)
                larder.requireTestDependencies()
            } else {
                larder.requireTestDependencies()
                larder.useDependencies(.preview)
            }
            let failures = capturingFailures {
                larder.send(.readsTheOthers)
                larder.send(.readsPantry)
            }
            #expect(failures.map(\.kind) == [.missingDependency], "preview first: \(previewFirst)")
            #expect(
                failures.first?.message.hasPrefix(
                    "Larder at Larder read @Injected Pantry (its subtree is set to .preview") == true,
                "\(failures.first?.message ?? "no failure")")
            #expect(larder.seen == "live")
        }
    }
}
