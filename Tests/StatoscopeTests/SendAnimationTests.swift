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
        case screenAppearedSilently(loading: Int)
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
        case .screenAppearedSilently(let value):
            effectsState.enqueue(AnyEffect { value }.map(When.countLoaded).animation(SendAnimation { _ in }))
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

/// What an animation does with its `send`: the event is handled once whatever it does.
@Suite(.isolatedInstruments)
@MainActor
struct SendAnimationContractTests {
    @Test func aSecondCallOfTheAnimationsSendDoesNothing() {
        let counter = AnimatedCounter()
        let twice = SendAnimation { send in
            send()
            send()
        }
        counter.send(.userTappedIncrement, animation: twice)
        #expect(counter.count == 1)
    }

    @Test func anAnimationThatNeverCallsItsSendHasTheEventSentAfterItAndReported() {
        var reports: [ErrorReport] = []
        let registration = ErrorReporting.addHandler { reports.append($0) }
        defer { registration.remove() }
        let counter = AnimatedCounter()
        counter.send(.userTappedIncrement, animation: SendAnimation { _ in })
        #expect(counter.count == 1)
        #expect(reports.count == 1)
        #expect(reports.first?.error is AnimationNeverSent)
        #expect(
            reports.first?.description
                == "AnimatedCounter: the animation given to send(_:animation:) of AnimatedCounter never called "
                + "its send: userTappedIncrement was sent without the animation")
    }

    @Test func aSendKeptByTheAnimationAndCalledLaterDoesNothing() {
        var kept: (@MainActor () -> Void)?
        let counter = AnimatedCounter()
        let registration = ErrorReporting.addHandler { _ in }
        defer { registration.remove() }
        counter.send(.userTappedIncrement, animation: SendAnimation { send in kept = send })
        kept?()
        #expect(counter.count == 1)
    }

    @Test func anEffectWhoseAnimationNeverCallsItsSendDeliversItsResultAndIsReported() throws {
        var reports: [ErrorReport] = []
        let registration = ErrorReporting.addHandler { reports.append($0) }
        defer { registration.remove() }
        try AnimatedCounter.GIVEN { AnimatedCounter() }
            .WHEN(.screenAppearedSilently(loading: 4))
            .WHEN_EffectCompletes(AnyEffect<Int>.self, with: 4)
            .THEN(\.count, equals: 4)
            .runTest()
        #expect(reports.count == 1)
        #expect(
            reports.first?.description.hasSuffix(
                "the animation given to send(_:animation:) of AnimatedCounter never called its send: "
                    + "the result of the effect was sent without the animation") == true)
    }
}

/// A scope that notes its events in order, and whether each ran inside the probe's animation; its
/// `notingFirst` animation sends it `.noted` before it calls its own send.
@MainActor
final class AnimatedLog: Scope {
    let probe = AnimationProbe()
    private(set) var log: [String] = []
    private(set) var insideAnimation: [Bool] = []

    enum When: Sendable {
        case tapped, noted, queueTapped
        case load(Int)
        case loaded(Int)
        case watch, watchMappedLater
        case ticked(Int)
        case ended
        case startTimer, stopTimer
    }

    /// An animation that sends `.noted` first, then the event it animates.
    var notingFirst: SendAnimation {
        SendAnimation { [weak self] send in
            self?.send(.noted)
            send()
        }
    }

    func update(_ when: When) throws {
        log.append("\(when)")
        insideAnimation.append(probe.isAnimating)
        switch when {
        case .queueTapped:
            send(.tapped, animation: notingFirst)
        case .load(let value):
            effectsState.enqueue(AnyEffect { value }.map(When.loaded).animation(notingFirst))
        case .watch:
            let elements = AnyStreamEffect<Int> { yield in
                yield(1)
                yield(2)
            }
            effectsState.enqueue(elements.map(When.ticked).animation(probe.animation))
        case .watchMappedLater:
            let elements = AnyStreamEffect<Int> { yield in yield(1) }
            effectsState.enqueue(
                elements.animation(probe.animation).map(When.ticked).onEnd { _ in When.ended })
        case .startTimer:
            effectsState.enqueue(
                RepeatingTimer(every: .seconds(1)).map(When.ticked).animation(probe.animation), key: "timer")
        case .stopTimer:
            effectsState.cancelEffect(key: "timer")
        case .tapped, .noted, .loaded, .ticked, .ended:
            break
        }
    }
}

/// Guarantees: every event is handled in the order sent. An animation's code runs as part of the send
/// it animates: what it sends before it calls its `send` comes after the animated event.
@Suite(.isolatedInstruments)
@MainActor
struct AnimatedSendOrderTests {
    @Test func anEventAnAnimationSendsBeforeItsSendIsHandledAfterTheAnimatedOne() {
        let scope = AnimatedLog()
        scope.send(.tapped, animation: scope.notingFirst)
        #expect(scope.log == ["tapped", "noted"])
    }

    @Test func soItIsForAnAnimatedSendQueuedDuringAnUpdate() {
        let scope = AnimatedLog()
        scope.send(.queueTapped)
        #expect(scope.log == ["queueTapped", "tapped", "noted"])
    }

    @Test func soItIsForAnEffectsResult() async {
        let scope = AnimatedLog()
        scope.send(.load(3))
        await scope.effectsState.waitUntilSettled()
        #expect(scope.log == ["load(3)", "loaded(3)", "noted"])
    }

    @Test func soItIsForAnEffectsResultThatATestPlanDelivers() throws {
        try AnimatedLog.GIVEN { AnimatedLog() }
            .WHEN(.load(3))
            .WHEN_EffectCompletes(AnyEffect<Int>.self, with: 4)
            .THEN(\.log, equals: ["load(3)", "loaded(4)", "noted"])
            .runTest()
    }

    @Test func anAnimationThatNeverCallsItsSendHasWhatItSentHandledAfterTheEvent() {
        var reports: [ErrorReport] = []
        let registration = ErrorReporting.addHandler { reports.append($0) }
        defer { registration.remove() }
        let scope = AnimatedLog()
        scope.send(.tapped, animation: SendAnimation { [weak scope] _ in scope?.send(.noted) })
        #expect(scope.log == ["tapped", "noted"])
        #expect(reports.map { "\(type(of: $0.error))" } == ["AnimationNeverSent"])
    }

    @Test func anEventSentAfterTheAnimationCallsItsSendIsHandledAfterTheAnimatedOne() {
        let scope = AnimatedLog()
        let animation = SendAnimation { [weak scope] send in
            send()
            scope?.send(.noted)
        }
        scope.send(.tapped, animation: animation)
        #expect(scope.log == ["tapped", "noted"])
    }
}

/// A stream effect's animation: each element is sent inside it, as a one-shot effect's result is.
@Suite(.isolatedInstruments)
@MainActor
struct AnimatedStreamTests {
    @Test func eachElementOfAnAnimatedStreamIsSentInsideTheAnimation() async {
        let scope = AnimatedLog()
        scope.send(.watch)
        await scope.effectsState.waitUntilSettled()
        #expect(scope.log == ["watch", "ticked(1)", "ticked(2)"])
        #expect(scope.insideAnimation == [false, true, true])
        #expect(scope.probe.runs == 2)
    }

    @Test func theAnimationStaysWithTheElementsThroughALaterMapAndTheEndsElement() async {
        let scope = AnimatedLog()
        scope.send(.watchMappedLater)
        await scope.effectsState.waitUntilSettled()
        #expect(scope.log == ["watchMappedLater", "ticked(1)", "ended"])
        #expect(scope.insideAnimation == [false, true, true])
    }

    @Test func anAnimatedStreamIsListedAsTheStreamItStartedFrom() {
        let animated = RepeatingTimer(every: .seconds(1)).animation(SendAnimation { $0() })
        #expect(animated.pristine as? RepeatingTimer == RepeatingTimer(every: .seconds(1)))
    }

    @Test func aTestPlanFeedingAnAnimatedStreamSendsItsElementsInsideTheAnimation() throws {
        try AnimatedLog.GIVEN { AnimatedLog() }
            .WHEN(.watch)
            .WHEN_StreamYields(AnyStreamEffect<Int>.self, 5)
            .WHEN_StreamEnds(AnyStreamEffect<Int>.self)
            .THEN(\.log, equals: ["watch", "ticked(5)"])
            .THEN(\.insideAnimation, equals: [false, true])
            .runTest()
    }

    @Test func anAnimatedTimerTicksInsideItsAnimationAsAPlansTimePasses() throws {
        try AnimatedLog.GIVEN { AnimatedLog() }
            .WHEN(.startTimer)
            .THEN_EffectStatus(RepeatingTimer.self, is: .open)
            .WHEN_TimePasses(.seconds(2))
            .THEN(\.log, equals: ["startTimer", "ticked(1)", "ticked(2)"])
            .THEN(\.insideAnimation, equals: [false, true, true])
            .WHEN(.stopTimer)
            .THEN_NoEffects()
            .runTest()
    }
}
