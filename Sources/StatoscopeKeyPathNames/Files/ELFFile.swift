import Foundation

/// A 64-bit little-endian ELF file mapped read-only: just enough to list its symbols.
struct ELFFile {
    private let file: MappedFile
    private var bytes: UnsafeRawBufferPointer { file.bytes }

    /// Maps the file; nil when it cannot be read or is not a 64-bit little-endian ELF file.
    init?(path: String) {
        guard let file = MappedFile(path: path, minimumSize: 64) else { return nil }
        let magic: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1]
        guard file.bytes.prefix(6).elementsEqual(magic) else {
            file.close()
            return nil
        }
        self.file = file
    }

    /// Unmaps the file.
    func close() {
        file.close()
    }

    private func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T? {
        bytes.integer(T.self, at: offset)
    }

    /// The lowest address a loadable segment asks for, rounded down to its page: what the loader
    /// maps the file's first byte at, less the load bias.
    var lowestLoadAddress: UInt? {
        guard let table = read(UInt64.self, at: 0x20).flatMap(Int.init(exactly:)),
            let entrySize = read(UInt16.self, at: 0x36), let count = read(UInt16.self, at: 0x38)
        else { return nil }
        var lowest: UInt64?
        for index in 0..<Int(count) {
            let entry = table.addingReportingOverflow(index * Int(entrySize))
            guard !entry.overflow, read(UInt32.self, at: entry.partialValue) == 1,
                let address = read(UInt64.self, at: entry.partialValue + 16)
            else { continue }
            lowest = min(lowest ?? address, address)
        }
        return lowest.map { UInt($0) & ~UInt(0xFFF) }
    }

    /// The defined Swift symbols of `.symtab` and `.dynsym` whose mangled names end with `suffix`, by
    /// address.
    func swiftSymbols(endingWith suffix: String) -> [UInt: String] {
        let suffix = Array(suffix.utf8)
        guard let table = read(UInt64.self, at: 0x28).flatMap(Int.init(exactly:)),
            let entrySize = read(UInt16.self, at: 0x3A), let count = read(UInt16.self, at: 0x3C)
        else { return [:] }
        func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int, entrySize: Int)? {
            let header = table.addingReportingOverflow(index * Int(entrySize))
            guard !header.overflow, header.partialValue <= bytes.count,
                let type = read(UInt32.self, at: header.partialValue + 4),
                let offset = read(UInt64.self, at: header.partialValue + 24).flatMap(Int.init(exactly:)),
                let size = read(UInt64.self, at: header.partialValue + 32).flatMap(Int.init(exactly:)),
                let link = read(UInt32.self, at: header.partialValue + 40),
                let entrySize = read(UInt64.self, at: header.partialValue + 56).flatMap(Int.init(exactly:)),
                offset <= bytes.count, size <= bytes.count - offset
            else { return nil }
            return (type, offset, size, Int(link), entrySize)
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
                    let value = read(UInt64.self, at: entry + 8), value != 0,
                    let name = bytes.swiftSymbol(
                        at: names.offset + Int(nameOffset), tableEnd: names.offset + names.size,
                        suffix: suffix)
                else { continue }
                found[UInt(value)] = name
            }
        }
        return found
    }
}
