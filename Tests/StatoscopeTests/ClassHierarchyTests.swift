import Statoscope
import StatoscopeTestSupport
import Testing

/// A non-final scope: its subclasses inherit its state, subscopes, events and update.
@MainActor
class Screen: Scope {
    var title = "screen"
    let gate = Gate()
    let probe = EffectProbe()
    @Subscope var panel = Panel()

    enum When: Sendable, Codable, Equatable {
        case load(Int)
        case loaded(Int)
        case rename(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .load(let value):
            effectsState.enqueue(GatedEffect(value: value, gate: gate, probe: probe).map(When.loaded))
        case .loaded(let value):
            title = "loaded \(value)"
        case .rename(let title):
            self.title = title
        }
    }
}

@MainActor
final class SpecialScreen: Screen {
    var renames = 0

    override func update(_ when: When) throws {
        if case .rename = when { renames += 1 }
        try super.update(when)
    }
}

@MainActor
final class Panel: Scope {
    var isOpen = false
    @Superscope var screen: Screen
    enum When: Sendable, Codable { case toggle }
    func update(_ when: When) throws {
        isOpen.toggle()
        screen.send(.rename("toggled"))
    }
}

@MainActor
final class Frame: Scope {
    @Subscope var screen: Screen = SpecialScreen()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ClassHierarchyTests {
    @Test func aMiddlewareAddedThroughTheSubclassSeesEventsSentThroughTheBaseClass() async {
        let special = SpecialScreen()
        let screen: Screen = special
        var seen: [Screen.When] = []
        let registration = special.addMiddleware { scope, when, next in
            #expect(scope === special)
            seen.append(when)
            try next(when)
        }
        // The base class's update enqueues the effect; its completion comes back through the
        // subclass's middleware.
        screen.send(.load(2))
        await special.gate.open()
        await screen.effectsState.waitUntilSettled()
        screen.send(.rename("renamed"))
        #expect(seen == [.load(2), .loaded(2), .rename("renamed")])
        #expect(special.renames == 1)
        #expect(special.title == "renamed")
        registration.remove()
    }

    @Test func descriptionsAndPathsShowTheDynamicTypeAndWhatTheBaseClassDeclares() async {
        let frame = Frame()
        frame.screen.panel.send(.toggle)
        #expect(frame.screen.panel.scopePath == "Frame.screen.panel")
        #expect(SpecialScreen().scopePath == "SpecialScreen")
        let description = frame.subtreeDescription
        #expect(
            description == """
                Frame
                  screen: SpecialScreen
                    title = "toggled"
                    gate = StatoscopeTestSupport.Gate
                    probe = StatoscopeTests.EffectProbe
                    renames = 1
                    panel: Panel
                      isOpen = true
                """)
    }

    @Test func dismissingASubclassThroughABaseClassPropertyEndsItsWork() async {
        let frame = Frame()
        let screen = frame.screen
        screen.send(.load(1))
        frame.screen = Screen()
        #expect(screen.effectsState.effects.isEmpty)
        #expect(frame.screen.scopePath == "Frame.screen")
    }

    @Test func aSubclassedRootIsRecordedAndReplayedUnderItsOwnType() async throws {
        let special = SpecialScreen()
        var text = ""
        let recorder = Recorder(recording: special as Screen) { text += $0 }
        special.send(.rename("one"))
        special.panel.send(.toggle)
        recorder.stop()
        #expect(text.contains("\"root\":\"SpecialScreen\""))
        let replayed = try Recording(jsonLines: text).reproduce { SpecialScreen() }
        #expect(replayed.title == "toggled")
        #expect(replayed.renames == 2)
        #expect(replayed.panel.isOpen)
    }

    @Test func aSubclassInjectedAndResolvedThroughItsBaseClass() async {
        let frame = Frame()
        frame.screen.inject(Greeting(text: "screen"))
        let panel = frame.screen.panel
        #expect((try? panel.superscope(Screen.self)) === frame.screen)
        #expect(panel.screen === frame.screen)
    }
}
