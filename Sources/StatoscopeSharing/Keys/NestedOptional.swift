/// An optional, as the saved format tells how deep the `nil` of a nested one lies: JSON writes every
/// `nil` as `null`, which alone loads as the outermost `nil`, so `.some(nil)` of a `String??` would
/// load as `nil`.
protocol NestedOptional {
    /// How many `.some` wrap the `nil` this value holds, or nil when it holds no `nil`.
    var someAroundNil: Int? { get }
    /// `nil` wrapped in `count` `.some`; throws when this type nests fewer optionals than that.
    static func nilWrapped(in count: Int) throws -> Self
}

extension Optional: NestedOptional {
    var someAroundNil: Int? {
        switch self {
        case .none: return 0
        case .some(let wrapped):
            guard let inner = Wrapped.self as? any NestedOptional.Type else { return nil }
            return Self.someAroundNil(in: wrapped, as: inner).map { $0 + 1 }
        }
    }

    static func nilWrapped(in count: Int) throws -> Self {
        guard count > 0 else { return .none }
        guard let inner = Wrapped.self as? any NestedOptional.Type else {
            throw SharedFormatProblem.undecodable("it holds more optionals than \(Self.self)")
        }
        return .some(try wrapped(nilWrappedIn: count - 1, as: inner))
    }

    /// `value`'s ``someAroundNil``, read as `Inner`, the type it has: cast through a generic type, an
    /// optional keeps its `nil` where a cast through `Any` would unwrap it.
    private static func someAroundNil<Inner: NestedOptional>(in value: Wrapped, as _: Inner.Type) -> Int? {
        (value as? Inner)?.someAroundNil
    }

    private static func wrapped<Inner: NestedOptional>(nilWrappedIn count: Int, as _: Inner.Type) throws
        -> Wrapped
    {
        guard let wrapped = try Inner.nilWrapped(in: count) as? Wrapped else {
            throw SharedFormatProblem.undecodable("it holds more optionals than \(Self.self)")
        }
        return wrapped
    }
}

/// How many `.some` wrap the `nil` that `value` holds below its top, when it is a nested optional
/// holding one there; nil otherwise.
func someAroundNil<Value>(in value: Value) -> Int? {
    guard let optional = Value.self as? any NestedOptional.Type else { return nil }
    return someAroundNil(in: value, as: optional).flatMap { $0 > 0 ? $0 : nil }
}

private func someAroundNil<Value, Optional: NestedOptional>(in value: Value, as _: Optional.Type) -> Int? {
    (value as? Optional)?.someAroundNil
}

/// `nil` wrapped in `count` `.some`, as a `Value`.
func nilWrapped<Value>(in count: Int, as _: Value.Type) throws -> Value {
    guard let optional = Value.self as? any NestedOptional.Type else {
        throw SharedFormatProblem.undecodable("it holds a nested nil, and \(Value.self) is not optional")
    }
    return try nilWrapped(in: count, as: optional, Value.self)
}

private func nilWrapped<Optional: NestedOptional, Value>(
    in count: Int, as _: Optional.Type, _: Value.Type
) throws -> Value {
    guard let value = try Optional.nilWrapped(in: count) as? Value else {
        throw SharedFormatProblem.undecodable("it holds a nested nil \(Value.self) cannot hold")
    }
    return value
}
