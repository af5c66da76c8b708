import Foundation
import Statoscope
import StatoscopeTesting
import Testing

struct Greeter: Injectable, Equatable {
    var greeting: String
    static var defaultValue: Greeter { Greeter(greeting: "hello") }
    /// What plans read where nothing overrides it: the same greeting, declared for tests.
    static var testValue: Greeter { Greeter(greeting: "hello") }
}

/// A three-level tree with dependencies, subscopes never addressed by the plan, and effects.
final class Lobby: Scope {
    var visits = 0
    @Subscope var desk = Desk()
    @Subscope var guest: Guest? = nil

    enum When: Codable, Sendable {
        case guestArrives(String)
        case guestLeaves
    }

    func update(_ when: When) throws {
        switch when {
        case .guestArrives(let name):
            guest = Guest(name: name)
            visits += 1
        case .guestLeaves:
            guest = nil
        }
    }
}

final class Desk: Scope {
    @Injected var greeter: Greeter
    var lastGreeting: String?
    var announced: [String] = []

    enum When: Codable, Sendable {
        case greet(String)
        case announced(String)
    }

    struct Announce: Effect, Equatable {
        let text: String
        func runEffect() async throws -> String { text }
    }

    func update(_ when: When) throws {
        switch when {
        case .greet(let name):
            let greeting = "\(greeter.greeting), \(name)"
            lastGreeting = greeting
            effectsState.enqueue(Announce(text: greeting).map(When.announced))
        case .announced(let text):
            announced.append(text)
        }
    }
}

final class Guest: Scope {
    let name: String
    var bags = 0
    @Injected var greeter: Greeter
    @Superscope var lobby: Lobby
    /// Set by `.leaveAKeyInTheDoor`: a guest that keeps itself alive.
    var keepsItself: Guest?

    init(name: String) {
        self.name = name
    }

    enum When: Codable, Sendable {
        case dropsBag
        case leaveAKeyInTheDoor
    }

    func update(_ when: When) throws {
        switch when {
        case .dropsBag: bags += 1
        case .leaveAKeyInTheDoor: keepsItself = self
        }
    }
}

@Suite(.timeLimit(.minutes(20)))
struct TreeIntegrationTests {
    @Test func injectedDependencyReachesTheWholeTreeOnEveryLine() throws {
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .injecting(Greeter(greeting: "welcome"))
                .WHEN(\.desk, .greet("Ada"))
                .THEN(\.desk.lastGreeting, equals: "welcome, Ada")
                .WHEN(.guestArrives("Ada"))
                .FORK(.guestLeaves) { plan in
                    try plan.WHEN(\.desk, .greet("Bob")).THEN(\.desk.lastGreeting, equals: "welcome, Bob")
                }
                .THEN(\.guest?.greeter, equals: Greeter(greeting: "welcome"))
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func withoutTheOverrideTheTestValueIsRead() throws {
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .WHEN(\.desk, .greet("Ada"))
                .THEN(\.desk.lastGreeting, equals: "hello, Ada")
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func aLeakOfASubscopeAStepReachedIsReportedAtThatStep() throws {
        let stepLine: UInt = #line + 4
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .WHEN(.guestArrives("Ada"))
                .WHEN(\.guest, .leaveAKeyInTheDoor)
                .runTest()
        }
        let leaks = failures.filter { $0.kind == .retainCycle }
        #expect(leaks.count == 1)
        #expect(leaks.first?.location.line == stepLine)
        #expect(
            leaks.first?.message.hasPrefix(
                "Guest (reached through Lobby.guest) is still alive after the plan ran") == true,
            "\(leaks)")
    }

    @Test func aLeakInAPartOfTheTreeNoStepAddressedIsReportedToo() throws {
        let givenLine: UInt = #line + 2
        let failures = try capturingFailures {
            try Lobby.GIVEN {
                let lobby = Lobby()
                lobby.guest = Guest(name: "Ada")
                lobby.guest?.keepsItself = lobby.guest
                return lobby
            }
            .THEN(\.visits, equals: 0)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.retainCycle])
        #expect(failures.first?.location.line == givenLine)
        #expect(
            failures.first?.message.hasPrefix(
                "Guest (in the tree at Lobby.guest) is still alive after the plan ran") == true,
            "\(failures)")
    }

    @Test func strictPlanSeesPendingEffectsOfScopesItNeverAddressed() throws {
        let failures = try capturingFailures {
            try Lobby.GIVEN {
                let lobby = Lobby()
                lobby.desk.send(.greet("Ada"))
                return lobby
            }
            .strictEffects()
            .THEN(\.visits, equals: 0)
            .runTest()
        }
        #expect(failures.map(\.kind) == [.pendingEffects])
        #expect(failures.first?.message.contains("Lobby.desk") == true, "\(failures)")
    }

    @Test func clearingAllScopesCancelsEffectsAcrossTheTree() throws {
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .clearingPendingEffects(onWhen: .allScopes)
                .strictEffects()
                .WHEN(\.desk, .greet("Ada"))
                .WITH(\.desk) { try $0.THEN_Enqueued(Desk.Announce(text: "hello, Ada")) }
                .WHEN(.guestArrives("Bob"))
                .WITH(\.desk) { try $0.THEN_NoEffects() }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}

@MainActor
func recordLobbySession() async -> String {
    let lobby = Lobby()
    var text = ""
    let recorder = Recorder(recording: lobby) { text += $0 }
    lobby.send(.guestArrives("Ada"))
    lobby.guest?.send(.dropsBag)
    lobby.guest?.send(.dropsBag)
    lobby.desk.send(.greet("Ada"))
    await lobby.effectsState.waitUntilSubtreeSettled()
    recorder.stop()
    return text
}

@Suite(.timeLimit(.minutes(20)))
struct ReplayPlanTests {
    @Test func recordingReplaysAsStepsOfAPlan() async throws {
        let recording = try Recording(jsonLines: await recordLobbySession())
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .REPLAY(recording)
                .THEN(\.visits, equals: 1)
                .THEN(\.guest?.bags, equals: 2)
                .THEN(\.desk.lastGreeting, equals: "hello, Ada")
                .THEN(\.desk.announced, equals: ["hello, Ada"])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func replayedSessionThatShowsABugFailsAtTheCheck() async throws {
        let recording = try Recording(jsonLines: await recordLobbySession())
        let checkLine: UInt = #line + 4
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .REPLAY(recording)
                .THEN(\.guest?.bags, equals: 1)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(failures.first?.location.line == checkLine)
    }

    @Test func eventForAScopeThatIsNotThereFailsItsReplayStep() throws {
        let text = """
            {"format":"statoscope-recording","root":"Lobby","version":2}
            {"n":2,"path":["guest"],"scope":"Guest","event":{"dropsBag":{}}}
            {"n":3,"end":{"events":1}}

            """
        let replayLine: UInt = #line + 3
        let failures = try capturingFailures {
            try Lobby.GIVEN { Lobby() }
                .REPLAY(try Recording(jsonLines: text))
                .runTest()
        }
        #expect(failures.map(\.kind) == [.replayFailed])
        #expect(failures.first?.location.line == replayLine)
        #expect(failures.first?.message.contains("line 2: no scope at Lobby.guest") == true, "\(failures)")
    }

    @Test func recordingOfAnotherRootIsRefusedWhenThePlanIsBuilt() throws {
        let text = """
            {"format":"statoscope-recording","root":"Cafe","version":2}
            {"n":2,"end":{"events":0}}

            """
        #expect {
            try Lobby.GIVEN { Lobby() }.REPLAY(try Recording(jsonLines: text))
        } throws: { error in
            "\(error)" == "line 1: recorded from a Cafe; cannot replay into a Lobby"
        }
    }
}
