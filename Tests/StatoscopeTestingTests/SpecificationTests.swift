import Foundation
import Statoscope
import StatoscopeTesting
import Testing
import XCTest

@Suite struct SpecificationTests {
    @Test func aPlanPrintsItselfAsGivenWhenThenMarkdown() throws {
        let plan = try Shop.GIVEN("a shop with an empty cart") { Shop() }
            .WHEN(.userOpensShop)
            .THEN(\.visits, equals: 1)
            .THEN(\.cart.items, equals: [])
            .WITH(\.cart) { cart in
                try cart
                    .WHEN(.userAddsItem("apple"))
                    .THEN_Enqueued(SaveCart(items: ["apple"]))
                    .FORK(.serverSaved(.failure(CheckoutRefused()))) { branch in
                        try branch.THEN(\.saveError, equals: "CheckoutRefused()")
                    }
                    .WHEN_EffectCompletes(SaveCart.self, with: 1)
                    .THEN(\.savedCount, equals: 1)
            }
            .WITH(\.cart) { try $0.THEN_NotEnqueued(LoadPromotion.self) }
        let specification = plan.specification
        let expected = """
            ### a shop with an empty cart: a plan prints itself as given when then markdown

            `SpecificationTests.swift:\(plan.core.given.line)`, `aPlanPrintsItselfAsGivenWhenThenMarkdown()`

            - **Given** a shop with an empty cart
            - **When** user opens shop
            - **Then** visits is `1`
            - **And** cart › items is `[]`
            - **With** shop › cart
              - **When** user adds item: `"apple"`
              - **Then** `SaveCart(items: ["apple"])` is enqueued
              - **Fork** another outcome:
                - **When** server saved: `Result.failure(CheckoutRefused())`
                - **Then** save error is `"CheckoutRefused()"`
              - **When** `SaveCart` completes with `1`
              - **Then** saved count is `1`
            - **With** shop › cart
              - **Then** no `LoadPromotion` is pending

            """
        #expect(specification == expected)
        #expect(plan.description == specification)
        try plan.runTest()
    }

    @Test func anOptionalReadsAsItsValueAndOneHoldingNilSaysSo() throws {
        let plan = try Preferences.GIVEN { Preferences() }
            .THEN(\.fontSize, equals: 12)
            .THEN(\.cachedSize, equals: .some(nil))
            .WHEN(.cacheCleared)
            .THEN(\.cachedSize, equals: .some(nil))
        let specification = plan.specification
        #expect(specification.contains("- **Then** font size is `12`\n"))
        #expect(specification.contains("- **And** cached size is `some(nil)`\n"))
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.message).first?.hasSuffix("expected: some(nil)\nactual: nil") == true)
    }

    @Test func identifiersReadAsWords() {
        #expect(Humanized.words("viewDisplaysTotalCount") == "view displays total count")
        #expect(Humanized.words("userTappedURLButton") == "user tapped URL button")
        #expect(Humanized.words("loadURL") == "load URL")
        #expect(Humanized.words("item2Count") == "item 2 count")
        #expect(Humanized.words("pausedFor300Milliseconds") == "paused for 300 milliseconds")
        #expect(Humanized.words("HTTP2Server") == "HTTP2 server")
        #expect(Humanized.words("visibleRowIDs") == "visible row IDs")
        #expect(Humanized.words("URLsLoaded") == "URLs loaded")
        #expect(Humanized.words("HTTPServer") == "HTTP server")
        #expect(Humanized.propertyPath("detail?.title") == "detail › title")
    }

    @Test func asciiIdentifiersReadAsWordsAsTheCharacterRulesRead() {
        let pieces = ["a", "B", "url", "URL", "2", "_", "x", "Count", "ID", "s", "IDs"]
        var identifiers: [String] = ["", "_", "__x", "A", "AB", "aB", "HTTPServer", "x2Y", "ID2s", "é"]
        for first in pieces {
            for second in pieces {
                for third in pieces { identifiers.append(first + second + third) }
            }
        }
        for identifier in identifiers where identifier.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(
                Humanized.asciiWords(identifier) == Humanized.characterWords(identifier),
                "\(identifier)")
        }
        #expect(Humanized.words("caféOpen") == "café open")
    }
}

/// Settings with an optional size, and a cached size that is known to be unset (`.some(nil)`) until
/// the cache is cleared.
@MainActor
final class Preferences: Scope {
    var fontSize: Int? = 12
    var cachedSize: Int?? = .some(nil)

    enum When { case cacheCleared }

    func update(_ when: When) throws {
        cachedSize = nil
    }
}

/// A plan built by a helper that tests share, as a suite of related tests would write one.
private func cartWithAnApple() throws -> TestPlan<Cart> {
    try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("apple"))
}

/// Each test that runs a plan writes its own file, named after the test, even when a helper shared
/// by several tests calls `GIVEN`.
@Suite struct SpecificationFileNameTests {
    @Test func oneTestSharingAHelper() throws {
        try expectAFileNamedAfter("oneTestSharingAHelper")
    }

    @Test func anotherTestSharingTheHelper() throws {
        try expectAFileNamedAfter("anotherTestSharingTheHelper")
    }

    /// Builds the helper's plan in the running test and checks the name of the file it writes.
    private func expectAFileNamedAfter(_ test: String) throws {
        let plan = try cartWithAnApple()
        #expect(
            SpecificationWriter.fileName(for: plan.core)
                == "SpecificationTests.\(test).L\(plan.core.given.line).md")
        try plan.runTest()
    }
}

/// Specifications written to the folder `STATOSCOPE_SPECS_DIR` names. XCTest runs its tests one after
/// another, so setting the variable here cannot leak into another test's run.
final class SpecificationFolderTests: XCTestCase {
    func testARunWritesItsSpecificationWithItsResultWhenTheVariableNamesAFolder() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("statoscope-specs-\(UUID().uuidString)")
        setenv("STATOSCOPE_SPECS_DIR", folder.path, 1)
        defer {
            unsetenv("STATOSCOPE_SPECS_DIR")
            try? FileManager.default.removeItem(at: folder)
        }
        let givenLine = #line + 1
        let plan = try Cart.GIVEN { Cart() }
            .WHEN(.userAddsItem("apple"))
            .THEN(\.items, equals: ["pear"])
        let failures = try capturingFailures { try plan.runTest() }
        XCTAssertEqual(failures.map(\.kind), [.wrongValue])

        let file = folder.appendingPathComponent(
            "SpecificationTests.testARunWritesItsSpecificationWithItsResultWhenTheVariableNamesAFolder.L\(givenLine).md"
        )
        let written = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(written.contains("· failed (1 failure)"), written)
        XCTAssertTrue(written.contains("- **When** user adds item: `\"apple\"`"), written)
        XCTAssertTrue(written.contains("- **Then** items is `[\"pear\"]` **(failed)**"), written)
    }

    func testNothingIsWrittenWithoutTheVariable() throws {
        XCTAssertNil(ProcessInfo.processInfo.environment["STATOSCOPE_SPECS_DIR"])
        try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("apple")).runTest()
    }
}
