import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's peak resident memory, as Linux reports it in /proc/self/status.
///
/// The peak (VmHWM) only ever grows, so a measurement resets it to the current resident size first
/// (writing 5 to /proc/self/clear_refs) and subtracts what was resident before; memory freed by an
/// earlier measurement is handed back to the system first, or the next one would reuse it unseen.
enum PeakMemory {
    /// Hands freed memory back to the system and restarts the peak from the current resident size.
    /// Returns the resident size the peak now starts from, or nil where /proc is not there.
    static func restart() -> Int? {
        trimHeap()
        if let clearRefs = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            clearRefs.write(Data("5".utf8))
            try? clearRefs.close()
        }
        return field("VmHWM")
    }

    /// The peak resident size since the last restart, in bytes.
    static func peak() -> Int? {
        field("VmHWM")
    }

    /// The current resident size, in bytes.
    static func resident() -> Int? {
        field("VmRSS")
    }

    /// glibc's `malloc_trim(0)`, which Swift's Glibc module does not declare: looked up by name.
    private static func trimHeap() {
        #if canImport(Glibc)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return nil
        }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
            return kilobytes.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
