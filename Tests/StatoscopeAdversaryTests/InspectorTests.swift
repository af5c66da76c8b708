// The live inspector beside a live app: one at a time, released mid-work, and its page.

import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.serialized, .oneInspectorSuiteAtATime, .isolatedInstruments)
@MainActor
struct InspectorTests {
    // Inspecting a running app, "Start the inspector": "One inspector runs at a time: a start while
    // another inspector runs, or is still starting, throws `an inspector is already running: stop it
    // before starting another`."
    @Test func aSecondStartWhileOneRunsThrowsTheDocumentedMessage() async throws {
        let app = ReplayApp()
        app.inject(SharedStore(storage: InMemoryStorage()))
        let first = try await Inspector.start(root: app, replayingInto: { ReplayApp() })
        do {
            let second = try await Inspector.start(root: app)
            Issue.record("a second inspector started at \(second.url)")
            await second.stop()
        } catch {
            #expect(
                "\(error)".contains("an inspector is already running: stop it before starting another"),
                "\(error)")
        }
        await first.stop()
    }

    // Inspecting a running app, "Start the inspector": "The page connects by server-sent events and
    // updates as the app runs, until `stop()` or until the inspector is released. One inspector runs at a
    // time". Released without `stop()`, it no longer runs, so another may start.
    @Test func anInspectorReleasedWithoutStopLetsAnotherStart() async throws {
        let app = ReplayApp()
        app.inject(SharedStore(storage: InMemoryStorage()))
        try await startAndRelease(app)
        var refusal: (any Error)?
        do {
            let next = try await Inspector.start(root: app)
            await next.stop()
        } catch {
            refusal = error
        }
        #expect(refusal == nil, "the released inspector still runs: \(String(describing: refusal))")
    }

    private func startAndRelease(_ app: ReplayApp) async throws {
        let inspector = try await Inspector.start(root: app, replayingInto: { ReplayApp() })
        app.send(.bump)
        _ = inspector.url
    }
}

func intValue(_ value: Any?) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    return value as? Int
}

/// The inspector's port and its `token=...` query.
@MainActor
func address(of inspector: Inspector) -> (port: Int, token: String) {
    (inspector.url.port ?? 0, inspector.url.query ?? "")
}

@MainActor
extension InspectorTests {
    // Inspecting a running app, "What the page shows": "Shared values in a replay are the session's, not the
    // live app's: the fresh tree reads them from a store of its own, in memory, whatever store the app or
    // `replayingInto` gives it ... A replay changes none of the live app's shared values, tells none of
    // their readers, and saves nothing"; "Safe by default": "Nothing it serves changes the app's state".
    @Test func theStatePageAndTheTestPlanReplayBesideALiveAppAndLeaveItsStoreFileAndReadersAlone()
        async throws
    {
        let folder = try makeTemporaryFolder("inspector-store")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let live = ReplayApp()
        live.inject(store)
        live.badge.send(.appeared)
        for _ in 0..<5 { live.send(.bump) }
        let inspector = try await Inspector.start(
            root: live,
            replayingInto: {
                let app = ReplayApp()
                app.inject(store)
                return app
            })
        live.send(.bump)
        live.send(.bump)
        live.send(.rename("session"))
        let (port, token) = address(of: inspector)
        let stream = await rawGet(port: port, target: "/events?\(token)") { $0.contains("rename") }
        let events = serverSentMessages(stream.text).filter { $0["kind"] as? String == "event" }
        let renamed = try #require(
            events.last { ($0["text"] as? String)?.contains("rename") == true },
            "\(stream.text.prefix(2_000))")
        let id = try #require(intValue(renamed["id"]))
        let inputs = try #require(intValue(renamed["inputs"]))
        await store.flush()
        let file = folder.appendingPathComponent("adv-replay-settings.json")
        let savedBefore = try Data(contentsOf: file)
        let toldBefore = live.badge.told

        let state = await rawGet(port: port, target: "/state?event=\(id)&inputs=\(inputs)&\(token)")
        #expect(state.status == 200, "\(state.text.prefix(500))")
        let body = httpBody(state.text)
        let states = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        let after = states?["after"] as? String ?? body
        #expect(after.contains("fontSize: 16"), "the page does not show the session's value: \(after)")
        #expect(after.contains("session"))
        let plan = await rawGet(port: port, target: "/test-plan?\(token)")
        #expect(plan.status == 200, "\(plan.text.prefix(500))")

        #expect(live.settings == AdvSettings(fontSize: 21, name: "session"))
        #expect(live.unread == 7)
        #expect(store.value(of: ReplayKeys.unread) == 7)
        #expect(live.badge.told == toldBefore, "a live reader was told of the page's replay")
        await store.flush()
        #expect(try Data(contentsOf: file) == savedBefore, "the page's replay saved over the live file")
        await inspector.stop()
    }

    // Guarantees, "Views, logs and recordings": "Nothing the live inspector sends its page holds a value
    // the app marked sensitive: events, effects, reports, analytics, the tree and the recording"; "A value
    // the app marked sensitive stays redacted at any depth, in every output ... the live inspector's
    // stream, recording, states and test plan".
    @Test func nothingTheInspectorServesHoldsASecretAtAnyDepth() async throws {
        let vault = AdvVault()
        let inspector = try await Inspector.start(root: vault, replayingInto: { AdvVault() })
        sendEverySecret(to: vault)
        vault.send(.startHold(.full))
        let (port, token) = address(of: inspector)
        let stream = await rawGet(port: port, target: "/events?\(token)") { text in
            text.contains("\"kind\":\"tree\"") && text.contains("startHold")
        }
        #expect(stream.text.contains("startHold"), "\(stream.text.prefix(1_000))")
        expectNoSecret(stream.text, in: "the inspector's stream")
        let events = serverSentMessages(stream.text).filter { $0["kind"] as? String == "event" }
        #expect(events.count >= 10, "the stream's events were not read: \(events.count)")
        for event in events {
            guard let id = intValue(event["id"]), let inputs = intValue(event["inputs"]) else { continue }
            let state = await rawGet(port: port, target: "/state?event=\(id)&inputs=\(inputs)&\(token)")
            expectNoSecret(state.text, in: "the state after event \(id)")
        }
        let recording = await rawGet(port: port, target: "/recording?\(token)")
        #expect(recording.status == 200)
        expectNoSecret(recording.text, in: "the inspector's recording")
        let plan = await rawGet(port: port, target: "/test-plan?\(token)")
        #expect(plan.status == 200)
        expectNoSecret(plan.text, in: "the inspector's test plan")
        vault.effectsState.cancelAllEffects()
        await inspector.stop()
    }

    // Inspecting a running app, "What the page shows": "each event's entry carries the number of inputs to
    // replay"; "Safe by default": requests are checked and refused saying why. A state asked for an event
    // the session never had, or with a count of inputs that no entry carries, must be refused saying what
    // is wrong, not answered with some other state.
    @Test(arguments: [
        "event=999999&inputs=1", "event=-5&inputs=1", "event=999999&inputs=-1", "event=999999&inputs=abc",
        "event=999999&inputs=99999999999999999999", "event=abc&inputs=1",
    ])
    func aStateAskedForAnEventTheSessionNeverHadIsRefusedSayingWhat(_ query: String) async throws {
        let app = ReplayApp()
        app.inject(SharedStore(storage: InMemoryStorage()))
        let inspector = try await Inspector.start(root: app, replayingInto: { ReplayApp() })
        app.send(.bump)
        app.send(.bump)
        let (port, token) = address(of: inspector)
        let answer = await rawGet(port: port, target: "/state?\(query)&\(token)")
        let body = httpBody(answer.text)
        #expect(
            (answer.status ?? 0) >= 400,
            "\(query) was answered \(String(describing: answer.status)): \(body.prefix(300))")
        let next = await rawGet(port: port, target: "/test-plan?\(token)")
        #expect(next.status == 200, "the inspector stopped serving after \(query)")
        await inspector.stop()
    }

    // Inspecting a running app, "Start the inspector": it serves "until `stop()` or until the inspector is
    // released"; the brief's rule for objects dropped mid-work: never a crash or a hang. The root is
    // released while the inspector still runs.
    @Test func anInspectorWhoseRootIsReleasedKeepsAnsweringAndStops() async throws {
        var root: ReplayApp? = ReplayApp()
        root?.inject(SharedStore(storage: InMemoryStorage()))
        let inspector = try await Inspector.start(root: root!, replayingInto: { ReplayApp() })
        root?.send(.bump)
        root = nil
        let (port, token) = address(of: inspector)
        let plan = await rawGet(port: port, target: "/test-plan?\(token)")
        #expect(plan.status != nil)
        let recording = await rawGet(port: port, target: "/recording?\(token)")
        #expect(recording.status == 200)
        let stream = await rawGet(port: port, target: "/events?\(token)") { $0.contains("bump") }
        #expect(stream.text.contains("bump"))
        await inspector.stop()
    }

    // Inspecting a running app, "What the page shows": "each event's entry carries the number of inputs to
    // replay"; the brief's rule: bad input gives a clear error or is harmless, never a crash or a hang. For
    // an event the inspector still lists, a hostile count of inputs must not change which state it shows.
    @Test(arguments: [
        "inputs=-1", "inputs=abc", "inputs=99999999999999999999", "inputs=9223372036854775807", "inputs=0",
    ])
    func aKnownEventAskedWithAHostileCountOfInputsShowsItsOwnState(_ inputs: String) async throws {
        let app = ReplayApp()
        app.inject(SharedStore(storage: InMemoryStorage()))
        let inspector = try await Inspector.start(root: app, replayingInto: { ReplayApp() })
        app.send(.bump)
        app.send(.bump)
        let (port, token) = address(of: inspector)
        let honest = await rawGet(port: port, target: "/state?event=1&inputs=1&\(token)")
        let hostile = await rawGet(port: port, target: "/state?event=1&\(inputs)&\(token)")
        #expect(honest.status == 200)
        func states(_ text: String) -> [String: String]? {
            (try? JSONSerialization.jsonObject(with: Data(httpBody(text).utf8))) as? [String: String]
        }
        #expect(states(honest.text) != nil, "\(honest.text.prefix(300))")
        if hostile.status == 200 {
            #expect(
                states(hostile.text) == states(honest.text),
                "\(inputs) changed the state shown for event 1: \(httpBody(hostile.text).prefix(300))")
        } else {
            #expect(
                (hostile.status ?? 0) >= 400 && !httpBody(hostile.text).isEmpty,
                "\(inputs): \(hostile.text.prefix(300))")
        }
        await inspector.stop()
    }
}
