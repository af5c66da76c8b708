import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A 64-bit little-endian ELF file mapped read-only: just enough to list its symbols.
struct ELFFile {
    // SAFETY: Sound because the buffer is exactly the read-only mapping `init` made, and every read
    // goes through `read(_:at:)`, which checks the bounds; the mapping is unmapped only by `close()`,
    // which its one user calls when done with the file, after copying what it kept.
    private let bytes: UnsafeRawBufferPointer

    /// Maps the file; nil when it cannot be read or is not a 64-bit little-endian ELF file.
    init?(path: String) {
        #if canImport(Glibc)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { _ = Glibc.close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_size > 64 else { return nil }
            let size = Int(status.st_size)
            guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED
            else { return nil }
            // SAFETY: Sound because `mmap` returned a readable mapping of exactly `size` bytes, which
            // this buffer describes until `close()` unmaps it.
            bytes = UnsafeRawBufferPointer(start: start, count: size)
            let magic: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1]
            guard bytes.prefix(6).elementsEqual(magic) else {
                munmap(start, size)
                return nil
            }
        #else
            return nil
        #endif
    }

    /// Unmaps the file.
    func close() {
        #if canImport(Glibc)
            // SAFETY: Sound because this unmaps exactly the mapping `init` made; `munmap` only reads
            // the address, and the file's one user calls this once, when done with the file.
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        #endif
    }

    private func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T? {
        guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return nil }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The lowest address a loadable segment asks for, rounded down to its page: what the loader
    /// maps the file's first byte at, less the load bias.
    var lowestLoadAddress: UInt? {
        guard let table = read(UInt64.self, at: 0x20), let entrySize = read(UInt16.self, at: 0x36),
            let count = read(UInt16.self, at: 0x38)
        else { return nil }
        var lowest: UInt64?
        for index in 0..<Int(count) {
            let entry = Int(table) + index * Int(entrySize)
            guard read(UInt32.self, at: entry) == 1, let address = read(UInt64.self, at: entry + 16) else {
                continue
            }
            lowest = min(lowest ?? address, address)
        }
        return lowest.map { UInt($0) & ~UInt(0xFFF) }
    }

    /// The defined Swift symbols of `.symtab` and `.dynsym` whose mangled names end with `suffix`, by
    /// address. Names are tested as bytes, so only the few kept become strings: a test binary holds
    /// hundreds of thousands of symbols.
    func swiftSymbols(endingWith suffix: String) -> [UInt: String] {
        let suffix = Array(suffix.utf8)
        guard let table = read(UInt64.self, at: 0x28), let entrySize = read(UInt16.self, at: 0x3A),
            let count = read(UInt16.self, at: 0x3C)
        else { return [:] }
        func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int, entrySize: Int)? {
            let header = Int(table) + index * Int(entrySize)
            guard let type = read(UInt32.self, at: header + 4),
                let offset = read(UInt64.self, at: header + 24),
                let size = read(UInt64.self, at: header + 32), let link = read(UInt32.self, at: header + 40),
                let entrySize = read(UInt64.self, at: header + 56)
            else { return nil }
            return (type, Int(offset), Int(size), Int(link), Int(entrySize))
        }
        var found: [UInt: String] = [:]
        for index in 0..<Int(count) {
            // SHT_SYMTAB (2) and SHT_DYNSYM (11), with 24-byte entries.
            guard let symbols = section(index), symbols.type == 2 || symbols.type == 11,
                symbols.entrySize == 24, let names = section(symbols.link)
            else { continue }
            for entry in stride(from: symbols.offset, to: symbols.offset + symbols.size, by: 24) {
                guard let nameOffset = read(UInt32.self, at: entry), nameOffset != 0,
                    let sectionIndex = read(UInt16.self, at: entry + 6), sectionIndex != 0,
                    let value = read(UInt64.self, at: entry + 8), value != 0
                else { continue }
                let start = names.offset + Int(nameOffset)
                guard start < names.offset + names.size, start < bytes.count else { continue }
                // Cheap test before making a String: Swift symbols start with "$s".
                guard bytes[start] == 0x24, start + 1 < bytes.count, bytes[start + 1] == 0x73 else {
                    continue
                }
                let pointer = bytes.baseAddress!.advanced(by: start).assumingMemoryBound(to: CChar.self)
                let length = strnlen(pointer, bytes.count - start)
                guard length >= suffix.count, start + length < bytes.count,
                    bytes[(start + length - suffix.count)..<(start + length)].elementsEqual(suffix)
                else { continue }
                found[UInt(value)] = String(cString: pointer)
            }
        }
        return found
    }
}
