import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The context a tree that sets none gets from its environment: preview values where Xcode renders
/// previews, live ones elsewhere. Each test injects the environment on its root, so that the process's
/// own is never changed under the tests running beside it.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct PreviewContextTests {
    private let previews = ProcessEnvironment(["XCODE_RUNNING_FOR_PREVIEWS": "1"])

    @Test func aTreeRenderedByXcodesPreviewsReadsPreviewValuesElseTheLiveOnes() {
        let root = ContextReader()
        root.inject(previews)
        root.send(.present)
        root.send(.read)
        root.child?.send(.read)
        #expect(root.seen == "preview preview live")
        #expect(root.child?.seen == "preview preview live")
    }

    @Test func anEffectOfAPreviewedTreeReadsPreviewValues() async {
        let root = ContextReader()
        root.inject(previews)
        root.send(.lookUp)
        await waitUntil("the look-up ends", within: testPatience) { root.looked != "" }
        #expect(root.looked == "preview preview")
    }

    @Test func anyOtherValueOfTheVariableIsTheLiveContext() {
        for variables in [[:], ["XCODE_RUNNING_FOR_PREVIEWS": "0"], ["XCODE_RUNNING_FOR_PREVIEWS": ""]] {
            let root = ContextReader()
            root.inject(ProcessEnvironment(variables))
            root.send(.read)
            #expect(root.seen == "live live live", "\(variables)")
        }
    }

    @Test func aContextTheTreeSetsWinsOverThePreviews() {
        let root = ContextReader()
        root.inject(previews)
        root.useDependencies(.live)
        root.send(.read)
        #expect(root.seen == "live live live")
    }

    @Test func aLaunchWithNoContextNamedIsThePreviewContextInPreviews() throws {
        let root = ContextReader()
        root.useDependencies(try .launched(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"]))
        root.send(.read)
        #expect(root.seen == "preview preview live")
        let named = ContextReader()
        named.useDependencies(
            try .launched(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1", "STATOSCOPE_DEPENDENCIES": "live"])
        )
        named.send(.read)
        #expect(named.seen == "live live live")
    }

    @Test func theProcessRunningTheseTestsIsNotAPreview() {
        #expect(!ProcessEnvironment.defaultValue.isRunningForPreviews)
        let root = ContextReader()
        root.send(.read)
        #expect(root.seen == "live live live")
    }
}
