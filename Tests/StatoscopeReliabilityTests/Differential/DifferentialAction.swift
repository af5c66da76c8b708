/// A step of a program made concrete: what each side does, with the effect it acts on named.
///
/// A step that acts on an effect picks it among those the state after the previous step offers
/// (the started one-shot effects, the open streams). Both sides agreed on that state, or the check
/// already reported the earlier step where they did not; so the live run resolves each step as it
/// goes, and the plan, written ahead as any plan is, takes the effects the live run named and
/// completes each with the result its work returns live.
enum DifferentialAction: Equatable, CustomStringConvertible {
    /// An event to the app.
    case app(DifferentialApp.When)
    /// An event to the presented child.
    case child(DifferentialChild.When)
    /// An event to the presented child whose update throws.
    case childThrows(DifferentialChild.When)
    /// An event to the dismissed child the app keeps: refused.
    case late(DifferentialChild.When)
    /// A started one-shot effect (or stream run once) finishes: with its value, or nil when its
    /// work throws.
    case complete(id: Int, kind: WorkKind, slot: Int, value: Int?)
    case yield(stream: Int, slot: Int, value: Int)
    case end(stream: Int, slot: Int, failing: Bool)
    case timePasses(Duration)
    /// The step has nothing to act on.
    case nothing(String)

    /// What `step`, the program's step at `index`, does after a step that left `state`.
    static func resolve(
        _ step: DifferentialStep, at index: Int, of program: [DifferentialStep],
        after state: DifferentialSnapshot
    ) -> DifferentialAction {
        let hasChild = state.child != "none"
        func toChild(_ when: DifferentialChild.When) -> DifferentialAction {
            hasChild ? .child(when) : .nothing("no child is presented")
        }
        switch step {
        case .send(let value): return toChild(.add(value))
        case .startEffect(let start): return toChild(.start(id: index, start))
        case .startStream(let start): return toChild(.startStream(id: index, start))
        case .startStreamRunOnce(let start): return toChild(.startStreamRunOnce(id: index, start))
        case .replaceParent: return .app(.replaceParent)
        case .startThenThrow(let key, let policy):
            return hasChild
                ? .childThrows(.startThenThrow(id: index, key: key, policy: policy))
                : .nothing("no child is presented")
        case .cancelKey(let key): return toChild(.cancelKey(key))
        case .cancelWhere(let parity): return toChild(.cancelWhere(parity: parity))
        case .cancelAll: return toChild(.cancelAll)
        case .complete(let pick):
            let started = state.pending.filter { !$0.kind.isOpenStream && $0.status == .started }
            guard !started.isEmpty else { return .nothing("no one-shot effect has started") }
            let effect = started[pick % started.count]
            guard let start = oneShotStart(of: effect.id, in: program) else {
                return .nothing("#\(effect.id) was not started by a one-shot step")
            }
            return .complete(
                id: effect.id, kind: effect.kind, slot: effect.slot, value: start.fails ? nil : start.value)
        case .streamYields(let pick, let value):
            guard let stream = openStream(pick, in: state) else { return .nothing("no stream is open") }
            return .yield(stream: stream.id, slot: stream.slot, value: value)
        case .streamEnds(let pick), .streamFails(let pick):
            guard let stream = openStream(pick, in: state) else { return .nothing("no stream is open") }
            return .end(stream: stream.id, slot: stream.slot, failing: step == .streamFails(pick: pick))
        case .timePasses(let duration): return .timePasses(duration)
        case .dismissHolding: return .app(.dismissHolding)
        case .clearChild: return .app(.clear)
        case .replaceChild: return .app(.replace)
        case .presentChild: return .app(.present)
        case .presentHeld: return .app(.presentHeld)
        case .moveChild: return .app(.move)
        case .lateEvent(let value):
            return state.held == "none" ? .nothing("the app keeps no dismissed child") : .late(.add(value))
        }
    }

    /// How the one-shot effect with program id `id` was started: by a step, or as a follow-up.
    private static func oneShotStart(of id: Int, in program: [DifferentialStep]) -> OneShotStart? {
        let index = id >= OneShotStart.followUpID(of: 0) ? id - OneShotStart.followUpID(of: 0) : id
        guard program.indices.contains(index) else { return nil }
        switch program[index] {
        case .startEffect(let start), .startStreamRunOnce(let start):
            return id == index ? start : start.followUp
        default:
            return nil
        }
    }

    private static func openStream(_ pick: Int, in state: DifferentialSnapshot) -> DifferentialSnapshot
        .Pending?
    {
        let open = state.pending.filter { $0.kind.isOpenStream && $0.status == .open }
        return open.isEmpty ? nil : open[pick % open.count]
    }

    /// The effect the action itself finishes, if any: it leaves the pending list without being
    /// cancelled.
    var ended: Int? {
        switch self {
        case .complete(let id, _, _, _): id
        case .end(let stream, _, _): stream
        default: nil
        }
    }

    /// The error report the action makes on both sides, which a plan sees as a step that throws.
    var refusal: String? {
        switch self {
        case .childThrows: "the child's update threw"
        case .late: "an event to the dismissed child was refused"
        default: nil
        }
    }

    var description: String {
        switch self {
        case .app(let when): "the app receives \(when)"
        case .child(let when): "the child receives \(when)"
        case .childThrows(let when): "the child receives \(when), which throws"
        case .late(let when): "the kept child is sent \(when)"
        case .complete(let id, let kind, let slot, let value):
            "#\(id) (\(kind), slot \(slot)) " + (value.map { "completes with \($0)" } ?? "fails")
        case .yield(let stream, let slot, let value): "stream #\(stream) (slot \(slot)) yields \(value)"
        case .end(let stream, let slot, let failing):
            "stream #\(stream) (slot \(slot)) \(failing ? "fails" : "finishes")"
        case .timePasses(let duration): "\(duration) pass"
        case .nothing(let why): "nothing: \(why)"
        }
    }
}
