import Statoscope

/// The Swift source of a test plan that plays a recorded session again: `GIVEN` the root, each
/// recorded event as a `WHEN` at its scope's key path, and `THEN` checks of the state each step
/// changed.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func sample(recording: Recording) throws -> String { … return source } -->
/// ```swift
/// import StatoscopeInspector
///
/// let source = try TestPlanSource(recording: recording) { App() }
///     .swiftSource(testName: "reportedSession", checks: .afterEachStep)
/// ```
///
/// It replays the recording into a tree it builds with `build`, effects off, and reads the state
/// after each event: the checks it writes are what that replay shows. Effect completions are in a
/// recording as the events they delivered, and the plan sends them so; the effects they complete
/// stay pending in the plan, which is not strict about effects. An update that threw while recording
/// becomes a `WHEN_Throws`, marked with a comment. What cannot be written as Swift source (a value
/// that is not `Equatable`, a sensitive value, a property wrapper's storage, a dependency the tree
/// reads, an event that does not decode or was not recorded) is said in a comment at its line.
///
/// The replay's events pass through the app-wide instruments as any `Replay`'s do: logging prints
/// them, and an update that throws is reported to `ErrorReporting` again.
@MainActor
public struct TestPlanSource<Root: Scope> {
    /// When the plan checks the state.
    public enum Checks: Sendable {
        /// After each event: every property it changed.
        case afterEachStep
        /// Once, after the last event: every property that ended different from where it began.
        case atTheEnd
    }

    /// The recording the plan plays, up to its first damaged or unrecordable line.
    public let recording: Recording
    /// The first line that could not be read, when the plan stops before the recording's end.
    public let fault: RecordingError?
    let build: @MainActor () throws -> Root

    /// A plan for `recording`, replayed into trees that `build` makes.
    public init(recording: Recording, root build: @escaping @MainActor () throws -> Root) {
        self.recording = recording
        fault = nil
        self.build = build
    }

    /// A plan for the recording in `jsonLines`, up to its first line that cannot be replayed (an
    /// event that was not recorded, a damaged line), where the source says why it stops.
    ///
    /// - Throws: `RecordingError` when the header cannot be read: not a recording, another
    ///   version, a flight recording that lost its first events.
    public init(jsonLines: String, root build: @escaping @MainActor () throws -> Root) throws {
        (recording, fault) = try Recording.upToFirstFault(jsonLines: jsonLines)
        self.build = build
    }

    /// The source of a Swift Testing file holding the plan as one `@Test` function.
    ///
    /// - Parameters:
    ///   - testName: The test function's name: a Swift identifier.
    ///   - checks: When the plan checks the state.
    ///   - rootInitializer: The expression `GIVEN` builds the root with; `Root()` when nil.
    ///   - imports: The modules the file imports besides `Statoscope`, `StatoscopeTesting` and
    ///     `Testing`; when nil, the module that declares `Root` (leave it out when the plan goes into
    ///     that module).
    /// - Throws: ``TestPlanSourceError`` when `testName` is not an identifier, the root's type has no
    ///   name source can use, or `build` throws; `RecordingError` when the recording was made from
    ///   another type of root.
    public func swiftSource(
        testName: String = "recordedSession", checks: Checks = .afterEachStep, rootInitializer: String? = nil,
        imports: [String]? = nil
    ) throws -> String {
        guard SwiftIdentifier.isValid(testName) else {
            throw TestPlanSourceError(
                "the test's name \(SwiftStringLiteral.quoted(testName)) is not a Swift identifier")
        }
        guard Self.typeName.split(separator: ".").allSatisfy({ SwiftIdentifier.isValid(String($0)) }) else {
            throw TestPlanSourceError(
                "the root's type \(String(reflecting: Root.self)) has no name a source file can use: declare it outside any function, without generic parameters"
            )
        }
        let root: Root
        do {
            root = try build()
        } catch {
            throw TestPlanSourceError("building the root to replay the recording into threw \(error)")
        }
        var writer = try TestPlanWriter(recording: recording, fault: fault, root: root, checks: checks)
        writer.writeSteps()
        return writer.file(
            testName: testName, rootTypeName: Self.typeName,
            rootInitializer: rootInitializer ?? "\(Self.typeName)()", imports: imports ?? [Self.module])
    }

    /// The root type's name as source writes it: without its module, with its enclosing types.
    static var typeName: String {
        let qualified = String(reflecting: Root.self)
        guard let dot = qualified.firstIndex(of: ".") else { return qualified }
        return String(qualified[qualified.index(after: dot)...])
    }

    /// The module that declares the root, which the plan imports.
    static var module: String {
        String(String(reflecting: Root.self).prefix { $0 != "." })
    }
}

/// Why a test plan's source could not be written.
public struct TestPlanSourceError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, and where.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Swift identifiers, as test names and enum cases must be to appear in source.
enum SwiftIdentifier {
    static func isValid(_ name: String) -> Bool {
        guard !keywords.contains(name) else { return false }
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Words a declaration cannot take as its name without backquotes.
    private static let keywords: Set<String> = [
        "_", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer",
        "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func",
        "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator",
        "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static",
        "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
        "where", "while",
    ]
}
