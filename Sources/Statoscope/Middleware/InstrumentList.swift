/// Instruments of one kind (app-wide middleware, taps), in the order added. Each one installed keeps
/// every event on the full path.
@MainActor
final class InstrumentList<Element> {
    /// The instruments, oldest first. Kept as an array of its own, beside their identifiers, because
    /// every event reads it: reading must not allocate.
    private(set) var elements: [Element] = []
    private var ids: [Int] = []

    var isEmpty: Bool { elements.isEmpty }

    func add(_ element: Element) -> MiddlewareRegistration {
        let id = MiddlewareRegistration.nextID()
        elements.append(element)
        ids.append(id)
        Dispatcher.instrumentAdded()
        // The lists are static and live as long as the process: a strong capture costs nothing.
        return MiddlewareRegistration { [self] in
            guard let index = ids.firstIndex(of: id) else { return }
            elements.remove(at: index)
            ids.remove(at: index)
            Dispatcher.instrumentRemoved()
        }
    }
}
