/// Every workload of the budget, in its order: the one list the runner, `--list` and `--only` read.
///
/// A workload is added by writing its file under Workloads/ and its entry here.
@MainActor
enum WorkloadRegistry {
    static let all: [Workload] = [
        Workload(number: 1, title: "send vs a hand-written handle(_:)", body: .runnable(SendWorkload.run)),
        Workload(number: 2, title: "send through middleware", body: .runnable(MiddlewareWorkload.run)),
        Workload(number: 3, title: "send by depth in a tree", body: .runnable(TreeSendWorkload.run)),
        Workload(number: 4, title: "@Injected access by depth", body: .runnable(InjectedWorkload.run)),
        Workload(
            number: 5, title: "effects: round trip, in flight, cancel, stream",
            body: .runnable(EffectsWorkload.run)),
        Workload(
            number: 6, title: "@Observable scope, observer re-registered per event",
            body: .runnable(ObservationWorkload.run)),
        Workload(
            number: 7, title: "test plans: 10,000 steps; 100 forks; a step's value of 10 to 10,000 elements",
            body: .runnable(TestPlanWorkload.run)),
        Workload(number: 8, title: "recording and replay throughput", body: .runnable(RecordingWorkload.run)),
        Workload(
            number: 9, title: "dismissing a subtree of 1,000 scopes with an effect each",
            body: .runnable(DismissalWorkload.run)),
        Workload(
            number: 10, title: "lists of 100, 1,000 and 10,000 child scopes",
            body: .runnable(ListWorkload.run)),
        Workload(
            number: 11, title: "dismissed scopes still held: send elsewhere, dismissing one more",
            body: .runnable(HeldDismissedWorkload.run)),
        Workload(
            number: 12, title: "replay, a stream delivering flat out, error reports with a flight recorder",
            body: .runnable(ReplayAndStallsWorkload.run)),
        Workload(
            number: 13, title: "the live inspector: send with a page connected, memory with none",
            body: .runnable(InspectorWorkload.run)),
        Workload(
            number: 14,
            title:
                "shared values: a read, a change seen by 10 to 10,000 readers, bursts of saves, a large save",
            body: .runnable(SharingWorkload.run)),
        Workload(
            number: 15, title: "creating rows that hold @Injected properties, alone and in a list",
            body: .runnable(InjectingRowsWorkload.run)),
    ]
}
