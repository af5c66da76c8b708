import Statoscope
import StatoscopeTesting
import Testing

// The library's property wrappers print as what they stand for in messages and specifications.

struct Salutation: Injectable {
    var greeting: String
    static let defaultValue = Salutation(greeting: "Hello")
}

/// An effect that reads a dependency: its `@Injected` storage holds a cache that must never show.
struct SendGreeting: Effect, Equatable {
    @Injected var salutation: Salutation
    let name: String
    func runEffect() async throws -> String { "\(salutation.greeting), \(name)" }
}

@MainActor
final class Greeting: Scope {
    @Injected var salutation: Salutation
    var sent = 0

    enum When {
        case userGreets(String)
        case greeted(String)
    }

    func update(_ when: When) throws {
        if case .userGreets(let name) = when {
            _ = salutation
            effectsState.enqueue(SendGreeting(name: name).map(When.greeted))
        } else {
            sent += 1
        }
    }
}

@Suite struct WrapperTextTests {
    @Test func anEffectHoldingADependencyPrintsItAsTheDependencyInMessages() throws {
        let failures = try capturingFailures {
            try Greeting.GIVEN { Greeting() }
                .injecting(Salutation(greeting: "Hi"))
                .WHEN(.userGreets("Ada"))
                .THEN_Enqueued(SendGreeting(name: "Grace"))
                .runTest()
        }
        let message = try #require(failures.first?.message)
        #expect(
            message.contains(
                #"actual: pending effects: [SendGreeting(salutation: @Injected Salutation, name: "Ada")]"#),
            "\(message)")
        #expect(!message.contains("cached"), "\(message)")
    }

    @Test func andInSpecifications() throws {
        let plan = try Greeting.GIVEN { Greeting() }
            .WHEN(.userGreets("Ada"))
            .THEN_NotEnqueued(SendGreeting(name: "Ada"))
        #expect(
            plan.specification.contains(
                #"`SendGreeting(salutation: @Injected Salutation, name: "Ada")` is no longer pending"#),
            "\(plan.specification)")
        _ = try capturingFailures { try plan.runTest() }
    }
}
