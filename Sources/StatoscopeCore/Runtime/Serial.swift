/// Numbers that are never handed out twice in a process: what the library tells apart by more than
/// an address, which a later object may reuse (an event a middleware passes on, a child list, an
/// instrument's registration).
///
/// Global because the serials only have to differ from each other, whatever they number, and all
/// of them are made on the main actor: one counter serves every kind.
@MainActor
@usableFromInline
enum Serial {
    // Global because serials of every kind only have to differ from one another (see above).
    // SAFETY: Sound because only the main actor touches it, and its one access, in ``next()``, is an
    // increment and a load that call nothing. Once per event on the full path: hot.
    @exclusivity(unchecked) @usableFromInline static var last: UInt64 = 0

    /// A number never handed out before.
    @inlinable
    static func next() -> UInt64 {
        last &+= 1
        return last
    }
}
