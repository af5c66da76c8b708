extension ScopeDestination {
    /// Whether both are the same case holding the same values: the same scopes (the same objects), and
    /// equal other values.
    public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
        let left = lhs.destinationCase
        let right = rhs.destinationCase
        guard left.name == right.name else { return false }
        switch (left.values, right.values) {
        case (nil, nil): return true
        case (let leftValues?, let rightValues?): return DestinationValues.areSame(leftValues, rightValues)
        default: return false
        }
    }
}

/// How the values of two destinations compare, whatever their types: nothing is asked of them.
enum DestinationValues {
    /// Whether two values are the same: two scopes are the same object; an `Equatable` value is
    /// compared with `==`, another object by identity, and any other value value by value as
    /// reflection shows it, down to values without parts, compared by their reflected description.
    nonisolated static func areSame(_ left: Any, _ right: Any) -> Bool {
        // Casting unwraps an optional, so an optional scope is compared as the scope it holds.
        if let leftScope = left as? any Scope {
            guard let rightScope = right as? any Scope else { return false }
            return leftScope === rightScope
        }
        guard ObjectIdentifier(type(of: left)) == ObjectIdentifier(type(of: right)) else { return false }
        if let equatable = left as? any Equatable {
            return isEqual(equatable, right)
        }
        if type(of: left) is AnyClass {
            return (left as AnyObject) === (right as AnyObject)
        }
        let leftParts = Array(Mirror(reflecting: left).children)
        let rightParts = Array(Mirror(reflecting: right).children)
        guard leftParts.count == rightParts.count else { return false }
        guard !leftParts.isEmpty else { return String(reflecting: left) == String(reflecting: right) }
        // Objects are compared by identity above, so this descent never meets a cycle.
        return zip(leftParts, rightParts).allSatisfy { leftPart, rightPart in
            leftPart.label == rightPart.label && areSame(leftPart.value, rightPart.value)
        }
    }

    private nonisolated static func isEqual<Value: Equatable>(_ left: Value, _ right: Any) -> Bool {
        guard let right = right as? Value else { return false }
        return left == right
    }
}
