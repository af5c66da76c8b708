/// One instrument of a kind that is installed whole or not at all (what runs `update` while the
/// instruments' module watches it): the one-element counterpart of ``InstrumentList``.
@MainActor
package final class InstrumentSlot<Element> {
    /// The instrument, while installed.
    package private(set) var value: Element?
    /// Called whenever the instrument comes, goes or is replaced: the path is rebuilt.
    private let onChange: @MainActor () -> Void

    init(onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    /// Installs `newValue` in place of the one installed, or takes it out with `nil`.
    package func set(_ newValue: Element?) {
        // Released after the path changed: it may hold the last reference to an object of the app's
        // whose deinit adds or removes instruments.
        var replaced = newValue
        swap(&replaced, &value)
        onChange()
        withExtendedLifetime(replaced) {}
    }
}
