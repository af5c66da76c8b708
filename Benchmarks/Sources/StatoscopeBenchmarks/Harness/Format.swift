import Foundation

/// How figures are written in the table: a fixed number of significant digits, so that columns of
/// very different magnitudes (a few nanoseconds, a hundred megabytes) stay readable.
enum Format {
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        if magnitude >= 100 || magnitude == value.rounded() && magnitude >= 10 {
            return String(format: "%.0f", value)
        }
        return String(format: magnitude >= 10 ? "%.1f" : "%.2f", value)
    }

    /// A count as a case's name shows it: `10,000`.
    static func count(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return String(format: value >= 100 ? "%.0fx" : "%.2fx", value)
    }
}

extension Int {
    /// With thousands separators, as the issue writes counts: 100,000.
    var grouped: String {
        let digits = String(self)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return groups.joined(separator: ",")
    }
}
