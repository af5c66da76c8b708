/// One check of the library as an app runs it: its name, and the expectations it found unmet.
///
/// A check records its failures rather than stopping at the first, so that one run names every
/// behaviour that broke.
@MainActor
final class Check {
    /// How long a check waits for work that completes asynchronously (an effect's result, a save)
    /// before it records that the work never came: generous, so that a loaded machine never fails a
    /// check that only ran slowly.
    static let patience: Duration = .seconds(60)

    let name: String
    private(set) var failures: [String] = []

    init(name: String) {
        self.name = name
    }

    /// Records a failure unless `got` equals `expected`.
    func expect<Value: Equatable>(_ what: String, _ got: Value, equals expected: Value) {
        guard got != expected else { return }
        fail(what, expected: String(reflecting: expected), got: String(reflecting: got))
    }

    /// Records a failure unless `holds`, with `expected` and `got` saying what that means.
    func expect(_ what: String, _ holds: Bool, expected: String, got: @autoclosure () -> String) {
        guard !holds else { return }
        fail(what, expected: expected, got: got())
    }

    func fail(_ what: String, expected: String, got: String) {
        failures.append("\(what): expected \(expected), got \(got)")
    }

    /// Waits until `condition` holds, while effects run and the main actor delivers their results;
    /// past ``patience``, records that `what` never came, with `got` saying what there was instead.
    @discardableResult
    func waitUntil(
        _ what: String, got: @autoclosure () -> String = "nothing", _ condition: () async -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: Self.patience)
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                fail(what, expected: "within \(Self.patience)", got: "\(got()) after \(Self.patience)")
                return false
            }
            // The yield lets the main actor deliver what waits for it; the short sleep keeps the loop
            // from spinning while the work runs on another thread.
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}

/// A check as the run lists it: its name, in the words of the behaviour it checks, and its body.
struct NamedCheck {
    let name: String
    let body: @MainActor (Check) async -> Void

    init(_ name: String, _ body: @escaping @MainActor (Check) async -> Void) {
        self.name = name
        self.body = body
    }
}

/// The checks, grouped by concept in the files `Checks+*.swift`.
@MainActor
enum Checks {
    /// Runs `checks` in order and prints a line for each that failed; returns how many failed.
    static func run(_ checks: [NamedCheck]) async -> Int {
        var failed = 0
        for named in checks {
            let check = Check(name: named.name)
            await named.body(check)
            guard !check.failures.isEmpty else { continue }
            failed += 1
            print("FAILED \(named.name): \(check.failures.joined(separator: "; "))")
        }
        return failed
    }
}
