/// The hand-written counter with interceptors, as a view model that supports logging or checks
/// around its events is written by hand: each interceptor gets the event and a way to pass it on,
/// and may throw. It is what a middleware's cost is compared with.
@MainActor
final class HandWrittenInterceptedCounter {
    /// Passes an event on to the interceptors after the one called, then to `handle(_:)`.
    @MainActor
    struct Next {
        fileprivate let counter: HandWrittenInterceptedCounter
        fileprivate let index: Int

        func callAsFunction(_ when: HandWrittenCounter.When) throws {
            try counter.pass(when, from: index)
        }
    }

    typealias Interceptor = @MainActor (HandWrittenCounter.When, Next) throws -> Void

    let model = HandWrittenCounter()
    private let interceptors: [Interceptor]

    init(interceptors: [Interceptor]) {
        self.interceptors = interceptors
    }

    var viewDisplaysTotalCount: Int { model.viewDisplaysTotalCount }

    func send(_ when: HandWrittenCounter.When) {
        try? pass(when, from: 0)
    }

    fileprivate func pass(_ when: HandWrittenCounter.When, from index: Int) throws {
        guard index < interceptors.count else { return model.handle(when) }
        try interceptors[index](when, Next(counter: self, index: index + 1))
    }
}
