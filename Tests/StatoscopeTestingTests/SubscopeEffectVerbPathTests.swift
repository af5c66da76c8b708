import Statoscope
import StatoscopeTesting
import Testing

/// The subscope forms of the effect verbs: every retry, timer, status and stream verb works through a
/// subscope's key path, an optional one included; a nil or wrong path fails the step, naming it.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct SubscopeEffectVerbPathTests {
    @Test func everyRetryAndTimerVerbWorksThroughASubscopesKeyPath() throws {
        let failures = try capturingFailures {
            try PosterParent.GIVEN { PosterParent() }
                .WHEN(\.child, .post)
                .THEN_Enqueued(\.child, Post(id: 1))
                .WHEN_EffectFails(\.child, Post.self, with: PostFailure(status: 500))
                .THEN_Scheduled(\.child, Post.self)
                .WHEN_TimePasses(\.child, .seconds(1))
                .WHEN_EffectCompletes(\.child, Post.self, with: 1)
                .THEN(\.child.outcomes, equals: ["posted 1"])
                .WHEN(\.child, .startTimer)
                .WHEN_TimePasses(\.child, .seconds(5))
                .THEN(\.child.ticks, equals: 5)
                .WHEN(\.child, .ping)
                .WHEN_EffectCompletes(\.child, Ping.self, with: ())
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theStatusOfAnEffectThroughANilSubscopeFailsTheStepNamingThePath() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(\.uploader, .upload)
                .THEN_EffectStatus(\.uploader, Upload.self, is: .pending)
                .WHEN(.dismiss)
                .THEN_EffectStatus(\.uploader, Upload.self, is: .pending)
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("uploader") == true, "\(failures.map(\.message))")
    }

    @Test func theStatusOfAnEffectAskedOfTheWrongScopeFails() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(\.fixed, .upload)
                .THEN_EffectStatus(\.fixed, Upload.self, is: .pending)
                .THEN_EffectStatus(\.uploader, Upload.self, is: .pending)
                .THEN_EffectStatus(Upload.self, is: .pending)
                .runTest()
        }
        #expect(failures.count == 2, "\(failures.map(\.message))")
    }

    @Test func everyOptionalSubscopeFormOfAnEffectVerbWorks() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(\.uploader, .upload)
                .FORK_EffectCompletes(\.uploader, Upload.self, with: 2) { branch in
                    try branch.THEN(\.uploader?.outcomes, equals: ["uploaded 2"])
                }
                .FORK_EffectFails(\.uploader, Upload.self, with: UploadFailure(status: 503)) { branch in
                    try branch.THEN_Scheduled(\.uploader, Upload.self)
                        .THEN_EffectStatus(\.uploader, Upload.self, is: .scheduled)
                }
                .WHEN_OlderEffectCompletes(\.uploader, with: 3)
                .THEN(\.uploader?.outcomes, equals: ["uploaded 3"])
                .THEN_NotEnqueued(\.uploader, Upload())
                .WHEN(\.uploader, .follow)
                .WHEN_StreamYields(\.uploader, Feed.self, 1)
                .WHEN_StreamFails(\.uploader, Feed.self, with: GarbledFailure(detail: "x"))
                .THEN(\.uploader?.ending, equals: .failed(GarbledFailure(detail: "x")))
                .WHEN(\.uploader, .follow)
                .WHEN_StreamEnds(\.uploader, Feed.self)
                .THEN(\.uploader?.ending, equals: .finished)
                .WHEN(\.uploader, .upload)
                .WHEN(\.uploader, .stop)
                .THEN_Cancelled(\.uploader, Upload())
                .THEN_Cancelled(\.uploader, Upload.self)
                .THEN_NoEffects(\.uploader)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theSubscopeFormsFailWhileTheOptionalIsNil() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(.dismiss)
                .THEN_Scheduled(\.uploader, Upload.self)
                .THEN_NotEnqueued(\.uploader, Upload())
                .THEN_NoEffects(\.uploader)
                .runTest()
        }
        #expect(failures.count == 3, "\(failures.map(\.message))")
        #expect(failures.allSatisfy { $0.kind == .unreachableScope }, "\(failures.map(\.kind))")
    }
}
