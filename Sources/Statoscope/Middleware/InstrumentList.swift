/// Instruments of one kind (app-wide middleware, taps), in the order added. While any is installed,
/// every event takes the full path.
@MainActor
final class InstrumentList<Element> {
    /// The instruments, oldest first. Kept as an array of its own, beside their identifiers, because
    /// every event reads it: reading must not allocate.
    private(set) var elements: [Element] = []
    private var ids: [Int] = []

    var isEmpty: Bool { elements.isEmpty }

    /// Installs `element` until the registration is removed or dropped.
    func add(_ element: Element) -> MiddlewareRegistration {
        let id = MiddlewareRegistration.nextID()
        elements.append(element)
        ids.append(id)
        MiddlewareChain.installedChanged()
        // The lists are static and live as long as the process: a strong capture costs nothing.
        return MiddlewareRegistration(removesWhenDropped: true) { [self] in
            guard let index = ids.firstIndex(of: id) else { return }
            elements.remove(at: index)
            ids.remove(at: index)
            MiddlewareChain.installedChanged()
        }
    }
}
