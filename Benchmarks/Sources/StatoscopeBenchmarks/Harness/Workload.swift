/// One workload of the performance budget: something to measure, or a place kept for one whose product is not built yet.
@MainActor
struct Workload {
    enum Body {
        /// Measures and records its rows into the context.
        case runnable(@MainActor (WorkloadContext) async -> Void)
        /// Not written yet, and why: listed by `--list`, in the run's output and in the JSON.
        case planned(reason: String)
    }

    /// The workload's number in the budget.
    let number: Int
    let title: String
    let body: Body
}
