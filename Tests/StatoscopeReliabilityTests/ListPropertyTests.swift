import PropertyBased
import Statoscope
import StatoscopeTestSupport
import Testing

/// A row of ``ListHost``: parks an effect on demand and counts the pings it receives.
@MainActor
final class ListItem: Scope {
    let id: Int
    let gate: Gate
    var pings = 0

    init(id: Int, gate: Gate) {
        self.id = id
        self.gate = gate
    }

    enum When: Sendable {
        case park
        case parked
        case ping
    }

    func update(_ when: When) throws {
        switch when {
        case .park: effectsState.enqueue(GateOpened(gate: gate).map { _ in When.parked })
        case .parked: break
        case .ping: pings += 1
        }
    }
}

/// Finishes when its gate opens.
struct GateOpened: Effect {
    let gate: Gate
    func runEffect() async throws {
        await gate.wait()
    }
}

/// A list whose rows a program changes, one update per step.
@MainActor
final class ListHost: Scope {
    @Subscope var items: [ListItem] = []

    enum When: Sendable {
        case set([ListItem])
    }

    func update(_ when: When) throws {
        switch when {
        case .set(let items): self.items = items
        }
    }
}

/// One step of a list program.
enum ListStep: CustomStringConvertible {
    case append
    case insert(at: Int)
    case remove(at: Int)
    case move(from: Int, to: Int)
    case swap(Int, Int)
    case replace(at: Int)
    case replaceAll(count: Int)
    case replaceEvery
    case rotate(by: Int)
    case appendMany(count: Int)
    case reverse
    case park(at: Int)
    case bringBack(heldIndex: Int, at: Int)
    case pingHeld(Int)

    static let kinds = 15

    init(_ number: Int) {
        let parameter = number / Self.kinds
        switch number % Self.kinds {
        case 0: self = .append
        case 1: self = .insert(at: parameter)
        case 2, 12: self = .remove(at: parameter)
        case 3: self = .move(from: parameter % 1_000, to: parameter / 1_000)
        case 4: self = .swap(parameter % 1_000, parameter / 1_000)
        case 5: self = .replace(at: parameter)
        // Some programs reach a few thousand rows.
        case 6: self = .replaceAll(count: parameter % 7 == 0 ? 1_500 : parameter % 40)
        case 7: self = .appendMany(count: parameter % 5 == 0 ? 1_000 : parameter % 20)
        case 8: self = .reverse
        case 9: self = .park(at: parameter)
        case 10: self = .bringBack(heldIndex: parameter % 1_000, at: parameter / 1_000)
        case 11: self = .pingHeld(parameter)
        case 13: self = .replaceEvery
        default: self = .rotate(by: parameter)
        }
    }

    var description: String {
        switch self {
        case .append: "append"
        case .insert(let at): "insert(at: \(at))"
        case .remove(let at): "remove(at: \(at))"
        case .move(let from, let to): "move(from: \(from), to: \(to))"
        case .swap(let first, let second): "swap(\(first), \(second))"
        case .replace(let at): "replace(at: \(at))"
        case .replaceAll(let count): "replaceAll(count: \(count))"
        case .replaceEvery: "replaceEvery"
        case .rotate(let by): "rotate(by: \(by))"
        case .appendMany(let count): "appendMany(count: \(count))"
        case .reverse: "reverse"
        case .park(let at): "park(at: \(at))"
        case .bringBack(let held, let at): "bringBack(heldIndex: \(held), at: \(at))"
        case .pingHeld(let index): "pingHeld(\(index))"
        }
    }
}

/// Random programs of list changes, including lists of thousands of rows, against a model: after
/// every step, each row's path names its index, rows in the list keep their work, rows that left it
/// have none and refuse events, and rows brought back are served again.
@MainActor
@Suite(.timeLimit(.minutes(20)), .serialized)
struct ListPropertyTests {
    static let programCount = 100

    @Test func listsOfRowsKeepPathsLifetimesAndWorkRight() async {
        await propertyCheck(count: Self.programCount, input: Gen.int(in: 0...99_999).array(of: 1...30)) {
            numbers in
            // The main actor is the whole process's: other tests' jobs run between programs.
            await Task.yield()
            await ListProgram(steps: numbers.map(ListStep.init)).check()
        }
    }
}

/// One program: the library's list and the model's, compared after every step.
@MainActor
final class ListProgram {
    let steps: [ListStep]
    let gate = Gate()
    let host = ListHost()
    /// The model: the rows in order, which of them have work running, and every row made.
    var rows: [ListItem] = []
    var working: [Int: Int] = [:]
    /// Rows that had work when they left the list.
    var stopped: Set<Int> = []
    var made: [ListItem] = []
    var pingsSent: [Int: Int] = [:]
    var refusals = 0
    var expectedRefusals = 0

    init(steps: [ListStep]) {
        self.steps = steps
    }

    private func makeRow() -> ListItem {
        let item = ListItem(id: made.count, gate: gate)
        made.append(item)
        return item
    }

    /// Rows made that are not in the list: dismissed, and held here.
    private var held: [ListItem] {
        let listed = Set(rows.map(\.id))
        return made.filter { !listed.contains($0.id) }
    }

    func check() async {
        let registration = ErrorReporting.addHandler { [weak self] report in
            if report.error is EventToDismissedScope, report.scopeType is ListItem.Type {
                self?.refusals += 1
            }
        }
        defer { registration.remove() }
        for (index, step) in steps.enumerated() {
            perform(step)
            let context = Comment(rawValue: "step \(index) (\(step)) of \(steps)")
            compare(context)
        }
        await gate.open()
    }

    private func perform(_ step: ListStep) {
        var next = rows
        switch step {
        case .append: next.append(makeRow())
        case .insert(let at): next.insert(makeRow(), at: at % (next.count + 1))
        case .remove(let at):
            guard !next.isEmpty else { return }
            next.remove(at: at % next.count)
        case .move(let from, let to):
            guard !next.isEmpty else { return }
            let item = next.remove(at: from % next.count)
            next.insert(item, at: to % (next.count + 1))
        case .swap(let first, let second):
            guard !next.isEmpty else { return }
            next.swapAt(first % next.count, second % next.count)
        case .replace(let at):
            guard !next.isEmpty else { return }
            next[at % next.count] = makeRow()
        case .replaceAll(let count): next = (0..<count).map { _ in makeRow() }
        case .replaceEvery: next = next.map { _ in makeRow() }
        case .rotate(let by):
            guard !next.isEmpty else { return }
            let pivot = by % next.count
            next = Array(next[pivot...] + next[..<pivot])
        case .appendMany(let count): next += (0..<count).map { _ in makeRow() }
        case .reverse: next.reverse()
        case .park(let at):
            guard !rows.isEmpty else { return }
            let item = rows[at % rows.count]
            item.send(.park)
            working[item.id, default: 0] += 1
            stopped.remove(item.id)
            return
        case .bringBack(let heldIndex, let at):
            let candidates = held
            guard !candidates.isEmpty else { return }
            next.insert(candidates[heldIndex % candidates.count], at: at % (next.count + 1))
        case .pingHeld(let index):
            let candidates = held
            guard !candidates.isEmpty else { return }
            candidates[index % candidates.count].send(.ping)
            expectedRefusals += 1
            return
        }
        host.send(.set(next))
        rows = next
        // Leaving the list ends a row's work for good: bringing it back starts none again.
        let listed = Set(rows.map(\.id))
        for id in working.keys where !listed.contains(id) { stopped.insert(id) }
        working = working.filter { listed.contains($0.key) }
    }

    private func compare(_ context: Comment) {
        #expect(host.items.map(\.id) == rows.map(\.id), context)
        // Every path when the list is short; a sample, both ends included, when it is long.
        let stride = max(1, rows.count / 64)
        // One expectation per property checked, so that a long list costs a short check.
        let misnamed = rows.indices.filter { index in
            (index % stride == 0 || index == rows.count - 1)
                && rows[index].scopePath != "ListHost.items[\(index)]"
        }
        #expect(misnamed.isEmpty, "rows named wrong, first at \(misnamed.first ?? -1); \(context)")
        let idle = working.filter { id, count in made[id].effectsState.effects.count != count }
        #expect(idle.isEmpty, "rows that lost their work: \(idle.keys.sorted()); \(context)")
        let stillWorking = stopped.filter { !made[$0].effectsState.effects.isEmpty }
        #expect(stillWorking.isEmpty, "rows that left but still work: \(stillWorking.sorted()); \(context)")
        #expect(refusals == expectedRefusals, "events to rows that left are refused; \(context)")
        if let live = rows.last {
            let before = live.pings
            live.send(.ping)
            #expect(live.pings == before + 1, "a row in the list is served; \(context)")
        }
    }
}
