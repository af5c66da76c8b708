import Statoscope

/// What one side shows after a step: the app's state, the child's effects and where each is, the
/// effects the step cancelled, and the events and errors the step produced.
struct DifferentialSnapshot: Equatable, CustomStringConvertible {
    /// A pending effect of the child.
    struct Pending: Equatable, CustomStringConvertible {
        enum Status: String {
            /// Waiting for its quiet period to pass.
            case scheduled
            /// A one-shot effect (or a stream run once) whose work began.
            case started
            /// A stream whose elements flow.
            case open
        }

        let id: Int
        let kind: WorkKind
        let slot: Int
        let key: Int?
        let status: Status

        var description: String {
            "#\(id) \(kind) in slot \(slot)"
                + (key.map { " with key \($0)" } ?? "") + ", \(status)"
        }
    }

    /// Which child is presented, and where.
    var child: String
    var total: Int
    /// How many elements the presented child received from each stream, by program id.
    var elements: [Int: Int]
    /// Which dismissed child the app keeps.
    var held: String
    var pending: [Pending]
    /// How many effects are pending on every other child made: the dismissed ones have none.
    var pendingElsewhere: Int
    /// The effects pending before the step that it ended without a result.
    var cancelled: [Int]
    /// The events the children received from effects during the step, in order.
    var deliveries: [String]
    /// The errors the step made: effects that threw, updates that threw, refused events.
    var reports: [String]

    /// Before the first step: nothing at all.
    static let start = DifferentialSnapshot(
        child: "none", total: 0, elements: [:], held: "none", pending: [], pendingElsewhere: 0,
        cancelled: [], deliveries: [], reports: [])

    /// Reads `app` after a step. `status` says where each pending effect is, as the side sees it;
    /// `ended` is the effect the step itself finished, if any.
    @MainActor
    static func read(
        _ app: DifferentialApp, after previous: DifferentialSnapshot, ended: Int?, reports: [String],
        status: (any DifferentialWork) -> Pending.Status
    ) -> DifferentialSnapshot {
        let child = app.child
        let pending =
            child?.effectsState.effects.compactMap { $0 as? any DifferentialWork }.map { work in
                Pending(
                    id: work.id, kind: work.kind, slot: work.slot, key: work.key, status: status(work)
                )
            } ?? []
        let elsewhere = app.world.children.compactMap { $0.child() }.filter { $0 !== child }.reduce(0) {
            $0 + $1.effectsState.effects.count
        }
        let stillPending = Set(pending.map(\.id))
        return DifferentialSnapshot(
            child: child.map { "child \($0.generation) at \(app.place)" } ?? "none",
            total: child?.total ?? 0,
            elements: child?.elements ?? [:],
            held: app.held.map { "child \($0.generation)" } ?? "none",
            pending: pending,
            pendingElsewhere: elsewhere,
            cancelled: previous.pending.map(\.id).filter { !stillPending.contains($0) && $0 != ended },
            deliveries: app.world.takeLog(),
            reports: reports)
    }

    /// The line for each property that differs from `other`'s, naming what each side had.
    func differences(from other: DifferentialSnapshot, _ name: String, _ otherName: String) -> [String] {
        let fields: [(String, String, String)] = [
            ("presented child", child, other.child),
            ("its total", "\(total)", "\(other.total)"),
            ("its stream elements", Self.text(elements), Self.text(other.elements)),
            ("kept child", held, other.held),
            ("pending effects", Self.text(pending), Self.text(other.pending)),
            ("effects pending elsewhere", "\(pendingElsewhere)", "\(other.pendingElsewhere)"),
            (
                "cancelled by the step", Self.text(cancelled.map { "#\($0)" }),
                Self.text(other.cancelled.map { "#\($0)" })
            ),
            ("events delivered", Self.text(deliveries), Self.text(other.deliveries)),
            ("errors reported", Self.text(reports), Self.text(other.reports)),
        ]
        return fields.filter { $0.1 != $0.2 }.map { "\($0.0): \(name) \($0.1), \(otherName) \($0.2)" }
    }

    var description: String {
        """
        presented child: \(child), total \(total), stream elements \(Self.text(elements)); \
        kept child: \(held)
            pending effects: \(Self.text(pending)); pending elsewhere: \(pendingElsewhere)
            cancelled by the step: \(Self.text(cancelled.map { "#\($0)" }))
            events delivered: \(Self.text(deliveries))
            errors reported: \(Self.text(reports))
        """
    }

    private static func text(_ items: [some CustomStringConvertible]) -> String {
        items.isEmpty ? "none" : "[" + items.map(\.description).joined(separator: "; ") + "]"
    }

    private static func text(_ elements: [Int: Int]) -> String {
        elements.isEmpty
            ? "none"
            : elements.sorted { $0.key < $1.key }.map { "#\($0.key): \($0.value)" }.joined(
                separator: ", ")
    }
}

/// How a side words an error report about the program's scopes, or nil for a report about others.
@MainActor
func differentialReportText(_ report: ErrorReport) -> String? {
    guard report.scopeType is DifferentialChild.Type else { return nil }
    if report.error is EventToDismissedScope { return "an event to the dismissed child was refused" }
    switch report.source {
    case .update:
        return "the child's update threw"
    case .effect(let effect):
        let id = (effect as? any DifferentialWork).map { "#\($0.id)" } ?? "an effect"
        return "\(id) threw \(report.error)"
    default:
        return "\(report.error)"
    }
}
