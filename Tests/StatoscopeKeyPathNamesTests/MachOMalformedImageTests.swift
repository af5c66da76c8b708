import Foundation
import StatoscopeKeyPathNames
import StatoscopeTestSupport
import Testing

// A Mach-O image is read from bytes that the reader does not trust: truncated headers, offsets and
// counts that point outside the file are refused with what and where, never read, and nothing traps.

@Suite struct MachOMalformedImageTests {
    private static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try MachOFile(bytes: bytes, symbolsEndingWith: "TK")
            return nil
        } catch {
            return error.description
        }
    }

    /// The arm64 fixture with `change` made to it.
    private static func arm64(_ change: (inout [UInt8]) -> Void) throws -> [UInt8] {
        var bytes = try MachOFixture.arm64.bytes
        change(&bytes)
        return bytes
    }

    @Test func headersThatAreNotOnesAreRefusedByName() throws {
        #expect(Self.refusal([]) == "0 bytes are too few for a Mach-O header")
        #expect(Self.refusal(Array("#!/bin/sh\n".utf8)) == "not a Mach-O image: it starts with 0x23212f62")
        #expect(
            Self.refusal([0xCE, 0xFA, 0xED, 0xFE, 0, 0, 0, 0])
                == "a 32-bit Mach-O image: only 64-bit images are read")
        #expect(
            Self.refusal([0xFE, 0xED, 0xFA, 0xCF, 0, 0, 0, 0])
                == "a big-endian Mach-O image: only little-endian images are read")
        let truncated = Array(try MachOFixture.arm64.bytes.prefix(20))
        #expect(Self.refusal(truncated) == "the image's 20 bytes hold no 64-bit Mach-O header")
    }

    @Test func loadCommandsOutsideTheImageAreRefused() throws {
        let cut = Array(try MachOFixture.arm64.bytes.prefix(200))
        #expect(Self.refusal(cut) == "the load commands' 480 bytes run past the end of the image's 200")
        let manyCommands = try Self.arm64 { $0.store(UInt32.max, at: 16) }
        #expect(Self.refusal(manyCommands) == "4294967295 load commands cannot fit in 480 bytes")
        let hugeCommand = try Self.arm64 { $0.store(UInt32(0xFFFF_FFF0), at: 36) }
        #expect(
            Self.refusal(hugeCommand) == "load command 0 at offset 32 runs past the end of the load commands")
        let emptyCommand = try Self.arm64 { $0.store(UInt32(0), at: 36) }
        #expect(
            Self.refusal(emptyCommand) == "load command 0 at offset 32 runs past the end of the load commands"
        )
    }

    @Test func segmentsAndSectionsOutsideTheImageAreRefused() throws {
        // The first command is `__TEXT`'s LC_SEGMENT_64, at offset 32.
        let farSegment = try Self.arm64 { $0.store(UInt64.max - 8, at: 32 + 40) }
        #expect(Self.refusal(farSegment) == "segment __TEXT's bytes lie outside the image's 16896")
        let longSegment = try Self.arm64 { $0.store(UInt64(1 << 40), at: 32 + 48) }
        #expect(Self.refusal(longSegment) == "segment __TEXT's bytes lie outside the image's 16896")
        let manySections = try Self.arm64 { $0.store(UInt32.max, at: 32 + 64) }
        #expect(
            Self.refusal(manySections)
                == "segment __TEXT's 4294967295 sections do not fit in its command's 152 bytes")
        // Its one section, `__text`, starts 72 bytes in: its size and file offset.
        let longCode = try Self.arm64 { $0.store(UInt64.max, at: 32 + 72 + 40) }
        #expect(Self.refusal(longCode) == "section 0 of segment __TEXT lies outside the image's 16896 bytes")
        let farCode = try Self.arm64 { $0.store(UInt32(0xFFFF_0000), at: 32 + 72 + 48) }
        #expect(Self.refusal(farCode) == "section 0 of segment __TEXT lies outside the image's 16896 bytes")
    }

    @Test func symbolTablesOutsideTheImageAreRefused() throws {
        let bytes = try MachOFixture.arm64.bytes
        let symtab = try #require(loadCommandOffset(0x2, in: bytes))
        let farSymbols = try Self.arm64 { $0.store(UInt32(0xFFFF_FF00), at: symtab + 8) }
        #expect(
            Self.refusal(farSymbols)
                == "the symbol table's 3 entries at offset 4294967040 run past the end of the image's 16896 bytes"
        )
        let manySymbols = try Self.arm64 { $0.store(UInt32.max, at: symtab + 12) }
        #expect(
            Self.refusal(manySymbols)?.hasPrefix("the symbol table's 4294967295 entries at offset") == true)
        let farNames = try Self.arm64 { $0.store(UInt32(0xFFFF_FF00), at: symtab + 16) }
        #expect(Self.refusal(farNames)?.hasPrefix("the string table's 96 bytes at offset 4294967040") == true)
        let longNames = try Self.arm64 { $0.store(UInt32.max, at: symtab + 20) }
        #expect(Self.refusal(longNames)?.hasPrefix("the string table's 4294967295 bytes") == true)
        let shortCommand = try Self.arm64 { $0.store(UInt32(16), at: symtab + 4) }
        #expect(Self.refusal(shortCommand) == "symbol table command 3 is 16 bytes, fewer than 24")
    }

    @Test func namesOutsideTheirTableAreSkipped() throws {
        let bytes = try MachOFixture.arm64.bytes
        let symtab = try #require(loadCommandOffset(0x2, in: bytes))
        let symbols = Int(bytes.integer(UInt32.self, at: symtab + 8))
        let names = Int(bytes.integer(UInt32.self, at: symtab + 16))
        let namesSize = Int(bytes.integer(UInt32.self, at: symtab + 20))
        func symbolsRead(_ bytes: [UInt8]) throws -> [UInt: String] {
            try MachOFile(bytes: bytes, symbolsEndingWith: "TK").symbols
        }
        // A name's offset past its table: that symbol is skipped, the others read.
        let tapCountEntry = try #require(
            (0..<3).map { symbols + $0 * 16 }.first { entry in
                bytes.integer(UInt64.self, at: entry + 8)
                    == UInt64(MachOFixture.tapCountGetter)
            })
        let farName = try Self.arm64 { $0.store(UInt32(namesSize + 1), at: tapCountEntry) }
        #expect(try symbolsRead(farName) == [MachOFixture.titleGetter: MachOFixture.titleSymbol])
        // A table that ends inside a name: that name is skipped, not read past the table.
        let tapCountName = try #require(
            bytes[names..<(names + namesSize)].firstRange(of: Array("_\(MachOFixture.tapCountSymbol)".utf8)))
        let unterminated = try Self.arm64 {
            $0.store(UInt32(tapCountName.lowerBound - names + 10), at: symtab + 20)
        }
        #expect(try symbolsRead(unterminated)[MachOFixture.tapCountGetter] == nil)
    }

    @Test func universalFilesOutsideTheirBytesAreRefused() throws {
        let bytes = try MachOFixture.universal.bytes
        var none = bytes
        none.store(UInt32(0), at: 4, bigEndian: true)
        #expect(Self.refusal(none) == "a universal file without architectures")
        #expect(
            Self.refusal(Array(bytes.prefix(6))) == "a universal file cut before its count of architectures")
        var many = bytes
        many.store(UInt32.max, at: 4, bigEndian: true)
        #expect(Self.refusal(many) == "a universal file of 66048 bytes cannot list 4294967295 architectures")
        var far = bytes
        far.store(UInt32.max, at: 8 + 8, bigEndian: true)
        #expect(Self.refusal(far) == "architecture 0 of the universal file lies outside its 66048 bytes")
        var long = bytes
        long.store(UInt32.max, at: 8 + 12, bigEndian: true)
        #expect(Self.refusal(long) == "architecture 0 of the universal file lies outside its 66048 bytes")
        // A universal file inside a universal file is no image.
        var nested = bytes
        let slice = Int(bytes.integer(UInt32.self, at: 16, bigEndian: true))
        nested.replaceSubrange(slice..<(slice + 4), with: [0xCA, 0xFE, 0xBA, 0xBE])
        #expect(Self.refusal(nested)?.hasSuffix("bytes hold no 64-bit Mach-O header") == true)
    }

    @Test func everyTruncationAndScrambleIsReadOrRefusedWithoutATrap() throws {
        let arm64 = try MachOFixture.arm64.bytes
        for length in 0..<arm64.count {
            _ = Self.refusal(Array(arm64.prefix(length)))
        }
        let universal = try MachOFixture.universal.bytes
        for length in stride(from: 0, to: universal.count, by: 7) {
            _ = Self.refusal(Array(universal.prefix(length)))
        }
        // Bytes of the header, load commands and symbol table scrambled, from a fixed seed.
        var random = SplitMix64(state: 0x5EED)
        let symtab = try #require(loadCommandOffset(0x2, in: arm64))
        let symbols = Int(arm64.integer(UInt32.self, at: symtab + 8))
        let regions = [0..<512, symbols..<(symbols + 48), (arm64.count - 96)..<arm64.count]
        for _ in 0..<3_000 {
            var bytes = arm64
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let region = regions[Int(random.next() % UInt64(regions.count))]
                let offset = region.lowerBound + Int(random.next() % UInt64(region.count))
                bytes[offset] = UInt8(truncatingIfNeeded: random.next())
            }
            let image = try? MachOImageBytes(bytes: bytes, slide: 0x1_0000_0000)
            for address in [MachOFixture.tapCountGetter, MachOFixture.thunk, 0, 0x4000] {
                if let name = image?.mangledGetter(at: 0x1_0000_0000 + address) {
                    #expect(name.hasPrefix("$s") && name.hasSuffix("TK"))
                }
            }
        }
    }
}
