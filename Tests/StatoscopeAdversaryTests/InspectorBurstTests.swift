// The live inspector under bursts: stopped, released, watched, left and asked for replays while the
// app sends as fast as it can, from the main actor, from updates, from effects and from detached tasks.

import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

struct BurstEcho: Effect, Equatable {
    let value: Int
    func runEffect() async throws -> Int { value }
}

@MainActor
final class BurstApp: Scope {
    var count = 0
    var nested = 0
    /// A digest of the order the events arrived in: equal only for the same events in the same order.
    var digest = 0

    enum When: Codable, Sendable {
        case tick(Int)
        case fanOut(Int)
        case child(Int)
        case echo(Int)
        case echoed(Int)
        case note(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .tick(let value):
            count += 1
            digest = digest &* 31 &+ value
        case .fanOut(let children):
            count += 1
            for index in 0..<children { send(.child(index)) }
        case .child(let index):
            nested += 1
            digest = digest &* 17 &+ index
        case .echo(let value):
            effectsState.enqueue(BurstEcho(value: value).map(When.echoed))
        case .echoed(let value):
            count += 1
            digest = digest &* 13 &+ value
        case .note(let text):
            count += 1
            digest = digest &* 7 &+ text.count
        }
    }
}

/// The events of a downloaded recording, and whether it is whole: numbered from 2 without a gap and
/// ending with an end line that counts them.
struct DownloadedRecording {
    var eventLines: [[String: Any]] = []
    var problems: [String] = []

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first, header.contains("statoscope-recording") else {
            problems.append("no header: \(text.prefix(200))")
            return
        }
        var expected = 2
        var ended = false
        for line in lines.dropFirst() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            else {
                problems.append("not JSON: \(line.prefix(200))")
                continue
            }
            if ended { problems.append("a line after the end: \(line.prefix(200))") }
            if intValue(object["n"]) != expected {
                problems.append("numbered \(String(describing: object["n"])), expected \(expected)")
                expected = intValue(object["n"]) ?? expected
            }
            expected += 1
            if let end = object["end"] as? [String: Any] {
                ended = true
                if intValue(end["events"]) != eventLines.count {
                    problems.append(
                        "the end counts \(String(describing: end["events"])), \(eventLines.count) held")
                }
            } else {
                eventLines.append(object)
            }
        }
        if !ended { problems.append("no end line") }
    }
}

/// A page that asks for the stream and then reads nothing: its socket's buffers fill and stay full.
func openStalledPage(port: Int, target: String) -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var small: Int32 = 2_048
    setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
    return socket
}

/// Whether a response's body is framed in chunks (a hexadecimal size line before each piece) while its
/// head does not say `Transfer-Encoding: chunked`: a client then reads the framing as part of the body.
func undeclaredChunking(_ response: String) -> String? {
    guard let headEnd = response.range(of: "\r\n\r\n") else { return nil }
    let head = response[..<headEnd.lowerBound].lowercased()
    let body = response[headEnd.upperBound...]
    guard !head.contains("transfer-encoding: chunked"), let firstLine = body.split(separator: "\r\n").first,
        Int(firstLine, radix: 16) != nil
    else { return nil }
    return
        "the body begins \(body.prefix(60).debugDescription) under a head without Transfer-Encoding: \(head)"
}

/// What a run of ticks lacks or repeats, said briefly.
func tickTrouble(_ ticks: [Int], last: Int) -> String? {
    guard let first = ticks.first else { return "no ticks" }
    let expected = Array(first...last)
    if ticks == expected { return nil }
    let index = Array(zip(ticks, expected)).firstIndex { $0 != $1 } ?? min(ticks.count, expected.count)
    let around = ticks[max(0, index - 3)..<min(ticks.count, index + 4)]
    return
        "\(ticks.count) ticks from \(first), expected \(expected.count): first difference at \(index): \(Array(around))"
}

// Isolated, so that the bursts of other tests running meanwhile never reach these inspectors.
@Suite(.serialized, .oneInspectorSuiteAtATime, .isolatedInstruments)
@MainActor
struct InspectorBurstTests {
    private func download(_ inspector: Inspector) async -> (status: Int?, body: String) {
        let (port, token) = address(of: inspector)
        // The answer comes once every input is written: tens of thousands take minutes under a sanitizer.
        let answer = await threadGet(port: port, target: "/recording?\(token)", quietReads: 1_500)
        return (answer.status, httpBody(answer.text))
    }

    /// Checks that a download is a whole recording of `inputs` inputs that replays to the live state.
    private func expectWhole(
        _ download: (status: Int?, body: String), inputs: Int, replaying live: BurstApp,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(download.status == 200, sourceLocation: sourceLocation)
        let recording = DownloadedRecording(download.body)
        #expect(recording.problems.isEmpty, "\(recording.problems.prefix(5))", sourceLocation: sourceLocation)
        #expect(
            recording.eventLines.count == inputs,
            "the download holds \(recording.eventLines.count) of \(inputs)",
            sourceLocation: sourceLocation)
        let replayed = try Recording(jsonLines: download.body).reproduce { BurstApp() }
        #expect(
            replayed.count == live.count && replayed.nested == live.nested && replayed.digest == live.digest,
            "the download does not replay to the live state", sourceLocation: sourceLocation)
    }

    /// Sends `total` ticks in turns of `perTurn`, giving the main actor back between turns; `between` runs
    /// after each turn with its number.
    private func burst(
        _ app: BurstApp, total: Int, perTurn: Int, between: (Int) async -> Void = { _ in }
    ) async {
        var sent = 0
        var turn = 0
        while sent < total {
            for _ in 0..<min(perTurn, total - sent) {
                sent += 1
                app.send(.tick(sent))
            }
            turn += 1
            await between(turn)
            await Task.yield()
        }
    }

    // Inspecting a running app, "What it costs": "the main actor waits for it at the end of its turn (or at
    // once, if one turn sends that many) ... Nothing is dropped"; "What the page shows": "Download recording
    // saves the session so far as a recording that Recording reads". 50,000 events in one turn of the main
    // actor, with a page connected, then the download asked for at once.
    @Test func aDownloadRightAfterABurstOfFiftyThousandInOneTurnHoldsEveryEvent() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        let page = Task.detached {
            await threadGet(port: port, target: "/events?\(token)", until: "tick(50000)")
        }
        for value in 1...50_000 { app.send(.tick(value)) }
        let downloaded = await download(inspector)
        _ = await page.value
        await inspector.stop()
        try expectWhole(downloaded, inputs: 50_000, replaying: app)
    }

    // The same promises, with the app giving the main actor back every 1,000 events and no page connected:
    // the session's recording is written "64 KB at a time", and a download is the session so far.
    @Test func aDownloadAfterABurstInShortTurnsWithoutAPageHoldsEveryEvent() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        await burst(app, total: 30_000, perTurn: 1_000)
        let downloaded = await download(inspector)
        await inspector.stop()
        try expectWhole(downloaded, inputs: 30_000, replaying: app)
    }

    // Inspecting a running app, "Start the inspector": the page "updates as the app runs, until `stop()`";
    // "What it costs": nothing dropped, and the app never hung. Stopped between two turns of a burst, the
    // rest of the burst runs without it, another inspector starts, and its recording begins at its start.
    @Test func anInspectorStoppedMidBurstLetsTheBurstFinishAndAnotherStart() async throws {
        let app = BurstApp()
        var first: Inspector? = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let firstPort = first.map { address(of: $0).port } ?? 0
        await burst(app, total: 20_000, perTurn: 2_500) { turn in
            if turn == 3 {
                await first?.stop()
                first = nil
            }
        }
        #expect(app.count == 20_000)
        let closed = await threadGet(port: firstPort, target: "/recording")
        #expect(closed.status == nil, "the stopped inspector still answers: \(closed.text.prefix(200))")
        let second = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        app.send(.tick(-1))
        let (status, body) = await download(second)
        await second.stop()
        #expect(status == 200)
        let recording = DownloadedRecording(body)
        #expect(recording.problems.isEmpty, "\(recording.problems.prefix(5))")
        #expect(
            recording.eventLines.count == 1,
            "the second inspector's recording holds \(recording.eventLines.count)")
    }

    // Inspecting a running app, "Start the inspector": it runs "until `stop()` or until the inspector is
    // released"; "What it costs": the app "runs at the inspector's pace until the burst is over". Released
    // without `stop()` with notes waiting, it must neither hold the app nor keep its place.
    @Test func anInspectorReleasedMidBurstNeitherHoldsTheAppNorKeepsItsPlace() async throws {
        let app = BurstApp()
        var inspector: Inspector? = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = inspector.map(address(of:)) ?? (0, "")
        let page = Task.detached {
            await threadGet(port: port, target: "/events?\(token)", until: "tick(2000)")
        }
        await burst(app, total: 20_000, perTurn: 4_000) { turn in
            if turn == 2 { inspector = nil }
        }
        _ = await page.value
        #expect(app.count == 20_000)
        var refusal: (any Error)?
        let next: Inspector?
        do {
            next = try await Inspector.start(root: app)
        } catch {
            refusal = error
            next = nil
        }
        #expect(refusal == nil, "an inspector released mid-burst still runs: \(String(describing: refusal))")
        await next?.stop()
    }

    // Inspecting a running app, "What it costs": "a renderer that takes nothing for a second is not waited
    // for longer", "Nothing is dropped"; "Safe by default": "idle connections hold their place". A page that
    // asks for the stream and never reads must not hold a burst, nor cost the download an event.
    @Test func aPageThatNeverReadsHoldsNeitherTheBurstNorTheDownload() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        let stalled = openStalledPage(port: port, target: "/events?\(token)")
        defer { close(stalled) }
        await burst(app, total: 30_000, perTurn: 3_000)
        let (status, body) = await download(inspector)
        await inspector.stop()
        #expect(status == 200)
        let recording = DownloadedRecording(body)
        #expect(recording.problems.isEmpty, "\(recording.problems.prefix(5))")
        #expect(recording.eventLines.count == 30_000)
    }

    // Inspecting a running app: "A page connecting late gets exactly the last 20,000 entries of the
    // timeline"; "each event's entry carries the number of inputs to replay"; "Nothing is dropped". A page
    // that connects in the middle of a burst, and one that leaves in the middle: the one that stays sees
    // each event once, in order, up to the last.
    @Test func aPageConnectingAndOneLeavingMidBurstSeeEachEventOnceInOrder() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        var staying: Task<(status: Int?, text: String), Never>?
        await burst(app, total: 12_000, perTurn: 1_000) { turn in
            if turn == 2 {
                // Leaves after its first few kilobytes.
                _ = Task.detached {
                    await threadGet(port: port, target: "/events?\(token)", until: "tick(2500)")
                }
            }
            if turn == 4 {
                staying = Task.detached {
                    await threadGet(port: port, target: "/events?\(token)", until: "tick(-7)")
                }
            }
        }
        // The page stops reading at this one: every tick before it has arrived whole.
        app.send(.tick(-7))
        let stream = await staying?.value
        await inspector.stop()
        // A browser reads the body as the head describes it.
        #expect(
            undeclaredChunking(stream?.text ?? "") == nil, "\(undeclaredChunking(stream?.text ?? "") ?? "")")
        let events = serverSentMessages(stream?.text ?? "").filter { $0["kind"] as? String == "event" }
        let ticks = events.compactMap { event -> Int? in
            guard let text = event["text"] as? String, let range = text.range(of: "tick(") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(ticks.last == 12_000, "the staying page's last tick: \(String(describing: ticks.last))")
        #expect(
            ticks.first == 1,
            "a page connecting after 4,000 events gets the whole timeline: \(String(describing: ticks.first))"
        )
        #expect(tickTrouble(ticks, last: 12_000) == nil, "\(tickTrouble(ticks, last: 12_000) ?? "")")
        let ids = events.compactMap { intValue($0["id"]) }
        #expect(Set(ids).count == ids.count, "an event's entry came twice")
    }

    // Inspecting a running app, "What the page shows": the state after an event is replayed "up to that
    // event into a fresh tree"; "Copy as test plan" plays "the session so far"; "What it costs": a
    // replay and a test plan "read the file". Asked for in the middle of a burst, both answer for the
    // session as it was, and the burst goes on to its end.
    @Test func aStateAndATestPlanAskedForMidBurstAnswerAndTheBurstEnds() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        var state: Task<(status: Int?, text: String), Never>?
        var plan: Task<(status: Int?, text: String), Never>?
        var laterState: Task<(status: Int?, text: String), Never>?
        await burst(app, total: 16_000, perTurn: 2_000) { turn in
            if turn == 1 {
                state = Task.detached {
                    await threadGet(port: port, target: "/state?event=1&inputs=1&\(token)")
                }
                plan = Task.detached { await threadGet(port: port, target: "/test-plan?\(token)") }
            }
            if turn == 3 {
                laterState = Task.detached {
                    await threadGet(port: port, target: "/state?event=3000&\(token)")
                }
            }
        }
        #expect(app.count == 16_000)
        let first = await state?.value
        let written = await plan?.value
        let later = await laterState?.value
        await inspector.stop()
        #expect(first?.status == 200, "\(first?.text.prefix(300) ?? "")")
        let states =
            (try? JSONSerialization.jsonObject(with: Data(httpBody(first?.text ?? "").utf8)))
            as? [String: Any]
        let after = states?["after"] as? String ?? ""
        #expect(after.contains("count = 1\n"), "\(after.prefix(300))")
        #expect(written?.status == 200, "\(written?.text.prefix(300) ?? "")")
        let planBody = httpBody(written?.text ?? "")
        #expect(planBody.contains("runTest()"), "the plan is cut: \(planBody.suffix(300))")
        #expect(later?.status == 200, "\(later?.text.prefix(300) ?? "")")
        let laterAfter =
            ((try? JSONSerialization.jsonObject(with: Data(httpBody(later?.text ?? "").utf8)))
            as? [String: Any])?[
                "after"] as? String ?? ""
        #expect(
            laterAfter.contains("count = 3000\n"), "the state after event 3000: \(laterAfter.prefix(300))")
    }

    // Inspecting a running app, "What the page shows": "The recording holds the session's inputs only, so
    // an event that another's update sent shows the state after the input that caused it"; "Nothing is
    // dropped". Updates that each send a hundred events, during a burst: the inputs only, all of them.
    @Test func eventsSentFromInsideUpdatesDuringABurstAreNotInputsAndReplayAgain() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        for _ in 0..<300 { app.send(.fanOut(100)) }
        app.send(.fanOut(30_000))
        let downloaded = await download(inspector)
        await inspector.stop()
        #expect(app.nested == 60_000)
        try expectWhole(downloaded, inputs: 301, replaying: app)
    }

    // Inspecting a running app, "What it costs": "Nothing is dropped"; Recording and replay, "Record": a
    // recording holds "effect completions" as inputs. A burst of effects whose completions come back in
    // batches while the app keeps sending.
    @Test func aBurstOfEffectCompletionsIsRecordedWholeAndInOrder() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        for value in 1...5_000 {
            app.send(.echo(value))
            if value % 500 == 0 { await Task.yield() }
        }
        await app.effectsState.waitUntilSettled()
        let downloaded = await download(inspector)
        await inspector.stop()
        #expect(app.count == 5_000)
        try expectWhole(downloaded, inputs: 10_000, replaying: app)
    }

    // Inspecting a running app, "What it costs": "Nothing is dropped"; Guarantees, "Events": "Every event
    // is handled, once, in the order sent", sent from other threads too. Four detached tasks sending at
    // once: the recording holds every event in the order the app handled them.
    @Test func detachedSendersDuringABurstAreAllRecordedInTheOrderHandled() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for turn in 0..<25 {
                        await MainActor.run {
                            for index in 0..<100 { app.send(.tick(sender * 10_000 + turn * 100 + index)) }
                        }
                    }
                }
            }
        }
        let downloaded = await download(inspector)
        await inspector.stop()
        #expect(app.count == 10_000)
        try expectWhole(downloaded, inputs: 10_000, replaying: app)
    }

    // Inspecting a running app: "The inspector records the session's inputs, as a Recorder does"; the
    // journal writes "with the recorder's streaming JSON encoder". Beside a Recorder through a burst, both
    // hold the same events, line for line.
    @Test func theInspectorAndARecorderBesideItHoldTheSameInputsAfterABurst() async throws {
        let app = BurstApp()
        var lines: [String] = []
        let recorder = Recorder(recording: app) { lines.append($0) }
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        await burst(app, total: 5_000, perTurn: 700)
        for value in 0..<50 { app.send(.fanOut(value)) }
        let (_, body) = await download(inspector)
        await inspector.stop()
        recorder.stop()
        let fromInspector = DownloadedRecording(body)
        let fromRecorder = DownloadedRecording(lines.joined())
        #expect(fromInspector.problems.isEmpty && fromRecorder.problems.isEmpty)
        #expect(fromInspector.eventLines.count == fromRecorder.eventLines.count)
        for (index, (a, b)) in zip(fromInspector.eventLines, fromRecorder.eventLines).enumerated() {
            let same = NSDictionary(dictionary: a).isEqual(to: b)
            if !same {
                Issue.record("input \(index) differs: inspector \(a), recorder \(b)")
                break
            }
        }
    }

    // Inspecting a running app, "What the page shows": "Download recording saves the session so far as a
    // recording that Recording reads"; Recording and replay, "What a recording keeps": every NaN "with its
    // sign and payload, signalling ones included". The inspector's journal writes the session's NaNs.
    @Test func theInspectorsRecordingKeepsEveryNaNToTheBit() async throws {
        let live = NaNScope()
        let inspector = try await Inspector.start(root: live, replayingInto: { NaNScope() })
        sendEveryNaN(to: live)
        let (status, body) = await download(inspector)
        await inspector.stop()
        #expect(status == 200)
        let replayed = try Recording(jsonLines: body).reproduce { NaNScope() }
        #expect(
            replayed.received == live.received,
            "live: \(hex(live.received))\nreplayed: \(hex(replayed.received))")
    }

    // Inspecting a running app, "What it costs": "the main actor waits for it ... at once, if one turn sends
    // that many"; "What the page shows": the state after an event is replayed "into a fresh tree" (on the
    // main actor). A state asked for while one turn sends 40,000 events: the app's wait and the replay's
    // need of the main actor must not hold each other.
    @Test func aStateAskedForWhileOneTurnSendsFortyThousandEventsAnswersOnceTheTurnEnds() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        app.send(.tick(1))
        let page = Task.detached {
            await threadGet(port: port, target: "/events?\(token)", until: "tick(40001)")
        }
        let state = Task.detached { await threadGet(port: port, target: "/state?event=1&inputs=1&\(token)") }
        for value in 2...40_001 { app.send(.tick(value)) }
        let answer = await state.value
        let stream = await page.value
        let (_, body) = await download(inspector)
        await inspector.stop()
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(stream.text.contains("tick(40001)"), "the page never got the last event")
        #expect(DownloadedRecording(body).eventLines.count == 40_001)
    }

    // Inspecting a running app, "What the page shows": "The timeline: each event with its scope's path";
    // "What it costs": "Nothing is dropped". No burst at all: one event whose text is longer than a
    // piece the server writes at a time, with a page connected, as a browser reads the stream.
    @Test func aPageReceivesAnEventLongerThanOneWriteWhole() async throws {
        let app = BurstApp()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        let page = Task.detached {
            await threadGet(port: port, target: "/events?\(token)", until: "tick(-7)")
        }
        app.send(.tick(1))
        let long = String(repeating: "0123456789", count: 1_000)
        app.send(.note(long))
        app.send(.tick(-7))
        let stream = await page.value
        await inspector.stop()
        let events = serverSentMessages(stream.text).filter { $0["kind"] as? String == "event" }
        #expect(
            events.contains { ($0["text"] as? String)?.hasPrefix("note(") == true },
            "the page never received the long event: \(undeclaredChunking(stream.text) ?? "")")
        #expect(events.count == 3, "\(events.count) of 3 events reached the page")
    }

    // Inspecting a running app: "The inspector records the session's inputs, as a Recorder does";
    // Middleware, logging and analytics: "Tasks made with Task { } inside inherit it; a Task.detached does
    // not". An inspector started inside an isolation of instruments, beside a Recorder, while a detached
    // task sends to the same tree: both recordings hold every input, and the download replays to the live
    // state.
    @Test func anInspectorStartedInsideAnIsolationRecordsWhatADetachedTaskSendsAsARecorderDoes() async throws
    {
        let app = BurstApp()
        try await withIsolatedInstruments {
            var lines: [String] = []
            let recorder = Recorder(recording: app) { lines.append($0) }
            let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
            for value in 1...100 { app.send(.tick(value)) }
            await Task.detached { @MainActor in
                for value in 101...200 { app.send(.tick(value)) }
                app.send(.echo(7))
            }.value
            await app.effectsState.waitUntilSettled()
            let (status, body) = await download(inspector)
            await inspector.stop()
            recorder.stop()
            #expect(status == 200)
            let fromRecorder = DownloadedRecording(lines.joined())
            let fromInspector = DownloadedRecording(body)
            #expect(
                fromRecorder.eventLines.count == 202,
                "the recorder holds \(fromRecorder.eventLines.count) of 202")
            #expect(
                fromInspector.eventLines.count == fromRecorder.eventLines.count,
                "the inspector holds \(fromInspector.eventLines.count), the recorder \(fromRecorder.eventLines.count)"
            )
            let replayed = try Recording(jsonLines: body).reproduce { BurstApp() }
            #expect(
                replayed.digest == app.digest, "the inspector's recording does not replay to the live state")
        }
    }

    // Inspecting a running app, "Start the inspector": "start it with the tree's root"; "What the page
    // shows": "The timeline: each event with its scope's path", and the state after an event is replayed
    // from the session's recording, which holds the root's tree only. A scope of another tree is not the
    // inspected app's: its events stay out of the timeline and take no event number of the session.
    @Test func anotherTreesEventsStayOutOfTheInspectedTimeline() async throws {
        let app = BurstApp()
        let other = NaNScope()
        let inspector = try await Inspector.start(root: app, replayingInto: { BurstApp() })
        let (port, token) = address(of: inspector)
        app.send(.tick(1))
        other.send(.double(5))
        other.send(.double(6))
        app.send(.tick(2))
        app.send(.tick(-7))
        let stream = await threadGet(port: port, target: "/events?\(token)", until: "tick(-7)")
        let foreign = await threadGet(port: port, target: "/state?event=3&\(token)")
        await inspector.stop()
        let events = serverSentMessages(stream.text).filter { $0["kind"] as? String == "event" }
        let strangers = events.filter { ($0["scope"] as? String)?.hasPrefix("BurstApp") != true }
        #expect(
            strangers.isEmpty,
            "the timeline lists another tree's events: \(strangers.map { "\($0["id"] ?? "?") \($0["scope"] ?? "?") \($0["text"] ?? "?")" })"
        )
        #expect(events.compactMap { intValue($0["id"]) } == [1, 2, 3], "\(events)")
        #expect(
            // The page's answer is JSON: its line breaks are written `\n`.
            foreign.status == 404 || httpBody(foreign.text).contains(#"count = 3\n"#),
            "event 3 of the session is tick(-7); the page answered \(httpBody(foreign.text).prefix(200))")
    }
}
