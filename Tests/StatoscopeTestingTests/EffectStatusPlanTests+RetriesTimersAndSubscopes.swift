import Statoscope
import StatoscopeTesting
import Testing

/// `THEN_EffectStatus` follows a retry, a timer and a fire-and-forget effect, and a subscope's effect.
extension EffectStatusPlanTests {
    @Test func effectStatusesFollowARetryATimerAndAFireAndForgetEffect() throws {
        let failures = try capturingFailures {
            try Poster.GIVEN { Poster() }
                .WHEN(.post)
                .THEN_EffectStatus(Post.self, is: .pending)
                .WHEN_EffectFails(Post.self, with: PostFailure(status: 500))
                .THEN_EffectStatus(Post.self, is: .scheduled)
                .WHEN_TimePasses(.seconds(1))
                .THEN_EffectStatus(Post.self, is: .pending)
                .WHEN(.cancel)
                .THEN_EffectStatus(Post.self, is: .cancelled)
                .WHEN(.startTimer)
                .THEN_EffectStatus(RepeatingTimer.self, is: .open)
                .WHEN(.ping)
                .THEN_EffectStatus(Ping.self, is: .pending)
                .WHEN_EffectCompletes(Ping.self, with: ())
                .THEN_EffectStatus(Ping.self, is: .ended)
                .THEN(\.outcomes, equals: [])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func theStatusOfASubscopesEffectCanBeChecked() throws {
        let failures = try capturingFailures {
            try PosterParent.GIVEN { PosterParent() }
                .WHEN(\.child, .post)
                .WITH(\.child) { try $0.WHEN_EffectFails(Post.self, with: PostFailure(status: 500)) }
                .WITH(\.child) { try $0.THEN_EffectStatus(Post.self, is: .scheduled) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
