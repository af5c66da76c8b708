@_spi(StatoscopeInternals) import StatoscopeCore

/// The changes an update made to its scope's state, as a state diff logs them: one text per changed
/// stored property, `name: old -> new`.
///
/// Every change shows, whatever the size of the value: a value too long to show in full is shown
/// from a little before where it changed, with its element count when that changed, and a child of
/// a `@Subscope` property that comes, goes or is replaced is a change too.
@MainActor
enum StateDiff {
    /// How much of a long value is shown before the point where it changed.
    static let contextBeforeChange = 40

    /// The state of a scope as the diff compares it.
    @MainActor
    struct Snapshot {
        fileprivate let properties: [Property]

        /// Reads the stored properties of `scope`: reading links, moves and creates nothing.
        init(of scope: AnyObject) {
            properties = ScopeProperty.all(of: scope).compactMap(Property.init)
        }

        /// What changed from `before` to this snapshot of the same scope, in declaration order.
        func changes(since before: Snapshot) -> [String] {
            zip(before.properties, properties).compactMap { old, new in
                old.identity == new.identity ? nil : new.change(from: old)
            }
        }
    }

    /// One property, rendered in full, with what tells a change apart.
    @MainActor
    fileprivate struct Property {
        enum Identity: Equatable {
            /// Plain state: its text, or for a sensitive value a text compared but never shown, and
            /// the object it is, if it is one, so that one replaced by a look-alike is a change.
            case value(String, object: ObjectIdentifier?)
            /// A `@Subscope` property: the children it holds.
            case children([ObjectIdentifier])
        }

        let name: String
        let text: String
        let identity: Identity
        /// The number of elements of a collection (text excluded): shown when a long one changes.
        let count: Int?

        init?(_ property: ScopeProperty) {
            switch property {
            case .state(let name, let value):
                self.name = name
                text = Redaction.describe(value)
                identity = .value(Self.identityText(of: value, shown: text), object: Self.object(in: value))
                count = value is String ? nil : (value as? any Collection)?.count
            case .subscope(let storage, let name):
                // No child's name or path: a list of thousands of rows costs one pass of identities.
                let children = storage.children
                self.name = name
                identity = .children(children.map { ObjectIdentifier($0) })
                count = storage.isList ? children.count : nil
                if storage.isEmptyOptional {
                    text = "nil"
                } else if !storage.isList, let child = children.first {
                    text = "\(type(of: child))"
                } else {
                    let shown = children.prefix(Self.childrenShown).map { "\(type(of: $0))" }
                    let more = children.count > Self.childrenShown ? ", …" : ""
                    text = "[" + shown.joined(separator: ", ") + more + "]"
                }
            case .injected:
                return nil
            }
        }

        /// How many of a list's children its text names; the count says how many there are.
        static let childrenShown = 8

        /// The object a value is, or an optional holds.
        private static func object(in value: Any) -> ObjectIdentifier? {
            if Swift.type(of: value) is AnyClass { return ObjectIdentifier(value as AnyObject) }
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional, let wrapped = mirror.children.first else { return nil }
            return object(in: wrapped.value)
        }

        /// Text that differs when the value does, compared in memory and never shown: its text,
        /// unless a sensitive value shows its placeholder there, which hides a change; then its
        /// sensitive value's own text, or its dump, which reflection writes in full.
        private static func identityText(of value: Any, shown text: String) -> String {
            if let sensitive = value as? any SensitiveValue { return sensitive.identityText }
            guard text.contains(EventValue.redactionPlaceholder) else { return text }
            var dumped = ""
            dump(value, to: &dumped)
            return dumped
        }

        /// `name: old -> new`, `old` being this property before the update.
        func change(from old: Property) -> String {
            let limit = ScopeProperty.valueLimit
            guard old.text.count > limit || text.count > limit else {
                return "\(name): \(old.text) -> \(shortText(comparedWith: old))"
            }
            let counts = old.count.flatMap { oldCount in
                count.flatMap { $0 == oldCount ? nil : " (\(oldCount) -> \($0) elements)" }
            }
            let unchanged = zip(old.text, text).prefix { $0 == $1 }.count
            let start = max(0, unchanged - StateDiff.contextBeforeChange)
            return "\(name)\(counts ?? ""): \(Self.window(of: old.text, from: start)) -> "
                + Self.window(of: text, from: start)
        }

        /// The text of a short value; an object or children replaced by look-alikes say so.
        private func shortText(comparedWith old: Property) -> String {
            guard text == old.text else { return text }
            switch identity {
            case .value(_, object: .some): return "another \(text)"
            case .children(let children) where children.count == 1: return "another \(text)"
            case .children: return "\(text), other scopes"
            case .value: return text
            }
        }

        /// The part of `text` from the character at `start`, cut at the longest rendering.
        private static func window(of text: String, from start: Int) -> String {
            let shown = text.dropFirst(start)
            let cut =
                shown.count > ScopeProperty.valueLimit ? shown.prefix(ScopeProperty.valueLimit) + "…" : shown
            return (start > 0 ? "…" : "") + cut
        }
    }
}
