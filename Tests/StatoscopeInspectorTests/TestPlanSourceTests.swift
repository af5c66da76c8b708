import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

/// The generator at its edges: what it writes, what it says it cannot, and how it refuses.
@Suite(.isolatedInstruments)
@MainActor
struct TestPlanSourceTests {
    /// The session's recording: `session` sends its events to a fresh `Notes`.
    private func recording(_ session: (Notes) -> Void) -> String {
        var lines = ""
        let notes = Notes()
        let recorder = Recorder(recording: notes) { lines += $0 }
        session(notes)
        recorder.stop()
        return lines
    }

    private func source(
        _ lines: String, checks: TestPlanSource<Notes>.Checks = .afterEachStep
    ) throws -> String {
        try TestPlanSource(jsonLines: lines) { Notes() }.swiftSource(testName: "plan", checks: checks)
    }

    @Test func anEmptyRecordingGivesAPlanOfItsRootAlone() throws {
        let text = try source(recording { _ in })
        #expect(text.contains("try Notes.GIVEN { Notes() }"))
        #expect(text.contains("(0 events)"))
        #expect(!text.contains(".WHEN"))
        #expect(!text.contains(".THEN"))
        #expect(!text.contains("import Foundation"))
        #expect(text.hasSuffix("        .runTest()\n}\n"))
    }

    @Test func eachEventIsAWhenFollowedByTheChecksOfWhatItChanged() throws {
        let text = try source(recording { $0.send(.write("hello")) })
        #expect(
            text.contains(
                """
                        // line 2: Notes
                        .WHEN(.write("hello"))
                        .THEN(\\.text, equals: "hello")
                        .runTest()
                """))
    }

    @Test func textIsEscapedToHoldExactlyItsScalars() throws {
        let written = "say \"hi\"\\ \n\tnew line, é, 日本, e\u{301}, \u{202E}rtl, \u{0}, 🎉"
        let text = try source(recording { $0.send(.write(written)) })
        let literal = #""say \"hi\"\\ \n\tnew line, é, 日本, e\u{301}, \u{202E}rtl, \0, 🎉""#
        #expect(text.contains(".WHEN(.write(\(literal)))"))
        #expect(text.contains(".THEN(\\.text, equals: \(literal))"))
    }

    @Test func payloadLabelsAndNumbersAreWrittenAsTheCaseDeclaresThem() throws {
        let text = try source(
            recording {
                $0.send(.tag("a", at: 0))
                $0.send(.setRatio(-0.1))
                $0.send(.setRatio(.infinity))
            })
        #expect(text.contains(".WHEN(.tag(\"a\", at: 0))"))
        #expect(text.contains(".THEN(\\.tags, equals: [\"a\"])"))
        #expect(text.contains(".WHEN(.setRatio(-0.1))"))
        #expect(text.contains(".WHEN(.setRatio(.infinity))"))
        #expect(text.contains(".THEN(\\.ratio, equals: .infinity)"))
    }

    @Test func aValueThatIsNotEquatableIsNamedInACommentAtItsStep() throws {
        let text = try source(recording { $0.send(.setOpaque(payload: 3)) })
        #expect(text.contains(".WHEN(.setOpaque(payload: 3))"))
        #expect(
            text.contains(
                "// Notes.opaque changed: Opaque is not Equatable; check it with THEN(\\.opaque) { ... }"))
    }

    @Test func aSensitiveValueIsNeverWritten() throws {
        let text = try source(recording { $0.send(.keep(secret: Sensitive("hunter2"))) })
        #expect(!text.contains("hunter2"))
        // The event is recorded redacted, and written as the recording holds it.
        #expect(text.contains(##".WHEN(.keep(secret: recorded(#""<redacted>""#)))"##))
        #expect(text.contains("// Notes.secret changed: it is sensitive, so the plan does not write it"))
        #expect(text.contains("import Foundation"))
        #expect(text.contains("private func recorded<Value: Decodable>(_ json: String) throws -> Value {"))
    }

    @Test func aDeepPathBecomesAKeyPathThroughOptionalAndListChildren() throws {
        let text = try source(
            recording { notes in
                notes.send(.openDrawer(rows: 2))
                notes.drawer?.rows[1].leaf.send(.tap)
                notes.drawer?.rows[1].leaf.send(.name(nil))
                notes.drawer?.rows[1].leaf.send(.name("x"))
                notes.drawer?.send(.addRow)
            })
        #expect(text.contains(".THEN_NotNil(\\.drawer)"))
        // The leaves appear with the drawer; the dependency they read is named once, after GIVEN.
        #expect(
            text.contains(
                """
                        .strictState(false)
                        // Leaf reads the dependency `greeting` (@Injected): inject it with .injecting(_:) if an update reads it
                        // line 2: Notes
                """))
        #expect(text.contains(".THEN(\\.drawer?.rows.count, equals: 2)"))
        #expect(text.contains("// line 3: Notes.drawer.rows[1].leaf"))
        #expect(text.contains(".WHEN(\\.drawer?.rows[1].leaf, .tap)"))
        #expect(text.contains(".THEN(\\.drawer?.rows[1].leaf.count, equals: 1)"))
        #expect(text.contains(".WHEN(\\.drawer?.rows[1].leaf, .name(nil))"))
        #expect(text.contains(".THEN(\\.drawer?.rows[1].leaf.label, equals: \"x\")"))
        #expect(text.contains(".WHEN(\\.drawer, .addRow)"))
        #expect(text.contains(".THEN(\\.drawer?.rows.count, equals: 3)"))
    }

    @Test func anUpdateThatThrewIsExpectedToThrowAndMarked() throws {
        let text = try source(recording { $0.send(.fail) })
        #expect(
            text.contains(
                """
                        // line 2: here Notes's update threw Refused, as it did in the recorded session
                        .WHEN_Throws(.fail)
                """))
    }

    @Test func checksAtTheEndCompareTheLastStateWithTheFirst() throws {
        let text = try source(
            recording {
                $0.send(.write("a"))
                $0.send(.write(""))
                $0.send(.tag("t", at: 0))
            }, checks: .atTheEnd)
        #expect(
            text.contains(
                """
                        .WHEN(.tag("t", at: 0))
                        .THEN(\\.tags, equals: ["t"])
                        .runTest()
                """))
        #expect(!text.contains("THEN(\\.text"))
    }

    @Test func anEventThatDoesNotDecodeStopsThePlanThereAndSaysWhy() throws {
        let lines = """
            {"format":"statoscope-recording","root":"Notes","version":2}
            {"n":2,"path":[],"scope":"Notes","event":{"write":{"_0":"kept"}}}
            {"n":3,"path":[],"scope":"Notes","event":{"erase":{}}}
            {"n":4,"end":{"events":2}}

            """
        let text = try source(lines)
        #expect(text.contains(".WHEN(.write(\"kept\"))"))
        #expect(text.contains("// line 3: cannot decode Notes.When: "))
        #expect(text.contains(": the plan stops here, before this event"))
        #expect(!text.contains("erase"))
    }

    @Test func checksAtTheEndOfAPlanThatStopsEarlyAreThoseOfItsLastStep() throws {
        let lines = """
            {"format":"statoscope-recording","root":"Notes","version":2}
            {"n":2,"path":[],"scope":"Notes","event":{"write":{"_0":"kept"}}}
            {"n":3,"path":[],"scope":"Notes","event":{"erase":{}}}
            {"n":4,"path":[],"scope":"Notes","event":{"write":{"_0":"never"}}}
            {"n":5,"end":{"events":3}}

            """
        let text = try source(lines, checks: .atTheEnd)
        #expect(
            text.contains(
                ": the plan stops here, before this event\n        .THEN(\\.text, equals: \"kept\")\n"))
        #expect(!text.contains("never"))
    }

    @Test func anEventTheRecordingCouldNotEncodeStopsThePlanThereAndSaysWhy() throws {
        let lines = """
            {"format":"statoscope-recording","root":"Notes","version":2}
            {"n":2,"path":[],"scope":"Notes","event":{"write":{"_0":"kept"}}}
            {"n":3,"path":[],"scope":"Notes","unrecordable":"it is not Codable"}
            {"n":4,"end":{"events":2}}

            """
        let text = try source(lines)
        #expect(text.contains(".WHEN(.write(\"kept\"))"))
        #expect(
            text.contains(
                "// line 3: the event of Notes at Notes was not recorded: it is not Codable: the plan stops here, where the recording stops being replayable"
            ))
    }

    @Test func aRecordingCutShortGivesThePlanOfWhatItHolds() throws {
        // A recorder still running has written no end line: what it wrote so far still makes a plan.
        let lines = """
            {"format":"statoscope-recording","root":"Notes","version":2}
            {"n":2,"path":[],"scope":"Notes","event":{"write":{"_0":"so far"}}}

            """
        let text = try source(lines)
        #expect(text.contains(".WHEN(.write(\"so far\"))"))
        #expect(
            text.contains(
                "// line 3: cut: the recording ends after line 2 without its end line (lines were lost, or its recorder never stopped): the plan stops here, where the recording stops being replayable"
            ))
    }

    @Test func aValueWithoutALiteralIsWrittenAsItsJSONInASCII() throws {
        let text = try source(recording { $0.send(.setNote(Note(title: "é\u{2028}\"#", stars: .min))) })
        let json = ###"recorded(##"{"stars":-9223372036854775808,"title":"\u00e9\u2028\"#"}"##)"###
        #expect(text.contains(".WHEN(.setNote(\(json)))"))
        #expect(text.contains(".THEN(\\.note, equals: \(json))"))
    }

    @Test func aRootTypeWithoutAUsableNameIsRefused() throws {
        @MainActor final class Local: Scope {
            enum When: Codable, Sendable { case nothing }
            func update(_ when: When) throws {}
        }
        var lines = ""
        let local = Local()
        let recorder = Recorder(recording: local) { lines += $0 }
        recorder.stop()
        let error = try #require(throws: TestPlanSourceError.self) {
            try TestPlanSource(jsonLines: lines) { Local() }.swiftSource()
        }
        #expect(error.description.hasPrefix("the root's type StatoscopeInspectorTests."))
        #expect(
            error.description.hasSuffix(
                " has no name a source file can use: declare it outside any function, without generic parameters"
            ))
    }

    @Test func aFlightRecordingNamesTheEffectThatDeliveredEachCompletion() throws {
        let lines = """
            {"format":"statoscope-recording","root":"Notes","version":2}
            {"n":2,"path":[],"scope":"Notes","effect":"Save","step":"completed"}
            {"n":3,"path":[],"scope":"Notes","event":{"write":{"_0":"saved"}}}
            {"n":4,"path":["drawer"],"scope":"Drawer","effect":"Load","step":"completed"}
            {"n":5,"path":[],"scope":"Notes","event":{"write":{"_0":"typed"}}}
            {"n":6,"end":{"events":2}}

            """
        let text = try source(lines)
        #expect(text.contains("// line 3: Notes, delivered by Save\n"))
        // The effect that ended last was another scope's: this event is not what it delivered.
        #expect(text.contains("// line 5: Notes\n"))
    }

    @Test func anObservableScopesPropertiesAreCheckedByTheirNames() throws {
        var lines = ""
        let tally = Tally()
        let recorder = Recorder(recording: tally) { lines += $0 }
        tally.send(.add(2))
        recorder.stop()
        let text = try TestPlanSource(jsonLines: lines) { Tally() }.swiftSource(testName: "plan")
        #expect(text.contains(".WHEN(.add(2))\n        .THEN(\\.count, equals: 2)\n        .runTest()"))
    }

    @Test func aPropertyWrappersStorageIsNamedNotChecked() throws {
        var lines = ""
        let gauge = Gauge()
        let recorder = Recorder(recording: gauge) { lines += $0 }
        gauge.send(.raise(2))
        recorder.stop()
        let text = try TestPlanSource(jsonLines: lines) { Gauge() }.swiftSource(testName: "plan")
        #expect(
            text.contains(
                "// Gauge.level changed: not checked, since it is the storage of a property wrapper (Doubled), not its value"
            ))
    }

    @Test func aTestNameThatIsNotAnIdentifierIsRefused() throws {
        let error = try #require(throws: TestPlanSourceError.self) {
            try TestPlanSource(jsonLines: recording { _ in }) { Notes() }.swiftSource(testName: "my test")
        }
        #expect(error.description == #"the test's name "my test" is not a Swift identifier"#)
    }

    @Test func aRecordingOfAnotherRootIsRefused() throws {
        let error = try #require(throws: RecordingError.self) {
            try TestPlanSource(jsonLines: recording { _ in }) { Elsewhere() }.swiftSource()
        }
        #expect(error.description == "line 1: recorded from a Notes; cannot replay into a Elsewhere")
    }

    @Test func aBuilderThatThrowsIsNamed() throws {
        struct NoRoot: Error, CustomStringConvertible {
            var description: String { "no root today" }
        }
        let error = try #require(throws: TestPlanSourceError.self) {
            try TestPlanSource(jsonLines: recording { _ in }) { () throws -> Notes in throw NoRoot() }
                .swiftSource()
        }
        #expect(error.description == "building the root to replay the recording into threw no root today")
    }

    @Test func aFlightRecordingThatLostItsFirstEventsIsRefused() throws {
        let lines = """
            {"dropped":3,"format":"statoscope-recording","root":"Notes","version":2}
            {"n":2,"end":{"events":0}}

            """
        let error = try #require(throws: RecordingError.self) {
            try TestPlanSource(jsonLines: lines) { Notes() }
        }
        #expect(
            error.description
                == "line 1: a flight recording that kept only its last events: the 3 before them are lost, so it cannot be replayed into a new tree"
        )
    }
}
