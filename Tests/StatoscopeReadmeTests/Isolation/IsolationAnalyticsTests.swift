import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Analytics inside an isolation: events accepted inside reach the sink after it ends, an outer sink
/// receives the inner events in the order accepted, an inner one nothing after its end.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationAnalyticsTests {
    @Test func eventsAcceptedInsideStillReachTheSinkAfterTheIsolationEnds() async {
        let sink = NameSink()
        let scope = IsolatedScope()
        withIsolatedInstruments {
            let registration = sink.install()
            for index in 0..<1_000 { scope.send(.ping(index)) }
            withExtendedLifetime(registration) {}
        }
        scope.send(.ping(-1))
        await Analytics.waitUntilDelivered()
        #expect(sink.names.value.count == 1_000)
    }

    @Test func anOuterSinkReceivesTheEventsAcceptedInsideAndTheInnerNotTheOuters() async {
        let outer = NameSink()
        let inner = NameSink()
        let scope = IsolatedScope()
        let outerRegistration = outer.install()
        scope.send(.ping(0))
        await withIsolatedInstruments {
            let registration = inner.install()
            scope.send(.load(1))
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
        }
        scope.send(.ping(2))
        await Analytics.waitUntilDelivered()
        withExtendedLifetime(outerRegistration) {}
        #expect(inner.names.value == ["load", "loaded"])
        #expect(outer.names.value == ["ping", "load", "loaded", "ping"])
    }

    @Test func tenThousandEventsInsideAreCountedExactlyWhileADetachedTaskSendsNoise() async {
        let scope = IsolatedScope()
        let noise = IsolatedScope()
        let sink = NameSink()
        let noiseTask = Task.detached {
            for index in 0..<2_000 {
                await noise.send(.ping(index))
            }
        }
        let seen = await withIsolatedInstruments {
            let seen = SeenEvents()
            let registration = sink.install()
            for index in 0..<10_000 {
                scope.send(.ping(index))
                if index % 50 == 0 { await Task.yield() }
            }
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
            return seen.count
        }
        await noiseTask.value
        #expect(seen == 10_000)
        #expect(sink.names.value.count == 10_000)
        #expect(noise.received.count == 2_000)
    }

    @Test func anOuterSinkReceivesInnerAndOuterEventsInTheOrderAccepted() async {
        let received = LockedValue<[String]>([])
        let registration = Analytics.install { event in received.mutate { $0.append(event.name) } }
        let scope = IsolatedScope()
        for _ in 0..<50 {
            scope.send(.ping(0))
            withIsolatedInstruments { scope.send(.loaded(0)) }
        }
        await Analytics.waitUntilDelivered()
        withExtendedLifetime(registration) {}
        #expect(received.value == Array(repeating: ["ping", "loaded"], count: 50).flatMap { $0 })
    }

    @Test func anInnerSinkGetsNoCompletionAfterItsIsolationEndedButTheOuterDoes() async {
        let outer = NameSink()
        let inner = NameSink()
        let outerRegistration = outer.install()
        let scope = IsolatedScope()
        let innerRegistration = withIsolatedInstruments {
            let registration = inner.install()
            scope.send(.gated(1))
            return registration
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        await Analytics.waitUntilDelivered()
        withExtendedLifetime((outerRegistration, innerRegistration)) {}
        #expect(inner.names.value == ["gated"])
        #expect(outer.names.value == ["gated", "loaded"])
    }
}
