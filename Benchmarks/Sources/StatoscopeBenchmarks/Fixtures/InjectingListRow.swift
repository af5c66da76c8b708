import Statoscope

/// A row of a list that reads two dependencies, as a row that formats a date or loads a picture does:
/// workload 15 creates and links it, against ``ListRow``, which reads none.
@MainActor
final class InjectingListRow: Scope {
    var text: Int
    @Injected var clock: EffectClock
    @Injected var service: BenchService

    init(text: Int) {
        self.text = text
    }

    enum When: Sendable {
        case edit(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .edit(let text): self.text = text
        }
    }
}

/// A list screen whose rows read dependencies; every change is made in its `update`.
@MainActor
final class InjectingListScreen: Scope {
    @Subscope var rows: [InjectingListRow] = []

    enum When: Sendable {
        case append(InjectingListRow)
        case removeLast
    }

    func update(_ when: When) throws {
        switch when {
        case .append(let row): rows.append(row)
        case .removeLast: rows.removeLast()
        }
    }
}
