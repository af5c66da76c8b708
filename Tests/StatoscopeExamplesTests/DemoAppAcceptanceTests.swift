import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The demo app: two tabs, each a subscope; the API clients injected at the root reach every scope.
struct DemoAppAcceptanceTests {
    @Test func openingTheProfileTabLoadsTheProfileOnce() throws {
        try DemoApp.GIVEN("the app on its counter tab") { DemoApp() }
            .injecting(CounterAPI.echoing)
            .injecting(ProfileAPI.holdingJohn)
            .THEN(\.selectedTab, equals: .counter)
            .WHEN(.userSelectsTab(.profile))
            .THEN(\.selectedTab, equals: .profile)
            .THEN(\.profile.viewShowsLoading, equals: true)
            .WITH(\.profile) { try $0.THEN_Enqueued(LoadProfile()) }
            .WHEN(.userSelectsTab(.profile))
            .WITH(\.counter) { try $0.THEN_NotEnqueued(PostCount.self) }
            .WITH(\.profile) { try $0.WHEN_EffectCompletes(LoadProfile.self, with: ProfileAPI.johnsProfile) }
            .THEN(\.profile.name, equals: "John")
            .WITH(\.profile) { try $0.THEN_NoEffects() }
            .runTest()
    }

    @Test func eachTabKeepsItsOwnState() throws {
        try DemoApp.GIVEN("the app on its counter tab") { DemoApp() }
            .injecting(CounterAPI.echoing)
            .injecting(ProfileAPI.holdingJohn)
            .WHEN(\.counter, .userTappedIncrementButton)
            .WITH(\.counter) { counter in
                try counter
                    .THEN_Enqueued(PostCount(count: 1))
                    .WHEN_EffectCompletes(PostCount.self, with: CounterDTO(count: 1))
                    .THEN(\.viewDisplaysTotalCount, equals: 1)
            }
            .WHEN(.userSelectsTab(.profile))
            .THEN(\.counter.viewDisplaysTotalCount, equals: 1)
            .THEN(\.profile.viewShowsLoading, equals: true)
            .runTest()
    }

    @Test func theAppReadsTheInjectedClients() async {
        let app = await DemoApp()
        await app.inject(CounterAPI.echoing)
        let description = await app.subtreeDescription
        #expect(description.contains("injects CounterAPI = CounterAPI.echoing"))
        #expect(description.contains("counter: Counter"))
        #expect(description.contains("profile: ProfileScreen"))
    }
}
