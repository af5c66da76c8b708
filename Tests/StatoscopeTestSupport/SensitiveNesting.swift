import Foundation
import Statoscope
import Testing

/// The code the nesting tests hand the library; it may appear in nothing the library prints or
/// writes.
public enum NestedSecret {
    /// The code typed.
    public static let code = "code-5081"
}

/// A keypad's presses, of a type the app marks sensitive per case: typing the code is sensitive,
/// and so is every value that case carries. The other cases carry presses in each kind of value an
/// app nests one in, so that a sensitive press can sit at any depth.
public indirect enum Keypress: Codable, Sendable, Hashable, SensitiveWhen {
    /// Sensitive: the code typed.
    case typedCode(String)
    /// A digit pressed.
    case pressedDigit(Int)
    /// A note, sensitive by its own type.
    case typedNote(Sensitive<String>)
    /// A press in an enum's case.
    case relayed(Keypress)
    /// A press in an array.
    case batch([Keypress])
    /// A press in an optional.
    case maybe(Keypress?)
    /// A press as a dictionary's value.
    case named([String: Keypress])
    /// A press as a dictionary's key.
    case counted([Keypress: Int])
    /// A press in a struct.
    case boxed(KeypressBox)

    /// Whether this is the code typed.
    public var isSensitive: Bool {
        if case .typedCode = self { return true }
        return false
    }
}

/// A press kept in a struct.
public struct KeypressBox: Codable, Sendable, Hashable {
    /// A value shown beside the press.
    public var label: String
    /// The press.
    public var press: Keypress
}

/// Where a sensitive press sits: `depth` values deep, each of `kind`, in what carries it (an event,
/// a state property, an effect). At depth 1 it is what the event carries:
/// `intercom.send(.forward(.typedCode(code)))`.
public struct Nesting: Sendable, CustomTestStringConvertible {
    /// What holds the press at each level below the first.
    public enum Kind: String, Sendable, CaseIterable {
        /// Another case of its enum.
        case anEnum = "an enum"
        /// An array.
        case anArray = "an array"
        /// An optional.
        case anOptional = "an optional"
        /// A dictionary, as one of its values.
        case aDictionarysValue = "a dictionary's value"
        /// A dictionary, as one of its keys.
        case aDictionarysKey = "a dictionary's key"
        /// A struct.
        case aStruct = "a struct"
    }

    /// What holds the press at each level below the first.
    public let kind: Kind
    /// How deep the press sits, from 1.
    public let depth: Int

    /// A press `depth` values deep, each of `kind`.
    public init(kind: Kind, depth: Int) {
        self.kind = kind
        self.depth = depth
    }

    /// Every kind at depths 2 to 4, after depth 1, where the kind makes no difference.
    public static let all: [Nesting] =
        [Nesting(kind: .anEnum, depth: 1)]
        + Kind.allCases.flatMap { kind in (2...4).map { Nesting(kind: kind, depth: $0) } }

    /// `press` wrapped `depth - 1` times in a value of `kind`.
    public func wrapping(_ press: Keypress) -> Keypress {
        var wrapped = press
        for _ in 1..<depth {
            switch kind {
            case .anEnum: wrapped = .relayed(wrapped)
            case .anArray: wrapped = .batch([.pressedDigit(1), wrapped])
            case .anOptional: wrapped = .maybe(wrapped)
            case .aDictionarysValue: wrapped = .named(["inner": wrapped])
            case .aDictionarysKey: wrapped = .counted([wrapped: 1])
            case .aStruct: wrapped = .boxed(KeypressBox(label: "box", press: wrapped))
            }
        }
        return wrapped
    }

    /// The code, typed, at this depth.
    public var secret: Keypress { wrapping(.typedCode(NestedSecret.code)) }

    /// The code as a recording holds it: the placeholder in its place.
    public var redacted: Keypress { wrapping(.typedCode(EventValue.redactionPlaceholder)) }

    /// The press as the library prints it nested in another value: Swift's text of the redacted
    /// press (`String(reflecting:)`), the sensitive case's values shown as the placeholder, and an
    /// optional as the value it holds.
    public var redactedText: String { Self.placeholderShown(String(reflecting: redacted)) }

    /// The press as the library prints it on its own, as a state property's value.
    public var redactedTextOnItsOwn: String { Self.placeholderShown(String(describing: redacted)) }

    /// The press as JSON models it, redacted: the JSON of the press with the placeholder in place.
    public var redactedValue: EventValue {
        // The fixture's presses always encode and decode.
        let data = try! JSONEncoder().encode(redacted)
        return try! JSONDecoder().decode(EventValue.self, from: data)
    }

    /// Names the test case.
    public var testDescription: String { "depth \(depth) in \(kind.rawValue)" }

    private static func placeholderShown(_ text: String) -> String {
        withoutOptionalFrames(
            text.replacingOccurrences(of: #"typedCode("<redacted>")"#, with: "typedCode(<redacted>)"))
    }

    /// `text` with each `Optional(…)` written as what it holds, as the library writes an optional.
    private static func withoutOptionalFrames(_ text: String) -> String {
        var characters = Array(text)
        let frame = Array("Optional(")
        while let start = characters.indices.first(where: { characters[$0...].starts(with: frame) }) {
            var depth = 0
            var close = start + frame.count - 1
            repeat {
                if characters[close] == "(" { depth += 1 }
                if characters[close] == ")" { depth -= 1 }
                close += 1
            } while depth > 0 && close < characters.count
            characters.remove(at: close - 1)
            characters.removeSubrange(start..<start + frame.count)
        }
        return String(characters)
    }
}

/// Whether `text` shows a redaction and never the code.
public func hidesTheCode(_ text: String) -> Bool {
    !text.contains(NestedSecret.code) && text.contains(EventValue.redactionPlaceholder)
}
