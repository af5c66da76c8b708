import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's resident memory, where the platform says; nil elsewhere.
///
/// Freed memory is usually kept by the allocator, so a single reading says little; a workload that
/// runs again and again at a flat resident size is giving back what it takes.
enum ResidentMemory {
    static var bytes: Int? {
        // AddressSanitizer holds freed memory in quarantine on purpose, so the resident size says
        // nothing there; LeakSanitizer checks the same promise exactly instead.
        guard !isAddressSanitized else { return nil }
        #if os(Linux)
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
                let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }

    /// Whether AddressSanitizer is loaded in this process.
    static var isAddressSanitized: Bool {
        #if canImport(Glibc)
            return dlsym(nil, "__asan_init") != nil
        #else
            return false
        #endif
    }
}
