import Observation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// An animation made by the test: it notes whether a send is running inside it.
@MainActor
final class AnimationProbe {
    private(set) var isAnimating = false
    private(set) var runs = 0

    var animation: SendAnimation {
        SendAnimation { [self] send in
            runs += 1
            isAnimating = true
            send()
            isAnimating = false
        }
    }
}

/// A counter whose updates note whether they ran inside the probe's animation.
@Observable
final class AnimatedCounter: Scope {
    private(set) var count = 0
    @ObservationIgnored let probe = AnimationProbe()
    @ObservationIgnored private(set) var updatesInsideAnimation: [Bool] = []

    enum When: Sendable {
        case userTappedIncrement
        case screenAppeared(loading: Int, animated: Bool)
        case screenAppearedMappingAfterAnimation(loading: Int)
        case countLoaded(Int)
    }

    func update(_ when: When) throws {
        updatesInsideAnimation.append(probe.isAnimating)
        switch when {
        case .userTappedIncrement:
            count += 1
        case .screenAppeared(let value, let animated):
            let load = AnyEffect { value }.map(When.countLoaded)
            effectsState.enqueue(animated ? load.animation(probe.animation) : load)
        case .screenAppearedMappingAfterAnimation(let value):
            effectsState.enqueue(AnyEffect { value }.animation(probe.animation).map(When.countLoaded))
        case .countLoaded(let value):
            count = value
        }
    }
}

@MainActor
struct SendAnimationTests {
    @Test func aSendWithAnAnimationRunsItsUpdateInsideIt() async {
        let counter = AnimatedCounter()
        counter.send(.userTappedIncrement, animation: counter.probe.animation)
        counter.send(.userTappedIncrement)
        #expect(counter.count == 2)
        #expect(counter.updatesInsideAnimation == [true, false])
        #expect(counter.probe.runs == 1)
    }

    @Test func anEffectsResultIsSentInsideTheEffectsAnimation() async {
        let counter = AnimatedCounter()
        counter.send(.screenAppeared(loading: 5, animated: true))
        await counter.effectsState.waitUntilSettled()
        #expect(counter.count == 5)
        #expect(counter.updatesInsideAnimation == [false, true])
        #expect(counter.probe.runs == 1)
    }

    @Test func anEffectWithoutAnAnimationIsSentPlainly() async {
        let counter = AnimatedCounter()
        counter.send(.screenAppeared(loading: 5, animated: false))
        await counter.effectsState.waitUntilSettled()
        #expect(counter.count == 5)
        #expect(counter.updatesInsideAnimation == [false, false])
        #expect(counter.probe.runs == 0)
    }

    @Test func theAnimationStaysWithTheResultThroughALaterMap() async {
        let counter = AnimatedCounter()
        counter.send(.screenAppearedMappingAfterAnimation(loading: 7))
        await counter.effectsState.waitUntilSettled()
        #expect(counter.count == 7)
        #expect(counter.updatesInsideAnimation == [false, true])
    }

    @Test func aTestPlanCompletingTheEffectSendsItsResultInsideTheAnimation() throws {
        try AnimatedCounter.GIVEN { AnimatedCounter() }
            .WHEN(.screenAppeared(loading: 5, animated: true))
            .WHEN_EffectCompletes(AnyEffect<Int>.self, with: 9)
            .THEN(\.count, equals: 9)
            .THEN(\.updatesInsideAnimation, equals: [false, true])
            .runTest()
    }

    @Test func anObservationAnAnimatedSendChangesRunsInsideTheAnimation() async {
        let counter = AnimatedCounter()
        var runsInsideAnimation: [Bool] = []
        let observation = counter.observe { counter in
            _ = counter.count
            runsInsideAnimation.append(counter.probe.isAnimating)
        }
        counter.send(.userTappedIncrement, animation: counter.probe.animation)
        await mainActorBarrier()
        counter.send(.userTappedIncrement)
        await mainActorBarrier()
        #expect(runsInsideAnimation == [false, true, false])
        // Once for the send, once for the observation's run it caused.
        #expect(counter.probe.runs == 2)
        withExtendedLifetime(observation) {}
    }
}
