// The dispatcher's gate is internal to StatoscopeCore, not `package`: only a module built for testing
// exposes it, which SwiftPM's debug builds are. A release build compiles the checks without it, and
// the checks that need it fail, saying so, rather than pass unverified.
#if DEBUG
    @testable import StatoscopeCore
#else
    import StatoscopeCore
#endif

/// What `send` does with the next event, as the dispatcher's gate says it: straight to `update` (the
/// fast path apps run), one probe of the filter of scopes with middleware or dismissed, or the full
/// path.
@MainActor
enum SendPath {
    /// Why the gate cannot be read, or nil when it can.
    static var unreadable: String? {
        #if DEBUG
            nil
        #else
            "a debug build (the dispatcher's gate is internal to StatoscopeCore)"
        #endif
    }

    /// Nothing needs the full path and no update runs: `send` calls `update` directly.
    static var isOpen: Bool {
        #if DEBUG
            Dispatcher.gate == Dispatcher.open
        #else
            false
        #endif
    }

    /// Only some scopes need the full path: `send` probes the filter for the scope it is given, and
    /// takes the fast path when the probe clears it.
    static var probesFilter: Bool {
        #if DEBUG
            Dispatcher.gate & ~Dispatcher.checkingLifetimes == Dispatcher.filtering
        #else
            false
        #endif
    }

    /// The process has not yet sent its first event, which learns whether tests run.
    static var awaitsFirstEvent: Bool {
        #if DEBUG
            Dispatcher.gate & Dispatcher.firstEvent != 0
        #else
            false
        #endif
    }

    /// Every event is checked for missing ancestors, as only a process running tests does: then no
    /// event takes the fast path.
    static var checksAncestors: Bool {
        #if DEBUG
            Dispatcher.gate & Dispatcher.checkingAncestors != 0
        #else
            false
        #endif
    }

    /// The gate's bits, for a failure message.
    static var description: String {
        #if DEBUG
            // `routed` is private to the dispatcher: its bit is spelt here.
            let names: [(UInt8, String)] = [
                (Dispatcher.updating, "updating"), (1 << 1, "routed"), (Dispatcher.filtering, "filtering"),
                (Dispatcher.firstEvent, "firstEvent"), (Dispatcher.checkingAncestors, "checkingAncestors"),
                (Dispatcher.deferredWork, "deferredWork"),
                (Dispatcher.afterOutermostWork, "afterOutermostWork"),
                (Dispatcher.checkingLifetimes, "checkingLifetimes"),
            ]
            let set = names.filter { Dispatcher.gate & $0.0 != 0 }.map(\.1)
            return set.isEmpty ? "open" : set.joined(separator: "|")
        #else
            "unreadable"
        #endif
    }
}

extension Check {
    /// Records a failure unless `send`'s path, read from the gate, is what `holds` says it should be.
    func expectPath(_ what: String, _ holds: Bool, expected: String) {
        if let unreadable = SendPath.unreadable {
            fail(what, expected: expected, got: "nothing readable: reading the gate needs \(unreadable)")
            return
        }
        expect(what, holds, expected: expected, got: "the gate \(SendPath.description)")
    }
}
