import FlyingFox
import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Starting and stopping the inspector: twice, released, on a port in use, and on the loopback only by
/// default.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(20))) struct InspectorLifecycleTests: InspectorProbing {
        @Test func stoppingTwiceThenStartingAgainWorks() async throws {
            let inspector = try await Inspector.start(root: Account())
            let port = UInt16(inspector.url.port ?? 0)
            await inspector.stop()
            await inspector.stop()
            let closed = await Task.detached { RawConnection(port: port) == nil }.value
            #expect(closed, "the stopped inspector's port still accepts connections")
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func releasingTheInspectorStopsServing() async throws {
            var inspector: Inspector? = try await Inspector.start(root: Account())
            let url = try #require(inspector?.url)
            let port = UInt16(url.port ?? 0)
            inspector = nil
            #expect(inspector == nil)
            var patience = TestPatience()
            var listening = true
            while listening, !patience.isExhausted {
                listening = await Task.detached { RawConnection(port: port) != nil }.value
                if listening { await patience.pause(for: .milliseconds(200)) }
            }
            #expect(!listening, "the released inspector still listens on \(port)")
            let token = InspectorRequests(inspector: url).token
            let answer = await Raw.exchange(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(answer?.status != 200, "the released inspector still serves its page")
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func aSecondStartWhileTheFirstIsStartingFailsSayingOneRunsAtATime() async throws {
            // Two tasks, each starting one: however their steps interleave, the second finds the slot
            // the first claimed.
            let first = Task { @MainActor in try await Inspector.start(root: Account()) }
            let second = Task { @MainActor in try await Inspector.start(root: Account()) }
            var started: [Inspector] = []
            var refusals: [String] = []
            for outcome in [await first.result, await second.result] {
                switch outcome {
                case .success(let inspector): started.append(inspector)
                case .failure(let error): refusals.append("\(error)")
                }
            }
            for inspector in started { await inspector.stop() }
            #expect(started.count == 1, "\(started.count) inspectors started at once")
            #expect(refusals == ["an inspector is already running: stop it before starting another"])
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func aStartOnAPortInUseFailsAndLeavesNoInspectorRunning() async throws {
            let first = try await Inspector.start(root: Account())
            let port = UInt16(first.url.port ?? 0)
            await first.stop()
            // Another inspector in another process would hold the port: here, a listening socket does.
            let holder = try #require(ListeningSocket(port: port))
            let outcome = StartOutcome()
            let started = await finishes(within: testPatience) {
                do {
                    let inspector = try await Inspector.start(root: Account(), port: port)
                    outcome.set("started")
                    await inspector.stop()
                } catch {
                    outcome.set("threw \(error)")
                }
            }
            holder.close()
            #expect(
                started, "Inspector.start on a port in use neither returned nor threw within \(testPatience)")
            #expect(
                outcome.value?.hasPrefix("threw the inspector could not listen on 127.0.0.1:\(port): ")
                    == true,
                "start on a port in use: \(outcome.value ?? "no outcome")")
            if started {
                let again = try await Inspector.start(root: Account())
                await again.stop()
            }
        }

        @Test func byDefaultItListensOnTheLoopbackOnly() async throws {
            let addresses = ListeningSocket.nonLoopbackIPv4Addresses()
            try await withInspector { _, port, _ in
                for address in addresses {
                    let reached = await Task.detached { RawConnection(port: port, host: address) != nil }
                        .value
                    #expect(!reached, "the inspector answers on \(address)")
                }
            }
        }
    }
}
