@_spi(StatoscopeInternals) import StatoscopeCore

/// Tells whether reading a dependency's ``Injectable/testValue`` ended at its live value: the default
/// ``Injectable/previewValue``, reached only when the type declares neither a test nor a preview
/// value, notes it in the probe the reader set for the read.
///
/// A task-local value rather than a requirement of `Injectable`, so that a type declares its values as
/// plain static properties and the library can still tell a declared value from a defaulted one.
enum DeclaredValueProbe {
    /// The probe of the read in progress, if any: set only around a test's read.
    @TaskLocal static var current: CriticalState<Bool>?

    /// Notes that the read in progress fell back to the live value.
    static func noteLiveFallback() {
        current?.withLock { $0 = true }
    }

    /// What `read` returns (a declared value of a dependency), and whether it ended at the live value
    /// by default.
    static func probing<Value>(_ read: () -> Value) -> (value: Value, isLive: Bool) {
        let probe = CriticalState(false)
        let value = $current.withValue(probe, operation: read)
        return (value, probe.withLock { $0 })
    }
}
