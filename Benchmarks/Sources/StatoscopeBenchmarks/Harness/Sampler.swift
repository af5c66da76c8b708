/// Times synchronous cases: calibration, warm-up, then interleaved repetitions.
@MainActor
enum Sampler {
    /// The most iterations calibration will pick, whatever the case costs.
    private static let maximumIterations = 1 << 26

    /// Measures each case in ns per operation.
    ///
    /// The repetitions interleave the cases (in an order that rotates with each repetition), so that a
    /// burst of load from another process, or a change of CPU frequency, lands on a baseline and its
    /// subjects alike instead of on whichever ran during it.
    static func measure(_ cases: [TimedCase], in context: WorkloadContext) -> [Measured] {
        let iterations = cases.map { calibrate($0, in: context) }
        var samples = Array(repeating: Samples(), count: cases.count)
        for repetition in 0..<context.settings.repetitions {
            for offset in cases.indices {
                let index = (offset + repetition) % cases.count
                let nanoseconds = time(cases[index], iterations: iterations[index], in: context)
                samples[index].append(nanoseconds / Double(iterations[index]))
            }
        }
        return cases.indices.map { index in
            Measured(
                name: cases[index].name, unit: "ns/op", samples: samples[index], operations: iterations[index]
            )
        }
    }

    /// Finds how many iterations last about `loopNanoseconds`, which also warms the case up (caches,
    /// branch predictors, lazily made runtime structures), then runs it once more at that count.
    private static func calibrate(_ timedCase: TimedCase, in context: WorkloadContext) -> Int {
        let target = context.settings.loopNanoseconds
        var iterations = 1
        while iterations < maximumIterations {
            let elapsed = max(time(timedCase, iterations: iterations, in: context), 1)
            if elapsed >= target { break }
            // Grow towards the target, at most 16-fold at once: the first, cold loops overestimate.
            let factor = min(max(target / elapsed, 2), 16)
            iterations = min(Int(Double(iterations) * factor), maximumIterations)
        }
        _ = time(timedCase, iterations: iterations, in: context)
        return iterations
    }

    private static func time(_ timedCase: TimedCase, iterations: Int, in context: WorkloadContext) -> Double {
        timedCase.setUp()
        let stopwatch = Stopwatch()
        let result = timedCase.run(iterations)
        let elapsed = stopwatch.elapsedNanoseconds
        timedCase.tearDown()
        context.consume(result)
        return elapsed
    }
}
