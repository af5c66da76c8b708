/// Instruments of one kind (app-wide middleware, taps), in the order added. While any is installed,
/// every event takes the full path.
///
/// Declared public under the `StatoscopeInternals` SPI, which only the library's own modules import:
/// every module of the library asks it on hot paths, and only public declarations are inlined, and so
/// specialised, across modules. Users never see it.
@MainActor
@_spi(StatoscopeInternals)
public final class InstrumentList<Element> {
    /// The instruments, oldest first. Kept as an array of its own, beside their identifiers, because
    /// every event reads it: reading must not allocate. Read inlined, specialised for the kind of
    /// instrument where it is read: other modules read it on every event.
    // SAFETY: Sound because only the main actor touches it, and no access spans other code: `add`
    // and the registration's removal append or remove one element, and readers copy the array (a
    // walk of the instruments runs over its own copy, which an instrument added or removed during
    // the walk leaves alone).
    @exclusivity(unchecked) @usableFromInline var storedElements: [Element] = []
    private var ids: [UInt64] = []
    /// Called whenever an instrument comes or goes: the instruments' module rebuilds the path.
    private let onChange: @MainActor () -> Void

    /// An empty list; `onChange` runs whenever an instrument comes or goes.
    public init(onChange: @escaping @MainActor () -> Void = {}) {
        self.onChange = onChange
    }

    /// Whether none is installed.
    @inlinable public var isEmpty: Bool { storedElements.isEmpty }

    /// The instruments, oldest first: inlined where read, so that the read is not checked for
    /// exclusivity at run time, as another module's access to a stored property is.
    @inlinable public var elements: [Element] { storedElements }

    /// Installs `element` until the registration is removed or dropped.
    public func add(_ element: Element) -> InstrumentRegistration {
        let id = append(element)
        // The lists are static and live as long as the process: a strong capture costs nothing.
        return InstrumentRegistration { [self] in remove(id: id) }
    }

    /// Installs `element` until ``remove(id:)`` is called with the identifier returned.
    public func append(_ element: Element) -> UInt64 {
        let id = InstrumentRegistration.nextID()
        storedElements.append(element)
        ids.append(id)
        onChange()
        return id
    }

    /// Takes out the instrument installed under `id`; nothing happens if it was taken out already.
    public func remove(id: UInt64) {
        guard let index = ids.firstIndex(of: id) else { return }
        // Released after the list changed: it may hold the last reference to an object of the app's
        // whose deinit adds or removes instruments.
        let removed = storedElements.remove(at: index)
        ids.remove(at: index)
        onChange()
        withExtendedLifetime(removed) {}
    }
}
