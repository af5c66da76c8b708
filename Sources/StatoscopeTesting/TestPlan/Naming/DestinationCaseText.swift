import Statoscope

/// A destination's case as messages and specifications name it: by the case, not by the type of the
/// scope it holds, which another case may hold too.
enum DestinationCaseText {
    /// The case `embed` makes as code: `.editor`; the type of its scope without reflection metadata.
    static func code<Destination: ScopeDestination, Child: Scope>(of embed: (Child) -> Destination) -> String
    {
        Destination.caseName(of: embed).map { ".\($0)" } ?? "the case holding a \(Child.self)"
    }

    /// The case shown as code: `.share`, or `nil`.
    static func code<Destination: ScopeDestination>(of shown: Destination?) -> String {
        shown.map { ".\($0.destinationCaseName)" } ?? "nil"
    }

    /// The case `embed` makes in words, for readers who do not read Swift: `user profile` for
    /// `.userProfile`.
    static func words<Destination: ScopeDestination, Child: Scope>(of embed: (Child) -> Destination) -> String
    {
        Destination.caseName(of: embed).map(Humanized.words) ?? "a \(Child.self)"
    }
}
