import Foundation

/// Notes a fatal signal's number in the header of the surviving file written last, gives that file's
/// writer thread time to write what the recorder handed it, then lets the signal do what it did
/// before: the handler installed before this one (the Swift runtime's backtracer, a crash reporter)
/// or the default action ends the process.
///
/// The handler only loads and stores words of the mapped header and calls `nanosleep`, `sigaction`
/// and `raise`, which are async-signal-safe: nothing it does allocates, locks or calls into the
/// runtime (the places it reads are set up before the handler is installed, and hold the fields'
/// addresses, so that no lazily made constant is read). The writer runs on its own thread, as it
/// always does; the wait is bounded, since the thread that failed may hold what the writer needs (a
/// lock of the allocator, say), and skipped when the writer itself is the thread that failed.
extension SurvivingLog {
    /// Makes the file at `header` the one a fatal signal is noted in, installing the handler the first
    /// time. On the main actor, where every surviving log is made and closed.
    static func noteFatalSignals(in header: UnsafeMutableRawPointer, writtenBy writer: UInt) {
        // The file being noted changes one word at a time; the handler reads the signal's field
        // first, so it sees no file (nil) while the others change.
        fatalSignalNote.signalField = nil
        fatalSignalNote.handedOverField = header + SurvivingLogLayout.Header.handedOver
        fatalSignalNote.lastWrittenField = header + SurvivingLogLayout.Header.lastWritten
        fatalSignalNote.writer = writer
        fatalSignalNote.signalField = header + SurvivingLogLayout.Header.signal
        guard fatalSignalNote.previous == nil else { return }
        // SAFETY: Sound because the actions are allocated once per process and never freed: a
        // handler may read them at any moment, on any thread, until the process ends.
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: FatalSignalNote.signals.count)
        previous.initialize(repeating: sigaction(), count: FatalSignalNote.signals.count)
        for (index, signal) in FatalSignalNote.signals.enumerated() {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u = __sigaction_u(__sa_handler: noteFatalSignal)
            #else
                action.__sigaction_handler.sa_handler = noteFatalSignal
            #endif
            sigemptyset(&action.sa_mask)
            // On the alternate stack where one is set up, so that a stack overflow is noted too.
            action.sa_flags = SA_ONSTACK
            sigaction(signal, &action, previous + index)
        }
        fatalSignalNote.previous = previous
    }

    /// Stops noting fatal signals in the file at `header`, which is being closed.
    static func stopNotingFatalSignals(in header: UnsafeMutableRawPointer) {
        if fatalSignalNote.signalField == header + SurvivingLogLayout.Header.signal {
            fatalSignalNote.signalField = nil
            fatalSignalNote.handedOverField = nil
            fatalSignalNote.lastWrittenField = nil
        }
    }
}

/// Where the handler notes a fatal signal, and what each signal did before it was installed.
private struct FatalSignalNote {
    /// The signals a crash raises that a process can catch: a Swift trap (`SIGILL`, or `SIGTRAP` on
    /// ARM), a bad memory access, `abort()`, an arithmetic fault.
    static var signals: [Int32] { [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] }

    /// The signal's field in the header of the surviving file started last and still open; nil when
    /// none is.
    var signalField: UnsafeMutableRawPointer?
    /// That file's count of entries handed to its writer, and of entries written whole.
    var handedOverField: UnsafeMutableRawPointer?
    var lastWrittenField: UnsafeMutableRawPointer?
    /// That file's writer thread's identity (``SurvivingLog/currentThreadIdentity()``).
    var writer: UInt = 0
    /// How long a fatal signal waits for the writer, in waits of a millisecond.
    static var patience: Int { 1_000 }
    /// The action each of ``signals`` had before, in that order; nil until the handler is installed.
    var previous: UnsafeMutablePointer<sigaction>?

    /// Where `signal` is in ``signals``, without touching an array: a handler allocates nothing.
    static func index(of signal: Int32) -> Int? {
        switch signal {
        case SIGILL: 0
        case SIGTRAP: 1
        case SIGSEGV: 2
        case SIGBUS: 3
        case SIGABRT: 4
        case SIGFPE: 5
        default: nil
        }
    }
}

// Global because a signal handler is a C function that captures nothing: this is the one place it
// finds the file to note the signal in, and the handlers to hand the signal back to.
//
// SAFETY: Sound because only the main actor writes it (when a surviving log opens or closes), each
// field a single aligned word, and the handler only reads it: a handler running on another thread
// while the main actor writes reads the old word or the new one, and either header is mapped, since
// a log stops being named here before it is unmapped, and its mapping lasts until its writer thread
// has ended too. (A handler on another thread that read a file's fields just as the main actor
// closed that file and its writer ended could read an unmapped header: a fault inside the handler,
// which then ends the process as the first signal would have.) Exclusivity is not checked: a handler may
// interrupt the main actor's access, and checking it would call into the runtime.
@exclusivity(unchecked) nonisolated(unsafe) private var fatalSignalNote = FatalSignalNote()

/// The handler: notes the signal, puts back the action it had before, and raises it again, which
/// takes effect once the handler returns (the signal is blocked while it runs).
private func noteFatalSignal(_ number: Int32) {
    if let signalField = fatalSignalNote.signalField {
        signalField.storeBytes(of: number.littleEndian, as: Int32.self)
        awaitWriter()
    }
    if let index = FatalSignalNote.index(of: number), let previous = fatalSignalNote.previous {
        sigaction(number, previous + index, nil)
    } else {
        // All zeros: the default action.
        var fallback = sigaction()
        sigaction(number, &fallback, nil)
    }
    raise(number)
}

/// Waits, a millisecond at a time and at most ``FatalSignalNote/patience`` times, until the writer
/// has written every entry handed over; returns at once on the writer's own thread.
private func awaitWriter() {
    guard let handedOver = fatalSignalNote.handedOverField, let written = fatalSignalNote.lastWrittenField,
        SurvivingLog.currentThreadIdentity() != fatalSignalNote.writer
    else { return }
    var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    for _ in 0..<FatalSignalNote.patience {
        // Both words are read whole: each is aligned, and written with a single store.
        guard written.load(as: UInt64.self) < handedOver.load(as: UInt64.self) else { return }
        nanosleep(&pause, nil)
    }
}
