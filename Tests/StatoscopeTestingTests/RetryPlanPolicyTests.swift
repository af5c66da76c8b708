import Statoscope
import StatoscopeTesting
import Testing

/// Retry policies in a plan, on virtual time: a waiting retry completed or failed again fails its step;
/// a retry of no attempts delivers the first failure; jitter is none unless seeded; multipliers below
/// one, of zero, not a number, infinite, huge and tiny, a cap of zero, a negative initial delay and the
/// largest delays wait as the formula says.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RetryPlanPolicyTests {
    @Test func completingAWaitingRetryFailsSayingWhenItStarts() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN { Poster() }
                .WHEN(.post)
                .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
                .WHEN_EffectCompletes(Post.self, with: 1)
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("1") == true, "\(failures.map(\.message))")
        #expect(failures.first?.message.lowercased().contains("start") == true, "\(failures.map(\.message))")
    }

    @Test func failingAWaitingRetryAgainFailsTheStep() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN { Poster() }
                .WHEN(.post)
                .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
                .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
    }

    @Test func aRetryOfNoAttemptsDeliversTheFirstFailure() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN {
                Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 0, initialDelay: .seconds(1), maxDelay: .seconds(1)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .THEN(\.outcomes, equals: ["failed: HTTP 500"])
            .THEN_NoEffects()
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func unseededJitterIsNoneInAPlanAndSeededJitterStaysWithinItsBound() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN {
                Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(2), maxDelay: .seconds(10),
                        jitter: .random(upTo: .nan)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .WHEN_TimePasses(.milliseconds(1_999))
            .THEN_Scheduled(Post.self)
            .WHEN_TimePasses(.milliseconds(1))
            .WHEN_EffectCompletes(Post.self, with: 1)
            .THEN(\.outcomes, equals: ["posted 1"])
            .runTest()

            try Poster.GIVEN {
                Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(2), maxDelay: .seconds(10),
                        jitter: .seeded(upTo: 0.5, seed: 7)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .WHEN_TimePasses(.milliseconds(999))
            .THEN_Scheduled(Post.self)
            .WHEN_TimePasses(.milliseconds(1_001))
            .WHEN_EffectCompletes(Post.self, with: 1)
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aMultiplierBelowOneShrinksTheWaitsAsTheFormulaSays() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN {
                Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(4), multiplier: 0.5, maxDelay: .seconds(10)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .WHEN_TimePasses(.seconds(4))
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .WHEN_TimePasses(.seconds(2))
            .WHEN_EffectCompletes(Post.self, with: 1)
            .THEN(\.outcomes, equals: ["posted 1"])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aMultiplierOfZeroRetriesAtOnceAfterTheFirstWait() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN {
                Poster(
                    policy: .exponentialBackoff(
                        maxAttempts: 3, initialDelay: .seconds(4), multiplier: 0, maxDelay: .seconds(10)))
            }
            .WHEN(.post)
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .WHEN_TimePasses(.seconds(4))
            .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
            .WHEN_EffectCompletes(Post.self, with: 1)
            .THEN(\.outcomes, equals: ["posted 1"])
            .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    // MARK: Multipliers and delays at their extremes

    private func uploader(
        multiplier: Double = 2, initialDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(5)
    ) -> Uploader {
        Uploader(
            policy: .exponentialBackoff(
                maxAttempts: 4, initialDelay: initialDelay, multiplier: multiplier, maxDelay: maxDelay))
    }

    /// A plan failing the upload three times, checking that each wait is `waits[n]`.
    private func checkWaits(_ make: @escaping @MainActor () -> Uploader, waits: [Duration]) throws
        -> [PlanFailure]
    {
        try capturingFailures {
            var plan = try Uploader.GIVEN { make() }.WHEN(.upload)
            for wait in waits {
                plan = try plan.WHEN_EffectFails(Upload.self, with: UploadFailure(status: 503))
                if wait > .zero {
                    plan = try plan.THEN_EffectStatus(Upload.self, is: .scheduled)
                        .WHEN_TimePasses(wait - .nanoseconds(1))
                        .THEN_EffectStatus(Upload.self, is: .scheduled)
                        .WHEN_TimePasses(.nanoseconds(1))
                }
                plan = try plan.THEN_EffectStatus(Upload.self, is: .pending)
            }
            try plan.WHEN_EffectCompletes(Upload.self, with: 1)
                .THEN(\.outcomes, equals: ["uploaded 1"])
                .runTest()
        }
    }

    @Test func aMultiplierThatIsNotANumberWaitsTheInitialDelayEachTime() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .nan) }, waits: [.seconds(1), .seconds(1), .seconds(1)])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func anInfiniteMultiplierReachesTheCapAfterTheFirstWait() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .infinity) }, waits: [.seconds(1), .seconds(5), .seconds(5)])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aHugeMultiplierReachesTheCapAfterTheFirstWait() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .greatestFiniteMagnitude) },
            waits: [.seconds(1), .seconds(5), .seconds(5)])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aTinyMultiplierRetriesAtOnceAfterTheFirstWait() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: .leastNonzeroMagnitude) }, waits: [.seconds(1), .zero, .zero])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aCapOfZeroRetriesAtOnceEveryTime() throws {
        let failures = try checkWaits({ self.uploader(maxDelay: .zero) }, waits: [.zero, .zero, .zero])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aNegativeInitialDelayRetriesAtOnce() throws {
        let failures = try checkWaits(
            { self.uploader(multiplier: 3, initialDelay: .seconds(-10)) }, waits: [.zero, .zero, .zero])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theLargestDelaysWaitTheLongestWait() throws {
        let failures = try checkWaits(
            {
                self.uploader(
                    initialDelay: Duration(_high: .max, low: .max), maxDelay: Duration(_high: .max, low: .max)
                )
            }, waits: [EffectClock.longestWait])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
