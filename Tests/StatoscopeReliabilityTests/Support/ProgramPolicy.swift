import Statoscope

/// The policy of a keyed effect in a program.
enum ProgramPolicy: CustomStringConvertible, Equatable {
    case cancelOlder
    case debounce
    case throttle

    /// A debounced effect's quiet period and a throttle's interval, in milliseconds of the clock.
    static let quietPeriod = 300
    static let throttleInterval = 1_000

    init(_ number: Int) {
        self = [.cancelOlder, .debounce, .throttle][number % 3]
    }

    var keyPolicy: EffectKeyPolicy {
        switch self {
        case .cancelOlder: .cancelOlder
        case .debounce: .debounce(.milliseconds(Self.quietPeriod))
        case .throttle: .throttle(.milliseconds(Self.throttleInterval))
        }
    }

    var description: String {
        switch self {
        case .cancelOlder: "cancelling the older"
        case .debounce: "debounced \(Self.quietPeriod) ms"
        case .throttle: "throttled \(Self.throttleInterval) ms"
        }
    }
}
