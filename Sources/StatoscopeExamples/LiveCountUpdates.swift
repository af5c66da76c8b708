// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// Listens to the counts the server pushes, for as long as the effect runs.
/// Prints as `LiveCountUpdates()`: the demo's log lines name the feed, not the dependency.
package struct LiveCountUpdates: StreamEffect, Equatable, CustomStringConvertible {
    @Injected var api: LiveCountAPI

    package init() {}

    package var description: String { "LiveCountUpdates()" }

    package func makeElements() -> AsyncThrowingStream<CounterDTO, any Error> {
        api.updates()
    }
}
