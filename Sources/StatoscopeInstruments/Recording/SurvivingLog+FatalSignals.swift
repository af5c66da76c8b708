import Foundation

/// Notes a fatal signal's number in the header of every surviving file still open, gives each file's
/// writer thread time to write what its recorder handed it, then lets the signal do what it did
/// before: the handler installed before this one (the Swift runtime's backtracer, a crash reporter)
/// or the default action ends the process.
///
/// The handler only loads and stores words (of its table of open files, and of their mapped headers)
/// and calls `nanosleep`, `sigaction` and `raise`, which are async-signal-safe: nothing it does
/// allocates, locks or calls into the runtime (the table is allocated before the handler is
/// installed and holds the fields' addresses, so that no lazily made constant is read). The writers
/// run on their own threads, as they always do; the wait is bounded, since the thread that failed may
/// hold what a writer needs (a lock of the allocator, say), and skipped for a writer that is itself
/// the thread that failed.
extension SurvivingLog {
    /// How many surviving files a process keeps open at once: the handler's table has that many rows.
    static var maximumOpenFiles: Int { FatalSignalNote.capacity }

    /// Whether another file can be noted: fewer than ``maximumOpenFiles`` are open.
    static var canNoteAnotherFile: Bool {
        let files = FatalSignalNote.files
        return (0..<FatalSignalNote.capacity).contains { files[$0].signalField == nil }
    }

    /// Notes fatal signals in the file at `header` from now on, installing the handler the first
    /// time; false when ``maximumOpenFiles`` files are open already. On the main actor, where every
    /// surviving log is made and closed.
    static func noteFatalSignals(in header: UnsafeMutableRawPointer, writtenBy writer: UInt) -> Bool {
        let files = FatalSignalNote.files
        guard let row = (0..<FatalSignalNote.capacity).first(where: { files[$0].signalField == nil }) else {
            return false
        }
        // A row changes one word at a time; the handler reads the signal's field first and skips the
        // row while it is nil, so it never sees a row half made.
        files[row].handedOverField = header + SurvivingLogLayout.Header.handedOver
        files[row].lastWrittenField = header + SurvivingLogLayout.Header.lastWritten
        files[row].writer = writer
        files[row].signalField = header + SurvivingLogLayout.Header.signal
        guard fatalSignalNote.previous == nil else { return true }
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
        return true
    }

    /// Stops noting fatal signals in the file at `header`, which is being closed.
    static func stopNotingFatalSignals(in header: UnsafeMutableRawPointer) {
        let files = FatalSignalNote.files
        for row in 0..<FatalSignalNote.capacity
        where files[row].signalField == header + SurvivingLogLayout.Header.signal {
            files[row].signalField = nil
        }
    }
}

/// One open surviving file, as the handler finds it.
private struct NotedFile {
    /// The signal's field in the file's header; nil when the row holds no open file.
    var signalField: UnsafeMutableRawPointer?
    /// The file's count of entries handed to its writer, and of entries written whole.
    var handedOverField: UnsafeMutableRawPointer?
    var lastWrittenField: UnsafeMutableRawPointer?
    /// The file's writer thread's identity (``SurvivingLog/currentThreadIdentity()``).
    var writer: UInt = 0
}

/// Where the handler notes a fatal signal, and what each signal did before it was installed.
private struct FatalSignalNote {
    /// The signals a crash raises that a process can catch: a Swift trap (`SIGILL`, or `SIGTRAP` on
    /// ARM), a bad memory access, `abort()`, an arithmetic fault.
    static var signals: [Int32] { [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] }
    /// How many rows the table of open files has.
    static var capacity: Int { 16 }
    /// How long a fatal signal waits for a writer, in waits of a millisecond.
    static var patience: Int { 1_000 }

    /// The table of open files: ``capacity`` rows, allocated once when the first file opens.
    var files: UnsafeMutablePointer<NotedFile>?
    /// The action each of ``signals`` had before, in that order; nil until the handler is installed.
    var previous: UnsafeMutablePointer<sigaction>?

    /// The table, allocated the first time. On the main actor.
    static var files: UnsafeMutablePointer<NotedFile> {
        if let files = fatalSignalNote.files { return files }
        // SAFETY: Sound because the table is allocated once per process and never freed: a handler
        // may read it at any moment, on any thread, until the process ends.
        let files = UnsafeMutablePointer<NotedFile>.allocate(capacity: capacity)
        files.initialize(repeating: NotedFile(), count: capacity)
        fatalSignalNote.files = files
        return files
    }

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
// finds the files to note the signal in, and the handlers to hand the signal back to.
//
// SAFETY: Sound because only the main actor writes it and its table (when a surviving log opens or
// closes), each field a single aligned word, and the handler only reads them, but for the signal's
// field in each open file's header: a handler running on another thread while the main actor writes
// reads the old word or the new one, and either header is mapped, since a file's row is cleared
// before its mapping can end (its writer thread and its log hold it until both have finished). (A
// handler on another thread that read a row just as the main actor cleared it and the file's writer
// ended could read an unmapped header: a fault inside the handler, which then ends the process as
// the first signal would have.) Exclusivity is not checked: a handler may interrupt the main actor's
// access, and checking it would call into the runtime.
@exclusivity(unchecked) nonisolated(unsafe) private var fatalSignalNote = FatalSignalNote()

/// The handler: notes the signal in every open file, waits for their writers, puts back the action
/// the signal had before, and raises it again, which takes effect once the handler returns (the
/// signal is blocked while it runs).
private func noteFatalSignal(_ number: Int32) {
    if let files = fatalSignalNote.files {
        for row in 0..<FatalSignalNote.capacity {
            files[row].signalField?.storeBytes(of: number.littleEndian, as: Int32.self)
        }
        let me = SurvivingLog.currentThreadIdentity()
        for row in 0..<FatalSignalNote.capacity where files[row].signalField != nil && files[row].writer != me
        {
            awaitWriter(of: files[row])
        }
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

/// Waits, a millisecond at a time and at most ``FatalSignalNote/patience`` times, until the file's
/// writer has written every entry handed over.
private func awaitWriter(of file: NotedFile) {
    guard let handedOver = file.handedOverField, let written = file.lastWrittenField else { return }
    var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    for _ in 0..<FatalSignalNote.patience {
        // Both words are read whole: each is aligned, and written with a single store.
        guard written.load(as: UInt64.self) < handedOver.load(as: UInt64.self) else { return }
        nanosleep(&pause, nil)
    }
}
