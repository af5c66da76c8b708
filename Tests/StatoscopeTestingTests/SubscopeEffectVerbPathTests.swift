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
                .WITH(\.child) { try $0.THEN_Enqueued(Post(id: 1)) }
                .WITH(\.child) { try $0.WHEN_EffectFails(Post.self, with: PostFailure(status: 500)) }
                .WITH(\.child) { try $0.THEN_Scheduled(Post.self) }
                .WITH(\.child) { try $0.WHEN_TimePasses(.seconds(1)) }
                .WITH(\.child) { try $0.WHEN_EffectCompletes(Post.self, with: 1) }
                .THEN(\.child.outcomes, equals: ["posted 1"])
                .WHEN(\.child, .startTimer)
                .WITH(\.child) { try $0.WHEN_TimePasses(.seconds(5)) }
                .THEN(\.child.ticks, equals: 5)
                .WHEN(\.child, .ping)
                .WITH(\.child) { try $0.WHEN_EffectCompletes(Ping.self, with: ()) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theStatusOfAnEffectThroughANilSubscopeFailsTheStepNamingThePath() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(\.uploader, .upload)
                .WITH(\.uploader) { try $0.THEN_EffectStatus(Upload.self, is: .pending) }
                .WHEN(.dismiss)
                .WITH(\.uploader) { try $0.THEN_EffectStatus(Upload.self, is: .pending) }
                .runTest()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains("uploader") == true, "\(failures.map(\.message))")
    }

    @Test func theStatusOfAnEffectAskedOfTheWrongScopeFails() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(\.fixed, .upload)
                .WITH(\.fixed) { try $0.THEN_EffectStatus(Upload.self, is: .pending) }
                .WITH(\.uploader) { try $0.THEN_EffectStatus(Upload.self, is: .pending) }
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
                    try branch.WITH(\.uploader) { try $0.THEN_Scheduled(Upload.self) }
                        .WITH(\.uploader) { try $0.THEN_EffectStatus(Upload.self, is: .scheduled) }
                }
                .WITH(\.uploader) { try $0.WHEN_OlderEffectCompletes(with: 3) }
                .THEN(\.uploader?.outcomes, equals: ["uploaded 3"])
                .WITH(\.uploader) { try $0.THEN_NotEnqueued(Upload()) }
                .WHEN(\.uploader, .follow)
                .WITH(\.uploader) { try $0.WHEN_StreamYields(Feed.self, 1) }
                .WITH(\.uploader) { try $0.WHEN_StreamFails(Feed.self, with: GarbledFailure(detail: "x")) }
                .THEN(\.uploader?.ending, equals: .failed(GarbledFailure(detail: "x")))
                .WHEN(\.uploader, .follow)
                .WITH(\.uploader) { try $0.WHEN_StreamEnds(Feed.self) }
                .THEN(\.uploader?.ending, equals: .finished)
                .WHEN(\.uploader, .upload)
                .WHEN(\.uploader, .stop)
                .WITH(\.uploader) { try $0.THEN_Cancelled(Upload()) }
                .WITH(\.uploader) { try $0.THEN_Cancelled(Upload.self) }
                .WITH(\.uploader) { try $0.THEN_NoEffects() }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theSubscopeFormsFailWhileTheOptionalIsNil() throws {
        let failures = try capturingFailures {
            try UploaderHost.GIVEN { UploaderHost() }
                .WHEN(.dismiss)
                .WITH(\.uploader) { try $0.THEN_Scheduled(Upload.self) }
                .WITH(\.uploader) { try $0.THEN_NotEnqueued(Upload()) }
                .WITH(\.uploader) { try $0.THEN_NoEffects() }
                .runTest()
        }
        #expect(failures.count == 3, "\(failures.map(\.message))")
        #expect(failures.allSatisfy { $0.kind == .unreachableScope }, "\(failures.map(\.kind))")
    }
}
