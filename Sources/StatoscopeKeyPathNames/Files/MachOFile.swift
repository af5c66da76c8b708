/// A Mach-O image read from its bytes: its segments and the names of its symbols, enough to name
/// key path getters on Apple platforms.
///
/// It reads 64-bit little-endian images (arm64, arm64e and x86_64), alone or as a slice of a
/// universal file. Everything is read from the bytes it is given, checked against their count
/// before it is read, so an image from anywhere (the running app's file, a test's fixture, a
/// truncated or made-up file) is read or refused with a ``Malformed`` error, never trusted.
package struct MachOFile: Sendable {
    /// Why bytes were refused, and where in them.
    package struct Malformed: Error, CustomStringConvertible, Equatable {
        package let description: String
    }

    /// One `LC_SEGMENT_64`: where it asks to be loaded, and where its bytes are.
    package struct Segment: Sendable, Equatable {
        package let name: String
        /// The address it asks for, before the loader's slide.
        package let address: UInt
        package let size: UInt
        /// Where its bytes start in the bytes read (a universal file's slice offset included).
        package let fileOffset: Int
        package let fileSize: Int
    }

    /// A section of instructions (`S_ATTR_PURE_INSTRUCTIONS` or `S_ATTR_SOME_INSTRUCTIONS`), where
    /// thunks are read: the rest of an executable segment holds headers and data.
    package struct CodeSection: Sendable, Equatable {
        /// The address it asks for, before the loader's slide.
        package let address: UInt
        package let size: Int
        /// Where its bytes start in the bytes read (a universal file's slice offset included).
        package let fileOffset: Int
    }

    /// `CPU_TYPE_ARM64`: arm64 and arm64e, told apart by their subtype.
    package static let arm64: Int32 = 0x0100_000C
    /// `CPU_TYPE_X86_64`.
    package static let x86_64: Int32 = 0x0100_0007
    /// `CPU_SUBTYPE_ARM64E`: arm64 with pointer authentication.
    package static let arm64eSubtype: Int32 = 2

    /// Where the image starts in the bytes read: past the header of a universal file.
    package let sliceOffset: Int
    package let cpuType: Int32
    /// Without the capability bits (`CPU_SUBTYPE_MASK`), such as arm64e's pointer authentication ABI.
    package let cpuSubtype: Int32
    package let segments: [Segment]
    package let code: [CodeSection]
    /// Defined Swift symbols whose names end with the suffix asked for, by the address they ask
    /// for: their names without Mach-O's leading underscore.
    package let symbols: [UInt: String]

    /// Reads the image in `bytes`: the one there, or, from a universal file, the slice of the CPU
    /// type `preferring` names (its subtype first), else the first slice.
    package init(
        bytes: UnsafeRawBufferPointer, preferring preferred: (type: Int32, subtype: Int32)? = nil,
        symbolsEndingWith suffix: String
    ) throws(Malformed) {
        guard let magic = bytes.integer(UInt32.self, at: 0, bigEndian: true) else {
            throw Malformed(description: "\(bytes.count) bytes are too few for a Mach-O header")
        }
        var slice = 0..<bytes.count
        switch magic {
        case 0xCAFE_BABE, 0xCAFE_BABF:
            slice = try Self.slice(ofUniversal: bytes, wide: magic == 0xCAFE_BABF, preferring: preferred)
        case 0xCFFA_EDFE: break
        case 0xCEFA_EDFE:
            throw Malformed(description: "a 32-bit Mach-O image: only 64-bit images are read")
        case 0xFEED_FACE, 0xFEED_FACF:
            throw Malformed(description: "a big-endian Mach-O image: only little-endian images are read")
        default:
            throw Malformed(description: "not a Mach-O image: it starts with 0x\(String(magic, radix: 16))")
        }
        try self.init(image: bytes, slice: slice, suffix: Array(suffix.utf8))
    }

    /// Reads the image in `bytes`, as ``init(bytes:preferring:symbolsEndingWith:)`` does.
    package init(
        bytes: [UInt8], preferring preferred: (type: Int32, subtype: Int32)? = nil,
        symbolsEndingWith suffix: String
    ) throws(Malformed) {
        // SAFETY: Sound because the buffer is used only inside the closure, and what is read is
        // copied out of it.
        let read = bytes.withUnsafeBytes { buffer in
            Result { () throws(Malformed) in
                try MachOFile(bytes: buffer, preferring: preferred, symbolsEndingWith: suffix)
            }
        }
        self = try read.get()
    }

    /// The bytes of the slice a universal file holds for the preferred CPU.
    private static func slice(
        ofUniversal bytes: UnsafeRawBufferPointer, wide: Bool,
        preferring preferred: (type: Int32, subtype: Int32)?
    ) throws(Malformed) -> Range<Int> {
        guard let count = bytes.integer(UInt32.self, at: 4, bigEndian: true) else {
            throw Malformed(description: "a universal file cut before its count of architectures")
        }
        guard count > 0 else { throw Malformed(description: "a universal file without architectures") }
        // `fat_arch` is five 32-bit fields; `fat_arch_64` has 64-bit offset and size, and a reserved field.
        let entrySize = wide ? 32 : 20
        guard Int(count) <= (bytes.count - 8) / entrySize else {
            throw Malformed(
                description: "a universal file of \(bytes.count) bytes cannot list \(count) architectures")
        }
        var slices: [(type: Int32, subtype: Int32, range: Range<Int>)] = []
        for index in 0..<Int(count) {
            let entry = 8 + index * entrySize
            let offset: UInt64?
            let size: UInt64?
            if wide {
                offset = bytes.integer(UInt64.self, at: entry + 8, bigEndian: true)
                size = bytes.integer(UInt64.self, at: entry + 16, bigEndian: true)
            } else {
                offset = bytes.integer(UInt32.self, at: entry + 8, bigEndian: true).map(UInt64.init)
                size = bytes.integer(UInt32.self, at: entry + 12, bigEndian: true).map(UInt64.init)
            }
            guard let type = bytes.integer(Int32.self, at: entry, bigEndian: true),
                let subtype = bytes.integer(Int32.self, at: entry + 4, bigEndian: true),
                let start = offset.flatMap(Int.init(exactly:)), let length = size.flatMap(Int.init(exactly:)),
                start <= bytes.count, length <= bytes.count - start
            else {
                throw Malformed(
                    description:
                        "architecture \(index) of the universal file lies outside its \(bytes.count) bytes")
            }
            slices.append((type, subtype & 0x00FF_FFFF, start..<(start + length)))
        }
        let chosen =
            slices.first { $0.type == preferred?.type && $0.subtype == preferred?.subtype }
            ?? slices.first { $0.type == preferred?.type } ?? slices[0]
        return chosen.range
    }

    /// Reads the thin image in `slice` of `bytes`.
    private init(image bytes: UnsafeRawBufferPointer, slice: Range<Int>, suffix: [UInt8]) throws(Malformed) {
        let base = slice.lowerBound
        // Reads inside the slice only: an offset the image gives is relative to its start.
        func read<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T? {
            guard offset >= 0, offset <= slice.count - MemoryLayout<T>.size else { return nil }
            return bytes.integer(type, at: base + offset)
        }
        guard read(UInt32.self, at: 0) == 0xFEED_FACF, let cpuType = read(Int32.self, at: 4),
            let cpuSubtype = read(Int32.self, at: 8), let commandCount = read(UInt32.self, at: 16),
            let commandsSize = read(UInt32.self, at: 20), slice.count >= 32
        else {
            throw Malformed(description: "the image's \(slice.count) bytes hold no 64-bit Mach-O header")
        }
        // The load commands follow the 32-byte header.
        let commandsEnd = 32 + Int(commandsSize)
        guard commandsEnd <= slice.count else {
            throw Malformed(
                description:
                    "the load commands' \(commandsSize) bytes run past the end of the image's \(slice.count)")
        }
        // Every command takes 8 bytes at least, which bounds the loop below whatever the count says.
        guard Int(commandCount) <= Int(commandsSize) / 8 else {
            throw Malformed(description: "\(commandCount) load commands cannot fit in \(commandsSize) bytes")
        }
        var segments: [Segment] = []
        var code: [CodeSection] = []
        var symbolTable: (offset: Int, count: Int, names: Int, namesSize: Int)?
        var cursor = 32
        for index in 0..<Int(commandCount) {
            guard let command = read(UInt32.self, at: cursor), let size = read(UInt32.self, at: cursor + 4),
                size >= 8, Int(size) <= commandsEnd - cursor
            else {
                throw Malformed(
                    description:
                        "load command \(index) at offset \(cursor) runs past the end of the load commands")
            }
            switch command {
            case 0x19:  // LC_SEGMENT_64
                guard size >= 72 else {
                    throw Malformed(description: "segment command \(index) is \(size) bytes, fewer than 72")
                }
                let name = (0..<16).compactMap { read(UInt8.self, at: cursor + 8 + $0) }.prefix { $0 != 0 }
                let segmentName = String(decoding: name, as: UTF8.self)
                guard let address = read(UInt64.self, at: cursor + 24).flatMap(UInt.init(exactly:)),
                    let length = read(UInt64.self, at: cursor + 32).flatMap(UInt.init(exactly:)),
                    let offset = read(UInt64.self, at: cursor + 40).flatMap(Int.init(exactly:)),
                    let fileSize = read(UInt64.self, at: cursor + 48).flatMap(Int.init(exactly:)),
                    let sectionCount = read(UInt32.self, at: cursor + 64),
                    offset <= slice.count, fileSize <= slice.count - offset
                else {
                    throw Malformed(
                        description: "segment \(segmentName)'s bytes lie outside the image's \(slice.count)")
                }
                segments.append(
                    Segment(
                        name: segmentName, address: address, size: length, fileOffset: base + offset,
                        fileSize: fileSize))
                // Each `section_64` takes 80 bytes after the command's 72.
                guard Int(sectionCount) <= (Int(size) - 72) / 80 else {
                    throw Malformed(
                        description:
                            "segment \(segmentName)'s \(sectionCount) sections do not fit in its command's \(size) bytes"
                    )
                }
                for section in 0..<Int(sectionCount) {
                    let header = cursor + 72 + section * 80
                    guard let flags = read(UInt32.self, at: header + 64), flags & 0x8000_0400 != 0 else {
                        continue
                    }
                    guard let start = read(UInt64.self, at: header + 32).flatMap(UInt.init(exactly:)),
                        let length = read(UInt64.self, at: header + 40).flatMap(Int.init(exactly:)),
                        let offset = read(UInt32.self, at: header + 48).map(Int.init),
                        offset <= slice.count, length <= slice.count - offset
                    else {
                        throw Malformed(
                            description:
                                "section \(section) of segment \(segmentName) lies outside the image's \(slice.count) bytes"
                        )
                    }
                    code.append(CodeSection(address: start, size: length, fileOffset: base + offset))
                }
            case 0x2:  // LC_SYMTAB
                guard size >= 24, let offset = read(UInt32.self, at: cursor + 8),
                    let count = read(UInt32.self, at: cursor + 12),
                    let names = read(UInt32.self, at: cursor + 16),
                    let namesSize = read(UInt32.self, at: cursor + 20)
                else {
                    throw Malformed(
                        description: "symbol table command \(index) is \(size) bytes, fewer than 24")
                }
                guard symbolTable == nil else {
                    throw Malformed(description: "load command \(index) is a second symbol table")
                }
                // Each `nlist_64` takes 16 bytes.
                guard Int(offset) <= slice.count, Int(count) <= (slice.count - Int(offset)) / 16 else {
                    throw Malformed(
                        description:
                            "the symbol table's \(count) entries at offset \(offset) run past the end of the image's \(slice.count) bytes"
                    )
                }
                guard Int(names) <= slice.count, Int(namesSize) <= slice.count - Int(names) else {
                    throw Malformed(
                        description:
                            "the string table's \(namesSize) bytes at offset \(names) run past the end of the image's \(slice.count) bytes"
                    )
                }
                symbolTable = (Int(offset), Int(count), Int(names), Int(namesSize))
            default: break
            }
            cursor += Int(size)
        }
        self.sliceOffset = base
        self.cpuType = cpuType
        self.cpuSubtype = cpuSubtype & 0x00FF_FFFF
        self.segments = segments
        self.code = code
        var symbols: [UInt: String] = [:]
        if let table = symbolTable {
            for index in 0..<table.count {
                let entry = table.offset + index * 16
                // `n_type`: debugging entries (`N_STAB`) are skipped, and only symbols defined in a
                // section (`N_SECT`) have an address.
                guard let nameOffset = read(UInt32.self, at: entry), nameOffset != 0,
                    Int(nameOffset) < table.namesSize, let type = read(UInt8.self, at: entry + 4),
                    type & 0xE0 == 0, type & 0x0E == 0x0E,
                    let value = read(UInt64.self, at: entry + 8).flatMap(UInt.init(exactly:)),
                    let name = bytes.swiftSymbol(
                        at: base + table.names + Int(nameOffset),
                        tableEnd: base + table.names + table.namesSize,
                        leading: [0x5F], suffix: suffix)
                else { continue }
                symbols[value] = name
            }
        }
        self.symbols = symbols
    }

    /// Where the image asks for its first byte to be loaded: the address of the segment that maps
    /// the start of the file (`__TEXT`). The loader's slide is where the header is, less this.
    package var headerAddress: UInt? {
        segments.first { $0.fileOffset == sliceOffset && $0.fileSize > 0 }?.address
    }

    /// The instructions of its code, for following thunks.
    package var architecture: TailJump.Architecture? {
        switch cpuType {
        case Self.arm64: .arm64
        case Self.x86_64: .x86_64
        default: nil
        }
    }

    /// Where, in the bytes read, the code at `address` (as the image asks for it) is, up to the end
    /// of its section; nil outside the sections of instructions.
    package func codeBytes(at address: UInt) -> Range<Int>? {
        for section in code where address >= section.address && address - section.address < UInt(section.size)
        {
            let start = section.fileOffset + Int(address - section.address)
            return start..<(section.fileOffset + section.size)
        }
        return nil
    }

    /// Its key path getters, loaded `slide` bytes above the addresses they ask for.
    package func getterImage(slide: UInt) -> GetterImage {
        GetterImage(
            getters: symbols, slide: slide, architecture: architecture,
            addressBits: cpuType == Self.arm64 ? GetterImage.appleARM64AddressBits : ~0)
    }
}
