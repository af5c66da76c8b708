import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

/// Attacks on the plan generator: what `RecordingAndReplay.md` promises ("the plan passes against the
/// app that recorded the session", escaping, non-`Equatable` values, sensitive values never written,
/// what cannot be written said in a comment). The plans that compile are committed under Generated/
/// as Attack*.swift, where the suite runs them.
@Suite(.isolatedInstruments)
@MainActor
struct AttackTestPlanSourceTests {
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
        if let folder = ProcessInfo.processInfo.environment["ATTACK_PLAN_DUMP"] {
            try Data(source.utf8).write(
                to: URL(fileURLWithPath: folder).appendingPathComponent("\(testName).swift"))
        }
        return source
    }

    @Test func aNaNIsNotCheckedWithEqualsSinceItEqualsNothing() throws {
        let source = try plan(of: AttackNaN(), testName: "attackNaNPlan", rebuild: AttackNaN.init) {
            $0.send(.setRatio(.nan))
            $0.send(.setSingle(-.nan))
        }
        // `THEN(\.ratio, equals: .nan)` can never pass: the committed plan AttackNaNPlan.swift shows it.
        #expect(!source.contains("equals: .nan"))
        #expect(!source.contains("equals: -.nan"))
        try GeneratedFile.check(source, isCommittedAs: "AttackNaNPlan.swift")
    }

    @Test func anOptionalOfAnOptionalSetToSomeNilIsCheckedAsSuch() throws {
        let source = try plan(
            of: AttackDoubleOptional(), testName: "attackDoubleOptionalPlan",
            rebuild: AttackDoubleOptional.init
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
            of: AttackOptionalEnum(), testName: "attackOptionalEnumPlan", rebuild: AttackOptionalEnum.init
        ) {
            $0.send(.pickNone)
            $0.send(.listNone)
        }
        // `.none` in an `AttackMode?` is `nil`, not `AttackMode.none`.
        #expect(!source.contains("THEN(\\.mode, equals: .none)"))
        #expect(!source.contains("THEN_Nil(\\.mode)"))
        try GeneratedFile.check(source, isCommittedAs: "AttackOptionalEnumPlan.swift")
    }

    @Test func enumsWithAssociatedValuesAreWrittenAsTheyRead() throws {
        let source = try plan(of: AttackEnums(), testName: "attackEnumsPlan", rebuild: AttackEnums.init) {
            $0.send(.set(.loading(progress: 0.5, label: "a \"b\"")))
            $0.send(.set(.pair(-1, "")))
            $0.send(.set(.nested(.nested(.idle))))
        }
        try GeneratedFile.check(source, isCommittedAs: "AttackEnumsPlan.swift")
    }

    @Test func valuesWithoutALiteralAreWrittenSoThatTheyCompareEqualOrCommented() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7)
        let source = try plan(of: AttackValues(), testName: "attackValuesPlan", rebuild: AttackValues.init) {
            $0.send(.change(date))
        }
        // Its JSON does not decode to the same value: it cannot be checked by equality.
        #expect(!source.contains("THEN(\\.lossy, equals:"))
        // `Equatable` without `Codable` or a literal: said in a comment, not written.
        #expect(!source.contains("THEN(\\.point, equals:"))
        #expect(source.contains("AttackValues.point changed"))
        try GeneratedFile.check(source, isCommittedAs: "AttackValuesPlan.swift")
    }

    @Test func aTupleAndALazyPropertyAreNotWrittenAsChecksThatDoNotCompile() throws {
        let source = try plan(of: AttackShapes(), testName: "attackShapesPlan", rebuild: AttackShapes.init) {
            $0.send(.bump)
        }
        #expect(!source.contains("THEN(\\.pair, equals:"))
        // `\.$__lazy_storage_$_total` does not compile: the storage is private, and not the property.
        #expect(!source.contains("lazy_storage"))
    }

    @Test func keywordsAsNamesAndLabelsCompile() throws {
        let source = try plan(
            of: AttackKeywords(), testName: "attackKeywordsPlan", rebuild: AttackKeywords.init
        ) {
            $0.send(.move(for: 3, default: "x"))
            $0.send(.default)
        }
        try GeneratedFile.check(source, isCommittedAs: "AttackKeywordsPlan.swift")
    }

    @Test func anEventCaseNamedInitIsNotWrittenAsAnInitializer() throws {
        let source = try plan(
            of: AttackInitCase(), testName: "attackInitCasePlan", rebuild: AttackInitCase.init
        ) {
            $0.send(.`init`)
        }
        // `.WHEN(.init)` calls `When.init`, which does not compile.
        #expect(!source.contains(".WHEN(.init)"))
        try GeneratedFile.check(source, isCommittedAs: "AttackInitCasePlan.swift")
    }

    @Test func textThatWouldEndARawStringIsEscaped() throws {
        let titles = ["\"##", "\"###\"####", "#\"", "\\"]
        let source = try plan(
            of: AttackDelimiters(), testName: "attackDelimitersPlan", rebuild: AttackDelimiters.init
        ) { root in
            for title in titles {
                root.send(.setTitle(AttackTitle(title: title)))
                root.send(.write(title + "\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m"))
            }
        }
        try GeneratedFile.check(source, isCommittedAs: "AttackDelimitersPlan.swift")
    }

    @Test func aBackslashBeforeAHashInJSONDoesNotInterpolate() throws {
        let source = try plan(
            of: AttackDelimiters(), testName: "attackInterpolationPlan", rebuild: AttackDelimiters.init
        ) {
            $0.send(.setTitle(AttackTitle(title: "\\#(1)")))
        }
        // In `#"...\\#(1)..."#` the second backslash and the hash begin an interpolation: the JSON decoded
        // is `{"title":"\1"}`, which does not decode. The committed plan AttackInterpolationPlan.swift fails.
        #expect(!source.contains("recorded(#\"{\"title\":\"\\\\#(1)\"}\"#)"))
        try GeneratedFile.check(source, isCommittedAs: "AttackInterpolationPlan.swift")
    }

    @Test func aBackslashBeforeTwoHashesInJSONCompiles() throws {
        let source = try plan(
            of: AttackDelimiters(), testName: "attackDelimitedEscapePlan", rebuild: AttackDelimiters.init
        ) {
            $0.send(.setTitle(AttackTitle(title: "\\##(1)")))
        }
        // `#"...\\##(1)..."#` does not compile: "too many '#' characters in delimited escape".
        #expect(!source.contains("recorded(#\"{\"title\":\"\\\\##(1)\"}\"#)"))
    }

    @Test func aRootTheBuilderConfiguresIsGivenAsTheBuilderMadeIt() throws {
        let source = try plan(
            of: AttackConfigured(), testName: "attackConfiguredPlan",
            rebuild: AttackConfigured.steppingByTen
        ) {
            $0.step = 10
            $0.send(.increment)
        }
        // The plan checks `count == 10`, which only the builder's root gives; `AttackConfigured()` gives 1.
        // The documented way is `rootInitializer:`, naming how the app builds its root.
        withKnownIssue(
            "GIVEN builds `Root()` unless rootInitializer: says otherwise; the builder is not read"
        ) {
            #expect(!source.contains("AttackConfigured.GIVEN { AttackConfigured() }"))
        }
    }

    @Test func aRootBuiltWithArgumentsIsGivenAsItWasBuilt() throws {
        let source = try plan(
            of: AttackSeeded(seed: 5), testName: "attackSeededPlan", rebuild: AttackSeeded.seededWithFive
        ) {
            $0.send(.increment)
        }
        // The app builds its root with `AttackSeeded(seed: 5)`: `AttackSeeded()` does not compile, and a
        // plan that checks `count == 6` passes only from the root the recording was replayed into.
        withKnownIssue(
            "GIVEN builds `Root()` unless rootInitializer: says otherwise; the builder is not read"
        ) {
            #expect(!source.contains("AttackSeeded()"))
        }
    }

    @Test func anUpdateThatChangedTheStateAndThrewIsExpectedAsItWas() throws {
        let source = try plan(
            of: AttackPartial(), testName: "attackPartialPlan", rebuild: AttackPartial.init
        ) {
            $0.send(.tryWrite("partial"))
            $0.send(.tryWrite("again"))
        }
        #expect(source.contains(".WHEN_Throws(.tryWrite(\"partial\"))"))
        try GeneratedFile.check(source, isCommittedAs: "AttackPartialPlan.swift")
    }

    @Test func secretsAnywhereAreNeverWritten() throws {
        let source = try plan(of: AttackVault(), testName: "attackVaultPlan", rebuild: AttackVault.init) {
            $0.send(
                .store(
                    AttackCredentials(
                        user: "ada", pin: Sensitive(73_915), recovery: Sensitive("rec-secret-1"),
                        hints: [Sensitive("hint-secret-2")])))
            $0.send(.keep(token: Sensitive("tok-secret-3")))
            $0.send(.remember("k", Sensitive("mem-secret-4")))
            $0.send(.refuse(Sensitive("err-secret-6")))
            $0.keypad.send(.typeDigits(864_209, confirm: "kp-secret-7"))
        }
        for secret in AttackSecrets.all { #expect(!source.contains(secret), "\(secret) written") }
        try GeneratedFile.check(source, isCommittedAs: "AttackVaultPlan.swift")
    }

    @Test func checksAtTheEndOfSecretsNeverWriteThem() throws {
        let source = try plan(
            of: AttackVault(), testName: "attackVaultAtTheEndPlan", checks: .atTheEnd,
            rebuild: AttackVault.init
        ) {
            $0.send(.keep(token: Sensitive("tok-secret-3")))
            $0.send(.remember("k", Sensitive("mem-secret-4")))
        }
        for secret in AttackSecrets.all { #expect(!source.contains(secret), "\(secret) written") }
    }

    @Test func aRootInsideAGenericTypeIsRefusedWithAClearError() throws {
        var lines = ""
        let root = AttackBox<Int>.Inner()
        let recorder = Recorder(recording: root) { lines += $0 }
        root.send(.nothing)
        recorder.stop()
        let error = try #require(throws: TestPlanSourceError.self) {
            try TestPlanSource(jsonLines: lines) { AttackBox<Int>.Inner() }.swiftSource()
        }
        #expect(
            error.description.hasSuffix(
                "has no name a source file can use: declare it outside any function, without generic parameters"
            ))
    }

    @Test func aFilePrivateRootIsRefusedOrWrittenByAName() throws {
        var lines = ""
        let root = AttackHidden()
        let recorder = Recorder(recording: root) { lines += $0 }
        root.send(.nothing)
        recorder.stop()
        do {
            let source = try TestPlanSource(jsonLines: lines) { AttackHidden() }.swiftSource(imports: [])
            #expect(!source.contains("unknown context"))
            #expect(source.contains("try AttackHidden.GIVEN { AttackHidden() }"))
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

/// The secrets the attacks send, none of which may be written.
enum AttackSecrets {
    static let all = [
        "73915", "rec-secret-1", "hint-secret-2", "tok-secret-3", "mem-secret-4", "pw-secret-5",
        "err-secret-6",
        "864209", "kp-secret-7",
    ]
}

/// A root nested in a generic type, whose name a source file cannot spell without its parameter.
enum AttackBox<T> {
    @MainActor
    final class Inner: Scope {
        enum When: Codable, Sendable { case nothing }
        func update(_ when: When) throws {}
    }
}

/// A root private to this file.
@MainActor
private final class AttackHidden: Scope {
    enum When: Codable, Sendable { case nothing }
    func update(_ when: When) throws {}
}
