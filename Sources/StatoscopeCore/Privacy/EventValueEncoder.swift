import Foundation

/// Encodes a value straight into an ``EventValue``, with the values `JSONEncoder` followed by a
/// decode into ``EventValue`` would give, without the text in between: that round trip costs more
/// than the rest of tracking the smallest analytics event.
///
/// Numbers become what their JSON text reads back as: a whole number that fits an `Int` is an
/// `.int`, whatever its type, and any other number a `.double`. The types `JSONEncoder` writes in a
/// way of its own (dates, data, URLs, decimals), non-finite floats and `superEncoder` set
/// ``needsFallback``: the caller then takes the `JSONEncoder` route, so both routes agree.
///
/// Encoding for analytics and recordings (``EventEncoding/redactsSensitiveValues`` set), it redacts
/// each case that ``SensitiveWhen`` marks sensitive wherever it sits, the value itself or inside it,
/// as ``EventValue/redactedCase``.
///
/// One encoder may encode one value after another: each starts afresh, in the storage the last left.
package final class EventValueEncoder {
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether the sensitive cases met are redacted.
    private let redactsSensitiveCases: Bool
    /// Whether values of each type met so far are ``SensitiveWhen``: asked for every value that is
    /// not a leaf, where a conformance lookup would cost more than encoding it.
    private let sensitiveTypes = TypeMemo { $0 is any SensitiveWhen.Type }
    /// Set when the value used something this encoder leaves to `JSONEncoder`.
    // SAFETY: Sound because no access to it overlaps another: the encoder is not `Sendable`, so one
    // isolation domain uses it, and each access is a single load or store that calls nothing.
    // Unchecked because the run-time checks of this field and of `nodes` cost a twentieth of
    // encoding an event.
    @exclusivity(unchecked) fileprivate(set) var needsFallback = false
    /// The nodes of the value being encoded, each in its slot: a node costs no allocation of its own.
    // SAFETY: Sound because no access to it overlaps another: the encoder is used in one isolation
    // domain, and each access (an append, a load, a store into a slot) calls nothing of the app's;
    // containers keep a slot's index, never a reference into the array, so the app's `encode(to:)`
    // may add slots between two accesses.
    @exclusivity(unchecked) fileprivate var nodes: [NodeSlot] = []
    /// The members of every object node, each node's chained from its slot, in the order written.
    // SAFETY: Sound as `nodes` is: members are found by index, and each access calls nothing.
    @exclusivity(unchecked) fileprivate var members: [Member] = []

    init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
        redactsSensitiveCases = userInfo[EventEncoding.redactsSensitiveValues] as? Bool == true
        nodes.reserveCapacity(4)
        members.reserveCapacity(4)
    }

    /// Starts a value afresh, keeping the storage.
    private func reset() {
        nodes.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        needsFallback = false
    }

    /// The value, or `nil` if it needs the `JSONEncoder` route.
    package func value<T: Encodable>(of value: T) throws -> EventValue? {
        reset()
        let encoded = try encode(value, path: CodingPath())
        return needsFallback ? nil : self.value(of: encoded)
    }

    /// The name and the value of the one member of the object `value` encodes to, as
    /// ``value(of:)`` would give them inside that object (an enum case and its values), without
    /// the object; `nil` if it encodes to anything else, or needs the `JSONEncoder` route.
    package func member<T: Encodable>(of value: T) throws -> (name: String, value: EventValue)? {
        reset()
        guard case .node(let index) = try encode(value, path: CodingPath()), !needsFallback,
            nodes[index].leaf == nil, nodes[index].array == nil, nodes[index].isObject,
            nodes[index].memberCount == 1
        else { return nil }
        let member = members[nodes[index].firstMember]
        let value = self.value(of: member.child)
        return (member.key, nodes[index].isSensitiveCase ? value.redacted : value)
    }

    fileprivate func encode<T: Encodable>(_ value: T, path: CodingPath) throws -> Child {
        if let leaf = leaf(of: value) {
            return .value(leaf)
        }
        let node = newNode()
        try value.encode(to: NodeEncoder(node: node, owner: self, path: path))
        if redactsSensitiveCases, sensitiveTypes.value(for: T.self), Redaction.isSensitiveEvent(value) {
            nodes[node.index].isSensitiveCase = true
        }
        return .node(node.index)
    }

    /// A new, empty node.
    fileprivate func newNode() -> Node {
        nodes.append(NodeSlot())
        return Node(owner: self, index: nodes.count - 1)
    }

    /// Adds a member to the object node at `index`, after its others.
    fileprivate func appendMember(to index: Int, key: String, child: Child) {
        members.append(Member(key: key, child: child))
        let added = members.count - 1
        if nodes[index].lastMember >= 0 {
            members[nodes[index].lastMember].next = added
        } else {
            nodes[index].firstMember = added
        }
        nodes[index].lastMember = added
        nodes[index].memberCount += 1
    }

    /// What a child of a container encoded to. A value that encoded nothing is an empty object, as
    /// `JSONEncoder` writes it.
    fileprivate func value(of child: Child) -> EventValue {
        switch child {
        case .value(let value): return value
        case .node(let index):
            let slot = nodes[index]
            return slot.isSensitiveCase ? contents(of: slot).redactedCase : contents(of: slot)
        }
    }

    private func contents(of slot: NodeSlot) -> EventValue {
        if let leaf = slot.leaf { return leaf }
        if let array = slot.array { return .array(array.map(value(of:))) }
        guard slot.isObject else { return .object([:]) }
        var values = [String: EventValue](minimumCapacity: slot.memberCount)
        var next = slot.firstMember
        while next >= 0 {
            let member = members[next]
            values[member.key] = value(of: member.child)
            next = member.next
        }
        return .object(values)
    }

    /// The value of the types that encode as one JSON value by themselves, or `nil`.
    private func leaf<T>(of value: T) -> EventValue? {
        // Metatype comparisons, not casts: a dynamic cast per value cost more than encoding it.
        // SAFETY: Sound because each bit cast is from a type to itself, which the comparison before
        // it on its line has just proven: same size, same layout, same value.
        if T.self == EventValue.self { return unsafeBitCast(value, to: EventValue.self) }
        // SAFETY: Sound because `T` is `String`, as compared just before.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        // SAFETY: Sound because `T` is `Int`, as compared just before.
        if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
        // SAFETY: Sound because `T` is `Bool`, as compared just before.
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        // SAFETY: Sound because `T` is `Double`, as compared just before.
        if T.self == Double.self { return number(unsafeBitCast(value, to: Double.self)) }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            needsFallback = true
            return .null
        }
        return nil
    }

    fileprivate func number(_ value: Double) -> EventValue {
        guard value.isFinite else {
            needsFallback = true
            return .null
        }
        guard value.rounded(.towardZero) == value else { return .double(value) }
        // `JSONEncoder` writes an integral double below 1e16 as plain digits, which read back as a
        // whole number; above, it writes an exponent, and what that reads back as is its decoder's
        // call.
        guard value.magnitude < 1e16 else {
            needsFallback = true
            return .null
        }
        return .int(Int(value))
    }

    fileprivate func number<I: BinaryInteger>(_ value: I) -> EventValue {
        if let whole = Int(exactly: value) { return .int(whole) }
        return .double(Double(value))
    }

    fileprivate func number(_ value: Float) -> EventValue {
        guard value.isFinite else {
            needsFallback = true
            return .null
        }
        // `JSONEncoder` writes a float's shortest text, which reads back as the double it spells.
        return number(Double(value.description) ?? Double(value))
    }
}

/// A value in a container: finished, or a node still being filled in.
private enum Child {
    case value(EventValue)
    /// The node's slot in its encoder's `nodes`.
    case node(Int)
}

/// What one node holds, filled in as its containers are written: a single value, or an array, or
/// an object's members kept in order, as written, and made a dictionary once (a later value for a
/// key replaces an earlier one, as in `JSONEncoder`).
private struct NodeSlot {
    var leaf: EventValue?
    /// Whether a keyed container was asked of it: it is an object, of the members chained from
    /// `firstMember` in the encoder's `members`.
    var isObject = false
    var firstMember = -1
    var lastMember = -1
    var memberCount = 0
    var array: [Child]?
    /// Whether the node is a case that ``SensitiveWhen`` marks sensitive, to be redacted.
    var isSensitiveCase = false
}

/// A member of an object node, and the index of the next one of the same node (-1 for none).
private struct Member {
    let key: String
    let child: Child
    var next = -1
}

/// A node of the value being encoded: its slot in its encoder's `nodes`.
private struct Node {
    let owner: EventValueEncoder
    let index: Int

    var leaf: EventValue? {
        get { owner.nodes[index].leaf }
        nonmutating _modify { yield &owner.nodes[index].leaf }
    }

    var isObject: Bool {
        get { owner.nodes[index].isObject }
        nonmutating set { owner.nodes[index].isObject = newValue }
    }

    /// Adds a member, if a keyed container was asked of the node.
    func appendMember(_ key: String, _ child: Child) {
        guard isObject else { return }
        owner.appendMember(to: index, key: key, child: child)
    }

    var array: [Child]? {
        get { owner.nodes[index].array }
        nonmutating _modify { yield &owner.nodes[index].array }
    }
}

/// Where a container is, formed only when asked for: most events never ask, and forming it for each
/// nested container cost an allocation.
private struct CodingPath {
    package var parent: [any CodingKey] = []
    var last: (any CodingKey)?

    var keys: [any CodingKey] { last.map { parent + [$0] } ?? parent }

    func appending(_ key: any CodingKey) -> CodingPath { CodingPath(parent: keys, last: key) }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let owner: EventValueEncoder
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { owner.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.isObject = true
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, owner: owner, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.array == nil { node.array = [] }
        return UnkeyedNodeContainer(node: node, owner: owner, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, owner: owner, path: path)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let owner: EventValueEncoder
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    private func set(_ value: EventValue, _ key: Key) {
        node.appendMember(key.stringValue, .value(value))
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(owner.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(owner.number(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Encoded before the append: the app's `encode(to:)` runs outside any access to the node.
        let child = try owner.encode(value, path: path.appending(key))
        node.appendMember(key.stringValue, child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = owner.newNode()
        child.isObject = true
        node.appendMember(key.stringValue, .node(child.index))
        return KeyedEncodingContainer(
            KeyedNodeContainer<NestedKey>(node: child, owner: owner, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = owner.newNode()
        child.array = []
        node.appendMember(key.stringValue, .node(child.index))
        return UnkeyedNodeContainer(node: child, owner: owner, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        owner.needsFallback = true
        return NodeEncoder(node: owner.newNode(), owner: owner, path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        owner.needsFallback = true
        return NodeEncoder(node: owner.newNode(), owner: owner, path: path)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    let owner: EventValueEncoder
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }
    var count: Int { node.array?.count ?? 0 }

    private func append(_ value: EventValue) { node.array?.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(owner.number(value)) }
    mutating func encode(_ value: Float) throws { append(owner.number(value)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(owner.number(value)) }
    mutating func encode(_ value: Int16) throws { append(owner.number(value)) }
    mutating func encode(_ value: Int32) throws { append(owner.number(value)) }
    mutating func encode(_ value: Int64) throws { append(owner.number(value)) }
    mutating func encode(_ value: UInt) throws { append(owner.number(value)) }
    mutating func encode(_ value: UInt8) throws { append(owner.number(value)) }
    mutating func encode(_ value: UInt16) throws { append(owner.number(value)) }
    mutating func encode(_ value: UInt32) throws { append(owner.number(value)) }
    mutating func encode(_ value: UInt64) throws { append(owner.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // Encoded before the append, as in `KeyedNodeContainer`.
        let child = try owner.encode(value, path: path)
        node.array?.append(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = owner.newNode()
        child.isObject = true
        node.array?.append(.node(child.index))
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, owner: owner, path: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = owner.newNode()
        child.array = []
        node.array?.append(.node(child.index))
        return UnkeyedNodeContainer(node: child, owner: owner, path: path)
    }

    mutating func superEncoder() -> any Encoder {
        owner.needsFallback = true
        return NodeEncoder(node: owner.newNode(), owner: owner, path: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    let owner: EventValueEncoder
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    private func set(_ value: EventValue) { node.leaf = value }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(owner.number(value)) }
    mutating func encode(_ value: Float) throws { set(owner.number(value)) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(owner.number(value)) }
    mutating func encode(_ value: Int16) throws { set(owner.number(value)) }
    mutating func encode(_ value: Int32) throws { set(owner.number(value)) }
    mutating func encode(_ value: Int64) throws { set(owner.number(value)) }
    mutating func encode(_ value: UInt) throws { set(owner.number(value)) }
    mutating func encode(_ value: UInt8) throws { set(owner.number(value)) }
    mutating func encode(_ value: UInt16) throws { set(owner.number(value)) }
    mutating func encode(_ value: UInt32) throws { set(owner.number(value)) }
    mutating func encode(_ value: UInt64) throws { set(owner.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        switch try owner.encode(value, path: path) {
        case .value(let value):
            node.leaf = value
        case .node(let encoded):
            // The node takes what the value encoded to: its leaf, its members, its elements.
            owner.nodes[node.index] = owner.nodes[encoded]
        }
    }
}
