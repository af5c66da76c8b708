/// An element handed from the task producing it to the one iterating it.
///
/// `@unchecked Sendable`: each element is yielded once, by one producer, and taken once, by the one
/// iterator of its stream; the producer keeps no reference to it after yielding, so it is never
/// touched from two tasks at once.
// SAFETY: Sound because of the hand-over the comment above describes: one owner at a time.
struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
}
