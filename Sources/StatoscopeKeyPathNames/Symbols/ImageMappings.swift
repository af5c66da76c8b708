import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which file of the process is mapped at an address, read from `/proc/self/maps`.
enum ImageMappings {
    struct Mapping {
        /// The file's absolute path.
        let path: String
        /// Where the file's first byte is mapped.
        let base: UInt
        /// The executable ranges of the file, where reading code is safe.
        let code: [Range<UInt>]

    }

    /// The file mapped at `address`, with where its start is mapped; nil outside any file or where
    /// `/proc` is missing.
    static func containing(_ address: UInt) -> Mapping? {
        guard let maps = readWhole("/proc/self/maps") else { return nil }
        var bases: [Substring: UInt] = [:]
        var code: [Substring: [Range<UInt>]] = [:]
        var found: Substring?
        for line in maps.split(separator: "\n") {
            // start-end perms offset dev inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].drop { $0 == " " }
            guard path.hasPrefix("/") else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16),
                let end = UInt(range[1], radix: 16),
                let offset = UInt(fields[2], radix: 16)
            else { continue }
            if offset == 0, bases[path] == nil { bases[path] = start }
            if fields[1].hasPrefix("r"), fields[1].contains("x"), start < end {
                code[path, default: []].append(start..<end)
            }
            if start <= address, address < end { found = path }
        }
        guard let found, let base = bases[found] else { return nil }
        return Mapping(path: String(found), base: base, code: code[found] ?? [])
    }

    /// The whole of a `/proc` file. Such files report a size of zero and are produced as they are
    /// read, so they are read until the end: `String(contentsOfFile:)` can return only their start,
    /// which under ThreadSanitizer's many mappings misses the binary itself.
    private static func readWhole(_ path: String) -> String? {
        #if canImport(Glibc)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                // SAFETY: Sound because `read` writes at most the chunk's own count into it, and the
                // pointer is used only inside the closure.
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return String(decoding: bytes, as: UTF8.self)
        #else
            return nil
        #endif
    }
}
