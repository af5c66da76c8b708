import Foundation
import Statoscope

// Scopes at the edges of what the plan generator and the inspector handle: each root holds one edge,
// so that a plan failing at one edge does not hide another.

/// A number that is not equal to itself.
@MainActor
final class TrickyNaN: Scope {
    var ratio = 0.0
    var single: Float = 0

    enum When: Codable, Sendable, Equatable {
        case setRatio(Double)
        case setSingle(Float)
    }

    func update(_ when: When) throws {
        switch when {
        case .setRatio(let ratio): self.ratio = ratio
        case .setSingle(let single): self.single = single
        }
    }
}

/// An optional of an optional, set to `.some(nil)`.
@MainActor
final class TrickyDoubleOptional: Scope {
    var label: String?? = "start"

    enum When: Codable, Sendable, Equatable {
        case clearInside
        case clearOutside
    }

    func update(_ when: When) throws {
        switch when {
        case .clearInside: label = .some(nil)
        case .clearOutside: label = .none
        }
    }
}

/// An enum with cases named like `Optional`'s, held in an optional and in an array of optionals.
enum TrickyMode: Codable, Sendable, Equatable {
    case none
    case some
    case other
}

@MainActor
final class TrickyOptionalEnum: Scope {
    var mode: TrickyMode? = .other
    var modes: [TrickyMode?] = []

    enum When: Codable, Sendable, Equatable {
        case pickNone
        case listNone
    }

    func update(_ when: When) throws {
        switch when {
        case .pickNone: mode = TrickyMode.none
        case .listNone: modes = [TrickyMode.none, nil, .some]
        }
    }
}

/// An enum whose cases carry values, labelled and not, and nest.
indirect enum TrickyPhase: Codable, Sendable, Equatable {
    case idle
    case loading(progress: Double, label: String)
    case pair(Int, String)
    case nested(TrickyPhase)
}

@MainActor
final class TrickyEnums: Scope {
    var phase: TrickyPhase = .idle

    enum When: Codable, Sendable, Equatable {
        case set(TrickyPhase)
    }

    func update(_ when: When) throws {
        if case .set(let phase) = when { self.phase = phase }
    }
}

/// `Equatable` and `Codable`, but its JSON forgets a property: it does not decode to the same value.
struct TrickyLossy: Codable, Sendable, Equatable {
    var kept: Int
    var cache = 0

    enum CodingKeys: String, CodingKey {
        case kept
    }
}

/// `Equatable`, not `Codable`.
struct TrickyPoint: Equatable, Sendable {
    var x: Int
    var y: Int
}

@MainActor
final class TrickyValues: Scope {
    var lossy = TrickyLossy(kept: 0)
    var point = TrickyPoint(x: 0, y: 0)
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var decimal: Decimal = 0
    var link = URL(string: "https://example.org/")!
    var dictionary: [String: Int] = [:]
    var smallest = 0
    var big: UInt64 = 0
    var tiny: Int8 = 0

    enum When: Codable, Sendable, Equatable {
        case change(Date)
    }

    func update(_ when: When) throws {
        guard case .change(let date) = when else { return }
        lossy = TrickyLossy(kept: 1, cache: 7)
        point = TrickyPoint(x: 1, y: 2)
        self.date = date
        decimal = Decimal(string: "0.1")!
        link = URL(string: "https://example.org/a b?q=\"x\"#frag")!
        dictionary = ["a": 1, "\"#": 2]
        smallest = .min
        big = .max
        tiny = .min
    }
}

/// A tuple, which no type makes `Equatable`, and a lazy property, whose storage has another name.
@MainActor
final class TrickyShapes: Scope {
    var pair = (0, "")
    lazy var total = 0

    enum When: Codable, Sendable, Equatable {
        case bump
    }

    func update(_ when: When) throws {
        pair = (1, "one")
        total += 1
    }
}

/// Keywords as property names and as an event's labels.
@MainActor
final class TrickyKeywords: Scope {
    var `default` = 0
    var `class` = ""
    var `in` = false

    enum When: Codable, Sendable, Equatable {
        case move(for: Int, default: String)
        case `default`
    }

    func update(_ when: When) throws {
        switch when {
        case .move(let amount, let name):
            `default` = amount
            `class` = name
        case .default:
            `in` = true
        }
    }
}

/// An event case named `init`, which `.init` would not name.
@MainActor
final class TrickyInitCase: Scope {
    var count = 0

    enum When: Codable, Sendable, Equatable {
        case `init`
    }

    func update(_ when: When) throws {
        count += 1
    }
}

/// Text that would end a raw string literal or interpolate inside one, in a value written as JSON.
struct TrickyTitle: Codable, Sendable, Equatable {
    var title: String
}

@MainActor
final class TrickyDelimiters: Scope {
    var title = TrickyTitle(title: "")
    var text = ""

    enum When: Codable, Sendable, Equatable {
        case setTitle(TrickyTitle)
        case write(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .setTitle(let title): self.title = title
        case .write(let text): self.text = text
        }
    }
}

/// A root with no `init()`: the app builds it with an argument.
@MainActor
final class TrickySeeded: Scope {
    var count: Int

    init(seed: Int) {
        count = seed
    }

    /// The root as the app builds it.
    static func seededWithFive() -> TrickySeeded { TrickySeeded(seed: 5) }

    enum When: Codable, Sendable, Equatable {
        case increment
    }

    func update(_ when: When) throws {
        count += 1
    }
}

/// An update that changes the state, then throws.
@MainActor
final class TrickyPartial: Scope {
    var text = ""
    var attempts = 0

    struct Refused: Error {}

    enum When: Codable, Sendable, Equatable {
        case tryWrite(String)
    }

    func update(_ when: When) throws {
        guard case .tryWrite(let text) = when else { return }
        attempts += 1
        self.text = text
        throw Refused()
    }
}

/// Secrets everywhere: in a `SensitiveWhen` event, nested in a struct, an optional and an array, in a
/// scope's property, in an effect's property without a description of its own, and in an error.
struct TrickyCredentials: Codable, Sendable, Equatable {
    var user: String
    var pin: Sensitive<Int>
    var recovery: Sensitive<String>?
    var hints: [Sensitive<String>]
}

struct TrickyLogin: Effect {
    let user: String
    let password: Sensitive<String>
    func runEffect() async throws -> Int { 1 }
}

struct TrickyLeakyError: Error {
    let password: Sensitive<String>
}

@MainActor
final class TrickyVault: Scope {
    var credentials = TrickyCredentials(user: "", pin: Sensitive(0), recovery: nil, hints: [])
    @Sensitive var token = ""
    var secrets: [String: Sensitive<String>] = [:]
    var logins = 0
    @Subscope var keypad = TrickyKeypad()

    enum When: Codable, Sendable, Equatable {
        case store(TrickyCredentials)
        case keep(token: Sensitive<String>?)
        case remember(String, Sensitive<String>)
        case login(Sensitive<String>)
        case loggedIn(Int)
        case refuse(Sensitive<String>)
    }

    func update(_ when: When) throws {
        switch when {
        case .store(let credentials): self.credentials = credentials
        case .keep(let token): self.token = token?.value ?? ""
        case .remember(let key, let secret): secrets[key] = secret
        case .login(let password):
            effectsState.enqueue(
                TrickyLogin(user: credentials.user, password: password).map { When.loggedIn($0) })
        case .loggedIn(let count): logins += count
        case .refuse(let password): throw TrickyLeakyError(password: password)
        }
    }
}

/// A keypad whose every event is sensitive.
@MainActor
final class TrickyKeypad: Scope {
    var presses = 0

    enum When: Codable, Sendable, Equatable, SensitiveWhen {
        case typeDigits(Int, confirm: String)

        var isSensitive: Bool { true }
    }

    func update(_ when: When) throws {
        presses += 1
    }
}

/// Sensitive values the update computes itself, rather than reads from its event: a replay makes
/// them again without a recording of them.
@MainActor
final class TrickySalter: Scope {
    var history: [TrickyKeypad.When] = []
    var digest: Sensitive<String>?

    enum When: Codable, Sendable, Equatable {
        case typed(TrickyKeypad.When)
        case derive
    }

    /// Not state: a value the app computes.
    private var salt: String { "salt-" + "secret-8" }

    func update(_ when: When) throws {
        switch when {
        case .typed(let press): history.append(press)
        case .derive:
            history.append(.typeDigits(1, confirm: salt))
            digest = Sensitive(salt)
        }
    }
}

/// Analytics tracks every event of the vault and of its keypad.
extension TrickyVault.When: TrackedWhen {}
extension TrickyKeypad.When: TrackedWhen {}

/// Text that a page would render as markup.
@MainActor
final class TrickyMarkup: Scope {
    var text = ""

    enum When: Codable, Sendable, Equatable {
        case write(String)
    }

    func update(_ when: When) throws {
        if case .write(let text) = when { self.text = text }
    }
}

/// Counts the runs of an effect, from any thread.
final class TrickyRuns: @unchecked Sendable {
    // Unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// A counter whose save is an effect that counts its runs: a replay must not run it.
@MainActor
final class TrickyCounter: Scope {
    nonisolated static let runs = TrickyRuns()
    var count = 0

    enum When: Codable, Sendable, Equatable {
        case increment
        case saved
    }

    func update(_ when: When) throws {
        switch when {
        case .increment:
            count += 1
            effectsState.enqueue(TrickyCountingEffect().map { When.saved })
        case .saved: break
        }
    }
}

struct TrickyCountingEffect: Effect {
    func runEffect() async throws {
        TrickyCounter.runs.add()
    }
}

/// A root the app configures after building it: the builder given to the generator sets its step.
@MainActor
final class TrickyConfigured: Scope {
    var step = 1
    var count = 0

    /// The root as the app builds it, then configures it.
    static func steppingByTen() -> TrickyConfigured {
        let root = TrickyConfigured()
        root.step = 10
        return root
    }

    enum When: Codable, Sendable, Equatable {
        case increment
    }

    func update(_ when: When) throws {
        count += step
    }
}
