/// A limit from the performance budget (the README's *Performance*).
enum Budget: Sendable {
    /// At most this multiple of the workload's baseline, measured in the same run.
    case ratio(atMost: Double)
    /// At most this value, in the row's unit.
    case value(atMost: Double)

    /// Whether a row's figure, or its ratio to the baseline, stays within the limit.
    func isMet(figure: Double, ratio: Double?) -> Bool {
        switch self {
        case .ratio(let limit):
            guard let ratio else { return false }
            return ratio <= limit
        case .value(let limit):
            return figure <= limit
        }
    }

    /// The limit as the table shows it.
    func text(unit: String) -> String {
        switch self {
        case .ratio(let limit):
            return "<= \(Format.ratio(limit)) baseline"
        case .value(let limit):
            return "<= \(Format.number(limit)) \(unit)"
        }
    }
}

/// How a row stands against its budget.
enum Verdict: String, Codable, Sendable {
    case pass = "PASS"
    case fail = "FAIL"
    /// The row is the baseline others are compared with.
    case baseline
    /// The budget sets no limit on this row; it is reported to follow it over time.
    case reported = "-"
}
