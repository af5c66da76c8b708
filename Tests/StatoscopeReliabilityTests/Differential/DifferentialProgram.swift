import PropertyBased
import Statoscope

/// One step of a program that the live runtime and a test plan both run, as plain data.
///
/// Decoded from a generated number, so that shrinking the numbers shrinks the program towards fewer
/// and simpler steps. A step that acts on an effect picks it by position among those it can act
/// on (`pick` modulo their count), so every step means something whatever came before it.
enum DifferentialStep: Equatable, Sendable, CustomStringConvertible {
    /// The child receives an event that changes its state.
    case send(Int)
    /// The child enqueues a one-shot effect.
    case startEffect(OneShotStart)
    /// The child enqueues a stream effect.
    case startStream(StreamStart)
    /// The child enqueues a stream effect mapped with the one-shot `map`: it runs to its end and
    /// delivers one event, with the value it was made with.
    case startStreamRunOnce(OneShotStart)
    /// The child's update enqueues a keyed one-shot effect, then throws: nothing of it stays.
    case startThenThrow(key: Int, policy: DifferentialPolicy)
    /// One of the child's started one-shot effects finishes with the result it was made with.
    case complete(pick: Int)
    /// One of the child's open streams produces an element.
    case streamYields(pick: Int, value: Int)
    /// One of the child's open streams finishes.
    case streamEnds(pick: Int)
    /// One of the child's open streams fails.
    case streamFails(pick: Int)
    case timePasses(Duration)
    /// The child's update cancels the effect enqueued with a key.
    case cancelKey(Int)
    /// The child's update cancels the effects whose program id has this parity, by predicate.
    case cancelWhere(parity: Int)
    /// The child's update cancels all its effects.
    case cancelAll
    /// The app dismisses the child and keeps it, as a view may.
    case dismissHolding
    /// The app dismisses the child and lets it go.
    case clearChild
    /// The app puts a new child in the place of the present one.
    case replaceChild
    /// The app presents a new child where none is.
    case presentChild
    /// The app presents the child it kept again.
    case presentHeld
    /// The app moves the child to its other parent, in one update.
    case moveChild
    /// The app replaces the parent presenting the child: the child leaves with it.
    case replaceParent
    /// An event reaches the dismissed child the app kept: it is refused.
    case lateEvent(Int)

    /// How many kinds of step a number decodes to; the steps that the others need (effects, time, a
    /// child) take more than one.
    static let kinds = 34

    init(_ number: Int) {
        let parameter = number / Self.kinds
        switch number % Self.kinds {
        case 0: self = .send(parameter % 10)
        case 1, 14, 15, 27: self = .startEffect(OneShotStart(parameter))
        case 2, 16, 17, 28: self = .complete(pick: parameter)
        case 3, 18, 29: self = .startStream(StreamStart(parameter))
        case 4, 19, 30: self = .streamYields(pick: parameter / 10, value: parameter % 10)
        case 5: self = .streamEnds(pick: parameter)
        case 6: self = .streamFails(pick: parameter)
        case 7, 20, 31: self = .timePasses(Self.times[parameter % Self.times.count])
        case 8: self = .cancelKey(parameter % 2)
        case 9: self = .cancelWhere(parity: parameter % 2)
        case 10: self = .cancelAll
        case 11: self = .dismissHolding
        case 12: self = .presentHeld
        case 13: self = .lateEvent(parameter % 10)
        case 21: self = .clearChild
        case 22: self = .replaceChild
        case 23, 24: self = .presentChild
        case 25: self = .moveChild
        case 32:
            let start = OneShotStart(parameter)
            self = .startStreamRunOnce(
                OneShotStart(
                    value: start.value, fails: start.fails, deliversFailure: false, key: start.key,
                    policy: start.policy, chains: start.chains))
        case 33: self = .replaceParent
        default: self = .startThenThrow(key: parameter % 2, policy: DifferentialPolicy(parameter / 2))
        }
    }

    /// How much time a step lets pass: a century too, past which a quiet period or an interval lasts
    /// no longer.
    static let times: [Duration] = [
        .zero, .milliseconds(100), .milliseconds(300), .seconds(1), EffectClock.longestWait,
    ]

    /// Programs of up to 50 steps, each decoded from a number.
    static let generator = Gen.int(in: 0...9_999_999).array(of: 1...50)

    var description: String {
        switch self {
        case .send(let value): "the child adds \(value)"
        case .startEffect(let start): "the child starts a one-shot effect \(start)"
        case .startStream(let start): "the child starts a stream \(start)"
        case .startStreamRunOnce(let start): "the child starts a stream run once \(start)"
        case .replaceParent: "the app replaces the parent presenting the child"
        case .startThenThrow(let key, let policy):
            "the child starts a one-shot effect with key \(key), \(policy), in an update that throws"
        case .complete(let pick): "started one-shot effect [\(pick) mod their count] completes"
        case .streamYields(let pick, let value): "open stream [\(pick) mod their count] yields \(value)"
        case .streamEnds(let pick): "open stream [\(pick) mod their count] finishes"
        case .streamFails(let pick): "open stream [\(pick) mod their count] fails"
        case .timePasses(let duration): "\(duration) pass"
        case .cancelKey(let key): "the child cancels key \(key)"
        case .cancelWhere(let parity):
            "the child cancels its effects with an \(parity == 0 ? "even" : "odd") id"
        case .cancelAll: "the child cancels all its effects"
        case .dismissHolding: "the app dismisses the child and keeps it"
        case .clearChild: "the app dismisses the child"
        case .replaceChild: "the app replaces the child"
        case .presentChild: "the app presents a child"
        case .presentHeld: "the app presents the kept child again"
        case .moveChild: "the app moves the child to its other parent"
        case .lateEvent(let value): "the kept child is sent add(\(value))"
        }
    }
}

/// What a keyed effect does when an effect with its key is in flight; every policy, with quiet
/// periods and intervals below and at zero, short, and longer than a century.
enum DifferentialPolicy: Equatable, Sendable, CustomStringConvertible {
    case cancelOlder
    case keepOlder
    case debounce(Duration)
    case throttle(Duration)
    case throttleLatest(Duration)

    static let all: [DifferentialPolicy] = [
        .cancelOlder, .keepOlder,
        .debounce(.milliseconds(300)), .debounce(.zero), .debounce(.milliseconds(-100)),
        .throttle(.seconds(1)), .throttle(.zero), .throttle(.milliseconds(-100)),
        .debounce(.seconds(Int64.max)), .throttle(.seconds(Int64.max)),
        .throttleLatest(.seconds(1)), .throttleLatest(.zero), .throttleLatest(.seconds(Int64.max)),
    ]

    init(_ number: Int) {
        self = Self.all[number % Self.all.count]
    }

    var keyPolicy: EffectKeyPolicy {
        switch self {
        case .cancelOlder: .cancelOlder
        case .keepOlder: .keepOlder
        case .debounce(let quietPeriod): .debounce(quietPeriod)
        case .throttle(let interval): .throttle(interval)
        case .throttleLatest(let interval): .throttleLatest(interval)
        }
    }

    var description: String {
        switch self {
        case .cancelOlder: "cancelling the older"
        case .keepOlder: "keeping the older"
        case .debounce(let quietPeriod): "debounced \(quietPeriod)"
        case .throttle(let interval): "throttled \(interval)"
        case .throttleLatest(let interval): "throttled to the latest \(interval)"
        }
    }
}

/// How a one-shot effect is enqueued and what its work returns.
struct OneShotStart: Equatable, Sendable, CustomStringConvertible {
    let value: Int
    /// Whether its work throws instead of returning `value`.
    let fails: Bool
    /// Whether it is mapped with `mapToResult()`, so a failure comes back as an event rather than
    /// going to `ErrorReporting`.
    let deliversFailure: Bool
    let key: Int?
    var policy: DifferentialPolicy
    /// Whether the update that receives its value starts a follow-up effect (``followUp``): an
    /// effect enqueued while a completion is delivered.
    let chains: Bool

    init(
        value: Int, fails: Bool, deliversFailure: Bool, key: Int?, policy: DifferentialPolicy,
        chains: Bool = false
    ) {
        self.value = value
        self.fails = fails
        self.deliversFailure = deliversFailure
        self.key = key
        self.policy = key == nil ? .cancelOlder : policy
        self.chains = chains
    }

    init(_ number: Int) {
        let rest = number / 100
        let keying = rest / 24
        self.init(
            value: number % 100, fails: rest % 4 == 3, deliversFailure: rest / 4 % 2 == 1,
            key: [nil, 0, 1][keying % 3], policy: DifferentialPolicy(keying / 3), chains: rest / 8 % 3 == 2)
    }

    /// The program id of the follow-up effect of the effect with program id `id`.
    static func followUpID(of id: Int) -> Int { id + 10_000 }

    /// The effect the update that receives this one's value starts, with its key and policy.
    var followUp: OneShotStart? {
        guard chains else { return nil }
        return OneShotStart(value: value + 1, fails: false, deliversFailure: false, key: key, policy: policy)
    }

    var description: String {
        let work = fails ? "that fails\(deliversFailure ? ", as an event" : "")" : "of \(value)"
        return work + (key.map { " with key \($0), \(policy)" } ?? "") + (chains ? ", then another" : "")
    }
}

/// How a stream effect is enqueued.
struct StreamStart: Equatable, Sendable, CustomStringConvertible {
    let key: Int?
    let policy: DifferentialPolicy
    /// Whether its end and failure come back as an event (`onEnd`).
    let reportsEnd: Bool

    init(key: Int?, policy: DifferentialPolicy, reportsEnd: Bool) {
        self.key = key
        self.policy = key == nil ? .cancelOlder : policy
        self.reportsEnd = reportsEnd
    }

    init(_ number: Int) {
        self.init(
            key: [nil, 0, 1][number / 2 % 3], policy: DifferentialPolicy(number / 6),
            reportsEnd: number % 2 == 1)
    }

    var description: String {
        (reportsEnd ? "reporting its end" : "silent at its end")
            + (key.map { " with key \($0), \(policy)" } ?? "")
    }
}
