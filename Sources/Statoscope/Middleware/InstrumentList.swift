/// Instruments of one kind (app-wide middleware, taps), in the order added. Each one installed keeps
/// every event on the full path.
@MainActor
final class InstrumentList<Element> {
    private var entries: [(id: Int, element: Element)] = []

    /// The instruments, oldest first.
    var elements: [Element] { entries.map(\.element) }

    var isEmpty: Bool { entries.isEmpty }

    func add(_ element: Element) -> MiddlewareRegistration {
        let id = MiddlewareRegistration.nextID()
        entries.append((id, element))
        Dispatcher.instrumentAdded()
        // The lists are static and live as long as the process: a strong capture costs nothing.
        return MiddlewareRegistration { [self] in
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
            entries.remove(at: index)
            Dispatcher.instrumentRemoved()
        }
    }
}
