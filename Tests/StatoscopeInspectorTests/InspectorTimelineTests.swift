import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

@testable import StatoscopeInspector

/// What the page receives: the timeline, the effects' outcomes, the tree, and nothing sensitive.
extension InspectorTests {
    @MainActor
    @Suite struct InspectorTimelineTests {
        @Test func theTimelineShowsEventsEffectsOutcomesErrorsAndAnalyticsWithSensitiveValuesRedacted()
            async throws
        {
            let account = Account()
            let inspector = try await Inspector.start(root: account)
            let stream = await inspector.journal.connect()
            account.send(.typePassword(Sensitive("hunter2")))
            account.send(.rename("Ada"))
            account.send(.save)
            #expect(await account.effectsState.settlesWithinTestPatience())
            account.send(.fail)
            let messages = await Self.messages(from: stream) { messages in
                messages.contains { $0.contains(#""step":"completed""#) }
                    && messages.contains { $0.contains(#""kind":"eventFailed""#) }
                    && messages.contains { $0.contains(#""kind":"report""#) }
                    && messages.contains { $0.contains(#""kind":"analytics""#) && $0.contains("rename") }
                    && messages.contains { $0.contains(#""kind":"tree""#) && $0.contains("saves = 1") }
            }
            await inspector.stop()
            let all = messages.joined(separator: "\n")
            #expect(all.contains(#""kind":"event""#) && all.contains(#""text":"rename(\"Ada\")""#))
            #expect(all.contains(#""text":"typePassword(<redacted>)""#))
            #expect(all.contains(#""kind":"effect""#) && all.contains(#""text":"SaveAccount(Ada)""#))
            #expect(all.contains(#""kind":"eventFailed""#) && all.contains("the account refused"))
            #expect(
                messages.contains {
                    $0.contains(#""kind":"report""#) && $0.contains(#""scope":"Account""#)
                        && $0.contains("the account refused")
                })
            // Analytics, handed over from its own thread, still follows the event it tracks.
            let renamed = messages.firstIndex { $0.contains(#""kind":"event""#) && $0.contains("rename") }
            let tracked = messages.firstIndex { $0.contains(#""kind":"analytics""#) && $0.contains("rename") }
            #expect(renamed != nil && tracked != nil && renamed! < tracked!)
            #expect(!all.contains("hunter2"))
        }

        @Test func anEffectEndedByItsScopesDismissalIsShownDismissed() async throws {
            let screen = Screen()
            let inspector = try await Inspector.start(root: screen)
            let stream = await inspector.journal.connect()
            screen.waiting?.send(.wait)
            screen.send(.close)
            let messages = await Self.messages(from: stream) { messages in
                messages.contains { $0.contains("NeverAnswers()") && $0.contains(#""step":"dismissed""#) }
            }
            await inspector.stop()
            let effect = messages.filter { $0.contains(#""text":"NeverAnswers()""#) }
            #expect(
                effect.contains {
                    $0.contains(#""scope":"Screen.waiting""#) && $0.contains(#""step":"enqueued""#)
                })
            #expect(effect.contains { $0.contains(#""step":"dismissed""#) })
            #expect(!effect.contains { $0.contains(#""step":"cancelled""#) })
        }

        @Test func releasingTheInspectorStopsIt() async throws {
            var inspector: Inspector? = try await Inspector.start(root: Account())
            #expect(ScopeRuntime.lifecycleInspector != nil)
            inspector = nil
            #expect(inspector == nil && ScopeRuntime.lifecycleInspector == nil)
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func stoppingTakesOutEverythingTheInspectorInstalled() async throws {
            let inspector = try await Inspector.start(root: Account())
            #expect(ScopeRuntime.lifecycleInspector != nil)
            await inspector.stop()
            #expect(ScopeRuntime.lifecycleInspector == nil)
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func aPageConnectingLateGetsTheLast20000Entries() async throws {
            let journal = InspectorJournal(
                rootTypeName: "Account", canReplay: false, watchers: CriticalState(0))
            let (captures, handOver) = AsyncStream<[Capture]>.makeStream()
            for id in 1...25_000 {
                handOver.yield([
                    .event(id: id, cause: nil, scopePath: "Account", when: Account.When.save, inputs: id)
                ])
            }
            handOver.yield([.tree(TreeSnapshot(description: "Account", work: []))])
            handOver.finish()
            await journal.consume(captures, backlog: HandOverBacklog())
            // What a page connecting now receives: the hello, the entries kept, then the tree.
            var ids: [Int] = []
            for await message in await journal.connect() {
                let text = String(decoding: message, as: UTF8.self)
                if text.contains(#""kind":"tree""#) { break }
                if let match = text.firstMatch(of: /"id":(\d+)/), let id = Int(match.1) { ids.append(id) }
            }
            #expect(InspectorJournal.keptMessages == 20_000)
            #expect(ids.count == 20_000, "a late page got \(ids.count) of the last 25,000 entries")
            #expect(ids.first == 5_001 && ids.last == 25_000)
            #expect(ids.elementsEqual(5_001...25_000), "the entries kept are not the last ones, in order")
        }

        @Test func longEntriesAreKeptUpTo64MBTheNewestAlways() {
            var kept = RecentMessages(
                capacity: InspectorJournal.keptMessages, byteLimit: InspectorJournal.keptBytes)
            #expect(InspectorJournal.keptBytes == 64 << 20)
            for index in 0..<100 { kept.append(Data(repeating: UInt8(index), count: 1 << 20)) }
            #expect(kept.count == 64 && kept.bytes == 64 << 20)
            #expect(kept.oldestFirst.map { $0.first } == (36..<100).map { UInt8($0) })
            kept.append(Data(repeating: 1, count: 100 << 20))
            #expect(kept.count == 1, "the newest entry is kept, however long")
        }

        /// The messages `stream` yields until `enough` holds of them, or all it yielded within the test's
        /// patience.
        static func messages(
            from stream: AsyncStream<Data>, until enough: @escaping @Sendable ([String]) -> Bool
        ) async -> [String] {
            let collected = LockedMessages()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The journal sends what one hand-over brought in one piece: a message each.
                    for await piece in stream {
                        for message in String(decoding: piece, as: UTF8.self).split(separator: "\n\n") {
                            collected.append(String(message))
                        }
                        if enough(collected.all) { return }
                    }
                }
                group.addTask { try? await sleepThroughTestPatience() }
                await group.next()
                group.cancelAll()
            }
            if !enough(collected.all) {
                Issue.record(
                    "waited \(testPatience) but the page never received what was expected: \(collected.all)")
            }
            return collected.all
        }
    }
}

/// The messages received so far, shared between the task reading them and the test.
private final class LockedMessages: Sendable {
    private let messages = CriticalState<[String]>([])
    var all: [String] { messages.withLock { $0 } }
    func append(_ message: String) { messages.withLock { $0.append(message) } }
}
