import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

/// The plan generator at the edges of what `RecordingAndReplay.md` promises ("the plan passes against
/// the app that recorded the session", escaping, non-`Equatable` values, sensitive values never
/// written, what cannot be written said in a comment). The plans that compile are committed under
/// Generated/ as Tricky*Plan.swift, where the suite runs them.
@Suite(.isolatedInstruments)
@MainActor
struct TestPlanSourceEdgeCaseTests {
    /// The recording of a session of `root`, and the plan written from it into the module of its scopes.
    private func plan<Root: Scope>(
        of root: Root, testName: String, checks: TestPlanSource<Root>.Checks = .afterEachStep,
        rebuild: @escaping @MainActor @Sendable () -> Root, _ session: (Root) -> Void
    ) throws -> String {
        var lines = ""
        let recorder = Recorder(recording: root) { lines += $0 }
        session(root)
        recorder.stop()
        let source = try TestPlanSource(jsonLines: lines, root: rebuild)
            .swiftSource(testName: testName, checks: checks, imports: [])
        if let folder = ProcessInfo.processInfo.environment["TEST_PLAN_DUMP"] {
            try Data(source.utf8).write(
                to: URL(fileURLWithPath: folder).appendingPathComponent("\(testName).swift"))
        }
        return source
    }

    @Test func aNaNIsNotCheckedWithEqualsSinceItEqualsNothing() throws {
        let source = try plan(of: TrickyNaN(), testName: "trickyNaNPlan", rebuild: TrickyNaN.init) {
            $0.send(.setRatio(.nan))
            $0.send(.setSingle(-.nan))
        }
        // `THEN(\.ratio, equals: .nan)` can never pass: the committed plan TrickyNaNPlan.swift shows it.
        #expect(!source.contains("equals: .nan"))
        #expect(!source.contains("equals: -.nan"))
        try GeneratedFile.check(source, isCommittedAs: "TrickyNaNPlan.swift")
    }

    @Test func anOptionalOfAnOptionalSetToSomeNilIsCheckedAsSuch() throws {
        let source = try plan(
            of: TrickyDoubleOptional(), testName: "trickyDoubleOptionalPlan",
            rebuild: TrickyDoubleOptional.init
        ) {
            $0.send(.clearInside)
            $0.send(.clearOutside)
        }
        withKnownIssue(
            "a String?? that is .some(nil) is written as `equals: nil`, which a plan reads as .none"
        ) {
            #expect(!source.contains(".THEN(\\.label, equals: nil)"))
        }
    }

    @Test func anOptionalEnumWhoseCaseIsNamedNoneIsNotReadAsNil() throws {
        let source = try plan(
            of: TrickyOptionalEnum(), testName: "trickyOptionalEnumPlan", rebuild: TrickyOptionalEnum.init
        ) {
            $0.send(.pickNone)
            $0.send(.listNone)
        }
        // `.none` in an `TrickyMode?` is `nil`, not `TrickyMode.none`.
        #expect(!source.contains("THEN(\\.mode, equals: .none)"))
        #expect(!source.contains("THEN_Nil(\\.mode)"))
        try GeneratedFile.check(source, isCommittedAs: "TrickyOptionalEnumPlan.swift")
    }

    @Test func enumsWithAssociatedValuesAreWrittenAsTheyRead() throws {
        let source = try plan(of: TrickyEnums(), testName: "trickyEnumsPlan", rebuild: TrickyEnums.init) {
            $0.send(.set(.loading(progress: 0.5, label: "a \"b\"")))
            $0.send(.set(.pair(-1, "")))
            $0.send(.set(.nested(.nested(.idle))))
        }
        try GeneratedFile.check(source, isCommittedAs: "TrickyEnumsPlan.swift")
    }

    @Test func valuesWithoutALiteralAreWrittenSoThatTheyCompareEqualOrCommented() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7)
        let source = try plan(of: TrickyValues(), testName: "trickyValuesPlan", rebuild: TrickyValues.init) {
            $0.send(.change(date))
        }
        // Its JSON does not decode to the same value: it cannot be checked by equality.
        #expect(!source.contains("THEN(\\.lossy, equals:"))
        // `Equatable` without `Codable` or a literal: said in a comment, not written.
        #expect(!source.contains("THEN(\\.point, equals:"))
        #expect(source.contains("TrickyValues.point changed"))
        try GeneratedFile.check(source, isCommittedAs: "TrickyValuesPlan.swift")
    }

    @Test func aTupleAndALazyPropertyAreNotWrittenAsChecksThatDoNotCompile() throws {
        let source = try plan(of: TrickyShapes(), testName: "trickyShapesPlan", rebuild: TrickyShapes.init) {
            $0.send(.bump)
        }
        #expect(!source.contains("THEN(\\.pair, equals:"))
        // `\.$__lazy_storage_$_total` does not compile: the storage is private, and not the property.
        #expect(!source.contains("lazy_storage"))
    }

    @Test func keywordsAsNamesAndLabelsCompile() throws {
        let source = try plan(
            of: TrickyKeywords(), testName: "trickyKeywordsPlan", rebuild: TrickyKeywords.init
        ) {
            $0.send(.move(for: 3, default: "x"))
            $0.send(.default)
        }
        try GeneratedFile.check(source, isCommittedAs: "TrickyKeywordsPlan.swift")
    }

    @Test func anEventCaseNamedInitIsNotWrittenAsAnInitializer() throws {
        let source = try plan(
            of: TrickyInitCase(), testName: "trickyInitCasePlan", rebuild: TrickyInitCase.init
        ) {
            $0.send(.`init`)
        }
        // `.WHEN(.init)` calls `When.init`, which does not compile.
        #expect(!source.contains(".WHEN(.init)"))
        try GeneratedFile.check(source, isCommittedAs: "TrickyInitCasePlan.swift")
    }

    @Test func textThatWouldEndARawStringIsEscaped() throws {
        let titles = ["\"##", "\"###\"####", "#\"", "\\"]
        let source = try plan(
            of: TrickyDelimiters(), testName: "trickyDelimitersPlan", rebuild: TrickyDelimiters.init
        ) { root in
            for title in titles {
                root.send(.setTitle(TrickyTitle(title: title)))
                root.send(.write(title + "\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m"))
            }
        }
        try GeneratedFile.check(source, isCommittedAs: "TrickyDelimitersPlan.swift")
    }

    @Test func aBackslashBeforeAHashInJSONDoesNotInterpolate() throws {
        let source = try plan(
            of: TrickyDelimiters(), testName: "trickyInterpolationPlan", rebuild: TrickyDelimiters.init
        ) {
            $0.send(.setTitle(TrickyTitle(title: "\\#(1)")))
        }
        // In `#"...\\#(1)..."#` the second backslash and the hash begin an interpolation: the JSON decoded
        // is `{"title":"\1"}`, which does not decode. The committed plan TrickyInterpolationPlan.swift fails.
        #expect(!source.contains("recorded(#\"{\"title\":\"\\\\#(1)\"}\"#)"))
        try GeneratedFile.check(source, isCommittedAs: "TrickyInterpolationPlan.swift")
    }

    @Test func aBackslashBeforeTwoHashesInJSONCompiles() throws {
        let source = try plan(
            of: TrickyDelimiters(), testName: "trickyDelimitedEscapePlan", rebuild: TrickyDelimiters.init
        ) {
            $0.send(.setTitle(TrickyTitle(title: "\\##(1)")))
        }
        // `#"...\\##(1)..."#` does not compile: "too many '#' characters in delimited escape".
        #expect(!source.contains("recorded(#\"{\"title\":\"\\\\##(1)\"}\"#)"))
    }

    @Test func aRootTheBuilderConfiguresIsGivenAsTheBuilderMadeIt() throws {
        let source = try plan(
            of: TrickyConfigured(), testName: "trickyConfiguredPlan",
            rebuild: TrickyConfigured.steppingByTen
        ) {
            $0.step = 10
            $0.send(.increment)
        }
        // The plan checks `count == 10`, which only the builder's root gives; `TrickyConfigured()` gives 1.
        // The documented way is `rootInitializer:`, naming how the app builds its root.
        withKnownIssue(
            "GIVEN builds `Root()` unless rootInitializer: says otherwise; the builder is not read"
        ) {
            #expect(!source.contains("TrickyConfigured.GIVEN { TrickyConfigured() }"))
        }
    }

    @Test func aRootBuiltWithArgumentsIsGivenAsItWasBuilt() throws {
        let source = try plan(
            of: TrickySeeded(seed: 5), testName: "trickySeededPlan", rebuild: TrickySeeded.seededWithFive
        ) {
            $0.send(.increment)
        }
        // The app builds its root with `TrickySeeded(seed: 5)`: `TrickySeeded()` does not compile, and a
        // plan that checks `count == 6` passes only from the root the recording was replayed into.
        withKnownIssue(
            "GIVEN builds `Root()` unless rootInitializer: says otherwise; the builder is not read"
        ) {
            #expect(!source.contains("TrickySeeded()"))
        }
    }

    @Test func anUpdateThatChangedTheStateAndThrewIsExpectedAsItWas() throws {
        let source = try plan(
            of: TrickyPartial(), testName: "trickyPartialPlan", rebuild: TrickyPartial.init
        ) {
            $0.send(.tryWrite("partial"))
            $0.send(.tryWrite("again"))
        }
        #expect(source.contains(".WHEN_Throws(.tryWrite(\"partial\"))"))
        try GeneratedFile.check(source, isCommittedAs: "TrickyPartialPlan.swift")
    }

    @Test func secretsAnywhereAreNeverWritten() throws {
        let source = try plan(of: TrickyVault(), testName: "trickyVaultPlan", rebuild: TrickyVault.init) {
            $0.send(
                .store(
                    TrickyCredentials(
                        user: "ada", pin: Sensitive(73_915), recovery: Sensitive("rec-secret-1"),
                        hints: [Sensitive("hint-secret-2")])))
            $0.send(.keep(token: Sensitive("tok-secret-3")))
            $0.send(.remember("k", Sensitive("mem-secret-4")))
            $0.send(.refuse(Sensitive("err-secret-6")))
            $0.keypad.send(.typeDigits(864_209, confirm: "kp-secret-7"))
        }
        for secret in TrickySecrets.all { #expect(!source.contains(secret), "\(secret) written") }
        try GeneratedFile.check(source, isCommittedAs: "TrickyVaultPlan.swift")
    }

    @Test func aSecretTheReplayComputesAgainIsNotWrittenAndTheCommentSaysSo() throws {
        let source = try plan(of: TrickySalter(), testName: "trickySalterPlan", rebuild: TrickySalter.init) {
            $0.send(.typed(.typeDigits(864_209, confirm: "kp-secret-7")))
            $0.send(.derive)
        }
        for secret in TrickySecrets.all + ["salt-secret-8"] {
            #expect(!source.contains(secret), "\(secret) written")
        }
        // The recording's placeholders are what the replay holds after the first step: written.
        #expect(source.contains(#".THEN(\.history, equals: [.typeDigits(0, confirm: "<redacted>")])"#))
        #expect(
            source.contains(
                "// TrickySalter.history changed: Array<When> holds a sensitive value, which the plan never writes"
            ), "\(source)")
        #expect(
            source.contains("// TrickySalter.digest changed: it is sensitive, so the plan does not write it"))
        try GeneratedFile.check(source, isCommittedAs: "TrickySalterPlan.swift")
    }

    @Test func checksAtTheEndOfSecretsNeverWriteThem() throws {
        let source = try plan(
            of: TrickyVault(), testName: "trickyVaultAtTheEndPlan", checks: .atTheEnd,
            rebuild: TrickyVault.init
        ) {
            $0.send(.keep(token: Sensitive("tok-secret-3")))
            $0.send(.remember("k", Sensitive("mem-secret-4")))
        }
        for secret in TrickySecrets.all { #expect(!source.contains(secret), "\(secret) written") }
    }

    @Test func aRootInsideAGenericTypeIsRefusedWithAClearError() throws {
        var lines = ""
        let root = TrickyBox<Int>.Inner()
        let recorder = Recorder(recording: root) { lines += $0 }
        root.send(.nothing)
        recorder.stop()
        let error = try #require(throws: TestPlanSourceError.self) {
            try TestPlanSource(jsonLines: lines) { TrickyBox<Int>.Inner() }.swiftSource()
        }
        #expect(
            error.description.hasSuffix(
                "has no name a source file can use: declare it outside any function, without generic parameters"
            ))
    }

    @Test func aFilePrivateRootIsRefusedOrWrittenByAName() throws {
        var lines = ""
        let root = TrickyHidden()
        let recorder = Recorder(recording: root) { lines += $0 }
        root.send(.nothing)
        recorder.stop()
        do {
            let source = try TestPlanSource(jsonLines: lines) { TrickyHidden() }.swiftSource(imports: [])
            #expect(!source.contains("unknown context"))
            #expect(source.contains("try TrickyHidden.GIVEN { TrickyHidden() }"))
        } catch let error as TestPlanSourceError {
            #expect(error.description.contains("has no name a source file can use"))
        }
    }

    @Test func aRootDeclaredInAFunctionIsRefusedEvenFromARecordingValue() throws {
        @MainActor final class Local: Scope {
            enum When: Codable, Sendable { case nothing }
            func update(_ when: When) throws {}
        }
        var lines = ""
        let local = Local()
        let recorder = Recorder(recording: local) { lines += $0 }
        local.send(.nothing)
        recorder.stop()
        let recording = try Recording(jsonLines: lines)
        let error = try #require(throws: TestPlanSourceError.self) {
            try TestPlanSource(recording: recording) { Local() }.swiftSource()
        }
        #expect(error.description.contains("has no name a source file can use"))
    }
}

/// The secrets the tricky scopes are sent, none of which may be written.
enum TrickySecrets {
    static let all = [
        "73915", "rec-secret-1", "hint-secret-2", "tok-secret-3", "mem-secret-4", "pw-secret-5",
        "err-secret-6",
        "864209", "kp-secret-7",
    ]
}

/// A root nested in a generic type, whose name a source file cannot spell without its parameter.
enum TrickyBox<T> {
    @MainActor
    final class Inner: Scope {
        enum When: Codable, Sendable { case nothing }
        func update(_ when: When) throws {}
    }
}

/// A root private to this file.
@MainActor
private final class TrickyHidden: Scope {
    enum When: Codable, Sendable { case nothing }
    func update(_ when: When) throws {}
}
